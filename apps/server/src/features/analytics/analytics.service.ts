import { stripTrackingParams } from '@solar/shared/domain/tracking';
import type { AppContext } from '../../plugins/context';
import * as repo from './analytics.repository';

/** POST /api/analytics/pageview: stored without tracking parameters or the referrer's query. */
export async function recordPageView(ctx: Pick<AppContext, 'database' | 'clock'>, body: { path: string; referrer?: string }, userId: string | null): Promise<void> {
  await repo.insertPageView(ctx.database, {
    path: stripTrackingParams(body.path),
    referrer: body.referrer ? stripReferrer(body.referrer) : null,
    userId,
    createdAt: ctx.clock.now(),
  });
}

/** Keeps the referrer's origin and path only: its query may carry tracking ids or tokens. */
function stripReferrer(referrer: string): string | null {
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}` : null;
  } catch {
    return null;
  }
}
