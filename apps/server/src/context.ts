import path from 'node:path';
import type { Logger } from 'pino';
import { SHARED_RATE_LIMIT } from '@solar/shared/constants/http';
import { openDatabase, type DatabaseConfig } from './db/client';
import type { Env } from './env';
import { ASSET_POINT_LIMIT, ASSET_WIDE_VIEW_POINT_LIMIT } from '@solar/shared/constants/assets';
import type { AppContext, AssetMapLimits } from './plugins/context';
import { systemClock, type Clock } from './platform/clock';
import { JobRunner } from './platform/jobs';
import { createMailer } from './platform/mail';
import type { DeliveryOptions } from './platform/mail-delivery';
import { createLocalStorage, createS3Storage } from './platform/storage';
import { purgeEndedRateLimitWindows } from './platform/rate-limit-store';
import { purgeUnownedFiles } from './platform/stored-files';
import { purgeExpiredSessions } from './plugins/auth';
import { runAccountJobs } from './features/accounts/accounts.jobs';
import { registerTenderJobs } from './features/tenders/tender-alerts.job';
import { registerTenderBidderJobs } from './features/tenders/tender-bidders.job';
import { registerAlertJobs } from './features/alerts/alerts.job';
import { registerRepdFeedJob } from './features/assets/repd-feed.job';
import { registerTenderFeedJobs } from './features/tenders/feeds/tender-feeds.job';
import { registerTrustJobs } from './features/trust/trust.jobs';

/** Opens the database and builds the services every feature shares. */
export async function createContext(
  env: Env,
  log: Logger,
  clock: Clock = systemClock,
  options: Pick<DatabaseConfig, 'logQuery'> & { mailDelivery?: Partial<DeliveryOptions>; assetMap?: Partial<AssetMapLimits> } = {},
): Promise<AppContext> {
  const database = await openDatabase({
    logQuery: options.logQuery,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, 'pgdata'),
    onError: (err) => log.error({ err }, 'database connection error'),
  });
  const jobs = new JobRunner(database, clock, log);
  const ctx: AppContext = {
    env,
    database,
    clock,
    log,
    jobs,
    // The outbox worker starts after the migrations (server.ts), not here.
    mailer: createMailer({
      database,
      clock,
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      publicUrl: env.PUBLIC_URL,
      log,
      outboxDir: path.join(env.DATA_DIR, 'outbox'),
      delivery: options.mailDelivery,
    }),
    storage: env.STORAGE_URL
      ? createS3Storage({
          storageUrl: env.STORAGE_URL,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID!,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
        })
      : createLocalStorage(path.join(env.DATA_DIR, 'uploads')),
    state: { shuttingDown: false },
    assetMap: { pointLimit: ASSET_POINT_LIMIT, wideViewPointLimit: ASSET_WIDE_VIEW_POINT_LIMIT, ...options.assetMap },
  };
  registerJobs(ctx);
  return ctx;
}

/** Scheduled jobs; a feature adds its jobs here. */
function registerJobs(ctx: AppContext) {
  ctx.jobs.register({ name: 'purge-expired-sessions', everyMs: 3_600_000, run: () => purgeExpiredSessions(ctx) });
  ctx.jobs.register({ name: 'process-account-deletions', everyMs: 3_600_000, run: () => runAccountJobs(ctx) });
  // After the deletions: files whose owner went with an account (its quotes' attachments) are
  // deleted in the same run (decision 0330).
  ctx.jobs.register({ name: 'sweep-unowned-files', everyMs: 15 * 60_000, run: async () => void (await purgeUnownedFiles(ctx)) });
  registerTenderJobs(ctx);
  registerTenderBidderJobs(ctx);
  registerAlertJobs(ctx);
  registerTenderFeedJobs(ctx);
  registerRepdFeedJob(ctx);
  registerTrustJobs(ctx);
  if (ctx.database.kind === 'postgres') {
    ctx.jobs.register({ name: 'purge-rate-limit-windows', everyMs: SHARED_RATE_LIMIT.sweepEveryMs, run: () => purgeEndedRateLimitWindows(ctx.database) });
  }
}
