// `npx tsx apps/server/bench/explain-insights.ts` (issue 32, decision 0580): each distinct address of
// the Insights bench scenario (scenarios/assets.ts) answered once in-process (`app.inject`, one at a
// time: what the answer costs alone, whatever else the machine runs), while its statements are
// recorded; then each read statement under EXPLAIN ANALYZE (the median of EXPLAIN_REPEAT runs after
// one untimed). Prints per address: the first answer's time, the database's time by EXPLAIN, how
// the tables answered (counted or live) and the slowest statement's top plan lines with
// EXPLAIN_PLANS=1. The answers are warmed first as the server warms them (EXPLAIN_WARM=0: not). Env: DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite: DATA_DIR/pgdata, which no
// server may hold open).
import { Writable } from 'node:stream';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { parseEnv } from '../src/env';
import { createLogger } from '../src/logger';
import { refreshAssetInsights } from '../src/features/assets/asset-insights.repository';
import { warmAssetInsights } from '../src/features/assets/asset-insights.service';
import { isoDay } from '../src/db/sql-helpers';
import { migrate } from '../src/db/migrate';
import { assetsBenchScenarios } from './scenarios/assets';

const repeat = Number(process.env.EXPLAIN_REPEAT ?? 3);
const showPlans = process.env.EXPLAIN_PLANS === '1';
/** With EXPLAIN_ONLY, only the addresses containing it (e.g. `minCapacity=35`); EXPLAIN_PLAN_LINES lines of each plan (12). */
const only = process.env.EXPLAIN_ONLY;
const planLines = Number(process.env.EXPLAIN_PLAN_LINES ?? 12);

interface Statement {
  sql: string;
  params: unknown[];
}

async function main() {
  const env = parseEnv({ ...process.env, NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn' });
  let recording: Statement[] | null = null;
  const silent = new Writable({ write: (_chunk, _enc, done) => done() });
  const ctx = await createContext(env, createLogger('warn', silent), undefined, {
    logQuery: (sql, params) => recording?.push({ sql, params: [...params] }),
  });
  await migrate(ctx.database);
  const t0 = performance.now();
  const rebuilt = await refreshAssetInsights(ctx.database, isoDay(ctx.clock.now()));
  if (rebuilt) console.log(`Rebuilt the Insights tables in ${Math.round(performance.now() - t0)} ms`);
  const app = await buildApp(ctx, { serveWeb: false });
  await app.ready();
  // As the server does after its first refresh (decision 0610); EXPLAIN_WARM=0 measures without.
  if (process.env.EXPLAIN_WARM !== '0') {
    const t1 = performance.now();
    await warmAssetInsights((url) => app.inject({ url }));
    console.log(`Warmed the Insights answers in ${Math.round(performance.now() - t1)} ms`);
  }
  const scenario = assetsBenchScenarios.find((s) => /insights/.test(s.name))!;
  if (!Array.isArray(scenario.requests)) throw new Error('the Insights scenario lists its requests');
  const paths: string[] = [...new Set(scenario.requests.map((r) => r.path))].filter((path) => !only || path.includes(only));
  const [{ n }] = (await ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM assets')) as [{ n: number }];
  console.log(`${n} assets, ${paths.length} addresses, EXPLAIN median of ${repeat}\n`);
  console.log('| answer | first request | statements (EXPLAIN ANALYZE) |');
  console.log('|---|---:|---:|');
  const firsts: number[] = [];
  const dbs: number[] = [];
  for (const url of paths) {
    recording = [];
    const started = performance.now();
    const res = await app.inject({ url });
    const ms = performance.now() - started;
    const ran = recording;
    recording = null;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    let dbMs = 0;
    let slowest = { ms: -1, plan: '', statement: ran[0] };
    for (const s of ran.filter((st) => /^\s*(select|with)\b/i.test(st.sql))) {
      const { planning, execution, plan } = await explain(ctx.database, s);
      dbMs += planning + execution;
      if (planning + execution > slowest.ms) slowest = { ms: planning + execution, plan, statement: s };
    }
    firsts.push(ms);
    dbs.push(dbMs);
    console.log(`| \`${url.replace('/api/assets/insights/', '')}\` | ${ms.toFixed(1)} ms | ${dbMs.toFixed(1)} ms |`);
    if (showPlans) console.log(slowest.plan.split('\n').slice(0, planLines).join('\n'));
    if (process.env.EXPLAIN_SQL === '1') console.log(JSON.stringify(slowest.statement));
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;
  console.log(
    `\nfirst requests: p50 ${pct(firsts, 50).toFixed(1)} ms, p99 ${pct(firsts, 99).toFixed(1)} ms, max ${Math.max(...firsts).toFixed(1)} ms; ` +
      `statements: p50 ${pct(dbs, 50).toFixed(1)} ms, p99 ${pct(dbs, 99).toFixed(1)} ms; over 200 ms: ${firsts.filter((x) => x > 200).length}, over 50 ms: ${firsts.filter((x) => x > 50).length}`,
  );
  await app.close();
  await ctx.database.close();
}

async function explain(database: Awaited<ReturnType<typeof createContext>>['database'], s: Statement) {
  const runs: Array<{ planning: number; execution: number; plan: string }> = [];
  for (let i = 0; i <= repeat; i++) {
    const rows = await database.query<Record<string, string>>(`EXPLAIN (ANALYZE, BUFFERS false) ${s.sql}`, s.params);
    const lines = rows.map((row) => Object.values(row)[0]!);
    const time = (label: string) => Number(new RegExp(`${label} Time: ([\\d.]+) ms`).exec(lines.join('\n'))?.[1] ?? 0);
    if (i > 0) runs.push({ planning: time('Planning'), execution: time('Execution'), plan: lines.join('\n') });
  }
  const mid = <K extends 'planning' | 'execution'>(key: K) => [...runs].sort((a, b) => a[key] - b[key])[Math.floor(runs.length / 2)]![key];
  return { planning: mid('planning'), execution: mid('execution'), plan: runs.at(-1)!.plan };
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
