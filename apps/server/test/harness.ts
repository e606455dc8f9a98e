import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomUUID } from 'node:crypto';
import { buildApp, type BuildOptions } from '../src/app';
import { createContext } from '../src/context';
import { parseEnv } from '../src/env';
import { createLogger } from '../src/logger';
import type { UserRow } from '../src/db/schema/index';
import { insertUser } from '../src/features/accounts/accounts.repository';
import { startSession } from '../src/plugins/auth';
import type { AppContext, AssetMapLimits } from '../src/plugins/context';
import { fixedClock, type Clock } from '../src/platform/clock';
import type { DeliveryOptions } from '../src/platform/mail-delivery';
import { adminQuery, withDatabase } from './global-setup';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Every log line written so far, as text (for "no secret in any log line" checks). */
  logs: string[];
  close(): Promise<void>;
}

/**
 * Which databases a test file runs on (decision 0606): PGlite without TEST_DATABASE_URL. With it,
 * both for the files of test/engines.ts (and for every file under `npm run test:engines`), and
 * PostgreSQL alone for the others (vitest.config.ts sets TEST_ENGINES=one for their project).
 */
export const databaseKinds: Array<'pglite' | 'postgres'> = !process.env.TEST_DATABASE_URL
  ? ['pglite']
  : process.env.TEST_ENGINES === 'one'
    ? ['postgres']
    : ['pglite', 'postgres'];

/**
 * A fresh app on a fresh database copied from the migrated template. Use one per test file (or
 * per test when isolation matters): copying costs about a quarter of a second.
 */
export async function createTestApp(
  options: {
    kind?: 'pglite' | 'postgres';
    env?: Record<string, string>;
    clock?: Clock;
    build?: BuildOptions;
    /** Extra routes for a test (registered before the app is ready). */
    routes?: (app: FastifyInstance) => void;
    /** Told each statement before it runs (cold-path-plans.test.ts). */
    logQuery?: (sqlText: string, params: unknown[]) => void;
    /** The outbox worker's timings (decision 0470); `false`: the test delivers with `ctx.mailer.deliverDue()` itself. */
    mailWorker?: false | Partial<DeliveryOptions>;
    /** Lower asset map point limits, so a test needs hundreds of rows, not 15,001 (decision 0614). */
    assetMap?: Partial<AssetMapLimits>;
  } = {},
): Promise<TestApp> {
  const kind = options.kind ?? 'pglite';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solar-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (kind === 'pglite') {
    cpSync(process.env.TEST_PGLITE_TEMPLATE!, path.join(dataDir, 'pgdata'), { recursive: true });
  } else {
    const serverUrl = process.env.TEST_DATABASE_URL!;
    const name = `solar_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${process.env.TEST_DATABASE_TEMPLATE!}`);
    databaseUrl = withDatabase(serverUrl, name);
    dropDatabase = () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    // Cached reads say whether they came from memory (off on deployments; decision 0430).
    CACHE_STATUS_HEADER: 'true',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    ...options.env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const ctx = await createContext(env, createLogger('info', sink), options.clock ?? fixedClock(new Date('2026-11-22T09:00:00Z')), {
    ...(options.logQuery && { logQuery: options.logQuery }),
    mailDelivery: options.mailWorker || undefined,
    assetMap: options.assetMap,
  });
  if (options.mailWorker !== false) await ctx.mailer.start();
  const app = await buildApp(ctx, { serveWeb: false, ...options.build });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    ctx,
    logs,
    async close() {
      await app.close();
      await ctx.mailer.stop();
      await ctx.mailer.idle();
      ctx.mailer.close();
      await ctx.database.close();
      await dropDatabase();
      // Background mail has finished (mailer.idle above). The asynchronous rm also retries the whole
      // tree, where rmSync only retried the top rmdir, so a late write into outbox/ cannot fail it.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
    },
  };
}

/** The cookie header to send back, from a response's Set-Cookie. */
export function cookieFrom(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export interface SignedInUser {
  user: UserRow;
  cookie: string;
  email: string;
}

/** A user with a live session, inserted directly (sign-up itself is tested in accounts.test.ts). */
export async function signedInUser(
  t: TestApp,
  opts: {
    admin?: boolean;
    name?: string;
    email?: string;
    company?: string;
    type?: 'provider' | 'representative';
    passwordHash?: string;
    /** Verified email address (decision 0337); true unless a test is about unverified accounts. */
    verified?: boolean;
  } = {},
): Promise<SignedInUser> {
  const email = opts.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const user = await insertUser(t.ctx.database.db, {
    email,
    name: opts.name ?? 'Test User',
    company: opts.company ?? 'Test Co',
    type: opts.type ?? 'provider',
    passwordHash: opts.passwordHash ?? 'x',
    isAdmin: opts.admin ?? false,
    emailVerifiedAt: opts.verified === false ? null : t.ctx.clock.now(),
  });
  let cookie = '';
  const reply = { setCookie: (name: string, value: string) => (cookie = `${name}=${value}`) } as never;
  await startSession(t.ctx, reply, user.id);
  return { user, cookie, email };
}
