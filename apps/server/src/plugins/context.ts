import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Env } from '../env';
import type { Clock } from '../platform/clock';
import type { JobRunner } from '../platform/jobs';
import type { Mailer } from '../platform/mail';
import type { Storage } from '../platform/storage';

/** What every feature may use, built once in server.ts (or by a test) and passed to buildApp. */
export interface AppContext {
  env: Env;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  storage: Storage;
  jobs: JobRunner;
  log: FastifyBaseLogger;
  /** Set while the process shuts down: readiness answers 503 and new requests are refused. */
  state: { shuttingDown: boolean };
  /** How many points an asset map answer holds before it is clusters (decisions 0194, 0614); tests lower them. */
  assetMap: AssetMapLimits;
}

export interface AssetMapLimits {
  /** ASSET_POINT_LIMIT: any view, and the UK-wide answer. */
  pointLimit: number;
  /** ASSET_WIDE_VIEW_POINT_LIMIT: a view drawn at ASSET_WIDE_VIEW_MAX_LEVEL or wider. */
  wideViewPointLimit: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
