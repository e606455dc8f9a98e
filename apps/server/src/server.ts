import { readFileSync } from 'node:fs';
import { buildApp } from './app';
import { createContext } from './context';
import { migrate } from './db/migrate';
import { parseEnv } from './env';
import { createLogger } from './logger';
import { fileOffsetClock, systemClock } from './platform/clock';
import { DataDirLockedError, lockDataDir } from './platform/data-dir-lock';
import { printEventLoopStats } from './platform/event-loop-stats';
import { sessionCacheBytes } from './platform/session-cache';
import { answerCache } from './plugins/http-cache';
import { keepAssetMapCellsFresh } from './features/assets/assets.service';
import { warmAssetInsights } from './features/assets/asset-insights.service';
import { demoSignInLines, seed } from './seed/seed';
import { WARM_START_LINE, warmStart } from './warm-start';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/**
 * After SIGTERM the server keeps listening this long, answering new requests 503 (and readiness
 * 503, so a load balancer stops routing here), before it closes: otherwise requests arriving at
 * that moment are refused or reset instead of 503 (found by test:reliability, issue 11).
 */
const SHUTDOWN_DRAIN_MS = Number(process.env.SHUTDOWN_DRAIN_MS ?? 1000);

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const log = createLogger(env.LOG_LEVEL);
  let unlock = () => {};
  if (!env.DATABASE_URL) {
    try {
      unlock = lockDataDir(env.DATA_DIR);
    } catch (err) {
      if (err instanceof DataDirLockedError) {
        console.error(err.message);
        process.exit(1);
      }
      throw err;
    }
  }
  // A journey's own server may run on a moved clock (decision 0550); said loudly, as it must never be on a deployment.
  const clock = env.TEST_CLOCK_FILE ? fileOffsetClock(env.TEST_CLOCK_FILE, (file) => readFileSync(file, 'utf8')) : systemClock;
  if (env.TEST_CLOCK_FILE) log.warn({ file: env.TEST_CLOCK_FILE }, 'TEST_CLOCK_FILE is set: the clock is moved by the milliseconds in that file (journeys only)');
  const ctx = await createContext(env, log, clock);
  const applied = await migrate(ctx.database);
  if (applied.length) log.info({ applied }, 'migrations applied');
  await seed(ctx);
  if (process.argv.includes('--seed-only')) {
    // Used to prepare a seeded snapshot (e2e, bench) without serving.
    await ctx.database.close();
    unlock();
    return;
  }
  // WEB_DEV=1 (set by `npm run dev`): the web app through Vite, rendered on the server (decision 0430).
  const app = await buildApp(ctx, { devWeb: process.env.WEB_DEV === '1' });
  await app.listen({ port: env.PORT, host: env.HOST });
  // Mail a previous process left undelivered goes first (decision 0470).
  await ctx.mailer.start();
  ctx.jobs.start();
  const stopWarming = keepAssetMapCellsFresh(ctx, undefined, () => warmAssetInsights((url) => app.inject({ url })));
  if (process.env.EVENT_LOOP_STATS_MS) {
    const answers = answerCache(ctx.database);
    printEventLoopStats(Number(process.env.EVENT_LOOP_STATS_MS), () => ({
      bytes: answers.bytes,
      ...answers.stats,
      sessionBytes: sessionCacheBytes(ctx.database),
      wasmBytes: ctx.database.wasmBytes(),
    }));
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const shown = env.HOST === '127.0.0.1' || env.HOST === '0.0.0.0' ? 'localhost' : env.HOST;
  const lines = [
    '',
    `  Solar Marketplace is running at http://${shown}:${port}`,
    `  Database: ${ctx.database.kind === 'pglite' ? `embedded PGlite in ${env.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail: ${ctx.mailer.transport === 'smtp' ? 'SMTP, through the outbox' : 'outbox files (npm run outbox)'}`,
  ];
  if (env.SEED_DEMO) lines.push('  Demo sign-ins (SEED_DEMO is on):', ...demoSignInLines());
  console.log(`${lines.join('\n')}\n`);
  // One address of each public kind asked once, so the first visitors do not pay for the code's first run (decision 0631).
  if (process.env.WEB_DEV !== '1')
    void warmStart(app).then(
      ({ asked, failed, ms }) => {
        console.log(`  ${WARM_START_LINE} ${asked.length} addresses in ${ms} ms`);
        if (failed.length) log.warn({ failed }, 'warm start: some addresses were not answered 200');
      },
      (err: unknown) => log.warn({ err }, 'warm start failed'),
    );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    ctx.state.shuttingDown = true;
    const force = setTimeout(() => {
      log.error('shutdown timed out');
      unlock();
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    stopWarming();
    await ctx.jobs.stop();
    await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS));
    await app.close(); // stops accepting; in-flight requests finish
    // Mail those requests wrote is in the outbox; a delivery under way finishes, the rest waits for the next start.
    await ctx.mailer.stop();
    await ctx.mailer.idle();
    ctx.mailer.close();
    await ctx.database.close();
    unlock();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
