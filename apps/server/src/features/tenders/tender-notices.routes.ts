import type { FastifyInstance } from 'fastify';
import { markNoticeNotRelevant } from '@solar/shared/contracts/tender-notices';
import { perAccount } from '../../plugins/rate-limit';
import { bind } from '../../plugins/routes';
import { markNoticeNotRelevant as markNotRelevant } from './tender-notices.service';

/** Imported notices' admin action (decision 0462). */
export function tenderNoticesRoutes(app: FastifyInstance) {
  const { ctx } = app;
  bind(app, markNoticeNotRelevant, async ({ user, params }) => ({ success: true as const, data: await markNotRelevant(ctx, user!, params.id) }), {
    limits: [perAccount('admin-notice-not-relevant', 300, 60_000)],
  });
}
