import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import * as c from '@solar/shared/contracts/trust';
import { ACCREDITATION_LIMITS, REVIEW_LIMITS } from '@solar/shared/constants/trust';
import { bind } from '../../plugins/routes';
import { perAccount } from '../../plugins/rate-limit';
import { sendDownload } from '../../plugins/downloads';
import * as accreditations from './accreditations.service';
import { readAccreditationUpload } from './accreditations.uploads';
import * as company from './company-checks.service';
import * as contracts from './public-contracts.service';
import * as reviews from './reviews.service';

const HOUR = 3_600_000;
const ok = <T>(data: T) => ({ success: true as const, data });

/** Trust you can check (docs/product/trust.md): company checks, accreditations, reviews, public contracts, buyers. */
export async function trustRoutes(app: FastifyInstance) {
  const ctx = app.ctx;
  bind(app, c.getProviderCompany, async ({ params, user }) => ok(await company.getCompany(ctx, user!, params.id)));
  bind(app, c.updateProviderCompany, async ({ params, body, user }) => ok(await company.updateCompany(ctx, user!, params.id, body)), {
    limits: [perAccount('company-number', 20, HOUR)],
  });
  bind(app, c.recheckProviderCompany, async ({ params }) => ok(await company.recheckCompany(ctx, params.id)));

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: ACCREDITATION_LIMITS.evidenceMaxBytes, files: 1, fields: 10, parts: 12 } });
    bind(
      scope,
      c.createProviderAccreditation,
      async (request, reply) => {
        // Whose profile it is comes first: a stranger's upload is refused before it is read.
        const data = await accreditations.createAccreditation(ctx, request.user!, request.params.id, () => readAccreditationUpload(request as unknown as FastifyRequest));
        return reply.code(201).send(ok(data));
      },
      { limits: [perAccount('accreditation-create', 30, HOUR)] },
    );
  });
  bind(app, c.listProviderAccreditations, async ({ params, user }) => ok(await accreditations.listAccreditations(ctx, user!, params.id)));
  bind(app, c.deleteProviderAccreditation, async ({ params, user }) => {
    await accreditations.deleteAccreditation(ctx, user!, params.id, params.accreditationId);
    return { success: true as const };
  });
  bind(app, c.downloadAccreditationEvidence, async ({ params, user }, reply) => {
    const file = await accreditations.openEvidence(ctx, user!, params.id, params.accreditationId);
    return sendDownload(reply, file);
  });
  bind(app, c.listAdminAccreditations, async ({ query }) => accreditations.listForAdmin(ctx, query));
  bind(app, c.verifyAccreditation, async ({ params, body, user }) => ok(await accreditations.verify(ctx, user!, params.id, body)));

  bind(app, c.listProviderReviews, async ({ params, query }) => reviews.listProviderReviews(ctx, params.id, query.page));
  bind(app, c.listReviewableWork, async ({ user }) => ok(await reviews.listReviewableWork(ctx, user!)));
  bind(
    app,
    c.createReview,
    async ({ body, user }, reply) => reply.code(201).send(ok(await reviews.createReview(ctx, user!, body))),
    { limits: [perAccount('review-create', REVIEW_LIMITS.perHour, HOUR)] },
  );
  bind(app, c.replyToReview, async ({ params, body, user }) => ok(await reviews.replyToReview(ctx, user!, params.id, body.reply)));
  bind(
    app,
    c.flagReview,
    async ({ params, body, user }) => {
      await reviews.flagReview(ctx, user!, params.id, body.reason);
      return { success: true as const, message: 'Thank you. An admin will look at this review.' };
    },
    { limits: [perAccount('review-flag', 20, HOUR)] },
  );
  bind(app, c.listAdminReviews, async ({ query }) => reviews.listForAdmin(ctx, query));
  bind(app, c.moderateReview, async ({ params, body, user }) => ok(await reviews.moderateReview(ctx, user!, params.id, body)));

  bind(app, c.listSupplierSuggestions, async ({ query }) => contracts.listSuggestions(ctx, query.page));
  bind(app, c.decideSupplierMatch, async ({ body, user }) => {
    await contracts.decideMatch(ctx, user!, body);
    return { success: true as const };
  });
  bind(app, c.createSupplierProfile, async ({ body, user }, reply) => reply.code(201).send(ok(await contracts.createSupplierProfile(ctx, user!, body))));
  bind(app, c.listBuyers, async ({ query }) => contracts.listBuyers(ctx, query.page));
  bind(app, c.getBuyer, async ({ params }) => ok(await contracts.getBuyer(ctx, params.slug)));
}
