import type { FastifyInstance } from 'fastify';
import {
  declareTenderInterest,
  getTenderCriteria,
  getTenderEvaluation,
  inviteTenderEvaluator,
  listEvaluatingTenders,
  listTenderEvaluators,
  removeTenderEvaluator,
  scoreTenderResponse,
  updateTenderCriteria,
} from '@solar/shared/contracts/tender-evaluation';
import {
  getTenderPricingSchedule,
  getTenderResponsePrices,
  submitTenderResponsePrices,
  updateTenderPricingSchedule,
} from '@solar/shared/contracts/tender-pricing';
import { TENDER_EVALUATION_LIMITS as EL } from '@solar/shared/constants/tender-evaluation';
import { TENDER_LIFECYCLE_RATE_LIMIT as L } from '@solar/shared/constants/tender-lifecycle';
import { bind } from '../../plugins/routes';
import { perAccount } from '../../plugins/rate-limit';
import * as evaluation from './tender-evaluation.service';
import * as pricing from './tender-pricing.service';

const HOUR = 3_600_000;
// The lifecycle's budgets by name (decision 0405): plan changes are owner actions, prices are responses.
const ownerLimits = { limits: [perAccount('tender-owner-account', L.ownerActionsPerAccountPerHour, HOUR)] };
const responseLimits = { limits: [perAccount('tender-response-account', L.responsesPerAccountPerHour, HOUR)] };
const scoreLimits = { limits: [perAccount('tender-score-account', EL.scoresPerAccountPerHour, HOUR)] };

/** A tender's evaluation and pricing schedule (issue 27, part B; decisions 0518–0521). */
export function tenderEvaluationRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  const ok = <T>(data: T) => ({ success: true as const, data });

  bind(app, getTenderCriteria, async ({ params, user }) => ok(await evaluation.getCriteria(ctx, user ?? null, params.id)));
  bind(app, updateTenderCriteria, async ({ params, body, user }) => ({ success: true as const, ...(await evaluation.updateCriteria(ctx, user!, params.id, body)) }), ownerLimits);

  bind(app, listEvaluatingTenders, async ({ user }) => ok(await evaluation.listEvaluating(ctx, user!)));
  bind(app, listTenderEvaluators, async ({ params, user }) => ok(await evaluation.listEvaluators(ctx, user!, params.id)));
  bind(
    app,
    inviteTenderEvaluator,
    async ({ params, body, user }, reply) => reply.code(201).send({ success: true as const, ...(await evaluation.inviteEvaluator(ctx, user!, params.id, body.email)) }),
    { limits: [perAccount('tender-evaluator-account', EL.evaluatorInvitesPerAccountPerHour, HOUR)] },
  );
  bind(app, removeTenderEvaluator, async ({ params, user }) => ({ success: true as const, message: await evaluation.removeEvaluator(ctx, user!, params.id, params.evaluatorId) }), ownerLimits);
  bind(app, declareTenderInterest, async ({ params, body, user }) => ({ success: true as const, message: await evaluation.declareInterest(ctx, user!, params.id, body) }), scoreLimits);
  bind(app, getTenderEvaluation, async ({ params, user }) => ok(await evaluation.getEvaluation(ctx, user!, params.id)));
  bind(
    app,
    scoreTenderResponse,
    async ({ params, body, user }) => ({ success: true as const, message: await evaluation.scoreResponse(ctx, user!, params.id, params.responseId, body) }),
    scoreLimits,
  );

  bind(app, getTenderPricingSchedule, async ({ params, user }) => ok(await pricing.getSchedule(ctx, user ?? null, params.id)));
  bind(app, updateTenderPricingSchedule, async ({ params, body, user }) => ({ success: true as const, ...(await pricing.updateSchedule(ctx, user!, params.id, body)) }), ownerLimits);
  bind(app, getTenderResponsePrices, async ({ params, user }) => ok(await pricing.getPrices(ctx, user!, params.id, params.responseId)));
  bind(
    app,
    submitTenderResponsePrices,
    async ({ params, body, user }) => ({ success: true as const, ...(await pricing.submitPrices(ctx, user!, params.id, params.responseId, body)) }),
    responseLimits,
  );
}
