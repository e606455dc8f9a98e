import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INSIGHT_STAGES, INSIGHT_TRANSITIONS, insightStageOf, quarterLabel } from '@solar/shared/constants/asset-insights';
import { insightsQuery } from '@solar/shared/contracts/asset-insights';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { listStoredProjects } from '../asset-import.repository';
import * as insights from '../asset-insights.service';
import { keepAssetMapCellsFresh, toSelection } from '../assets.service';
import { insightsState, planFor, refreshAssetInsights } from '../asset-insights.repository';
import { diffRelease } from '../repd-changes';
import { buildRepdFixtureReleases } from '../repd-fixture-releases';
import { BUNDLED_REPD_FILE, importRepdFile, importRepdParsed, sha256Of } from '../repd-import';
import { parseRepd, parseUkDate, type RepdRecord } from '../repd-parse';

/**
 * The Insights tab's figures (decision 0490), each checked against a direct count over the bundled
 * REPD file read here with the importer's own parser, and the tables counted ahead checked against
 * the live query for every kind of filter.
 */

const records = parseRepd(readFileSync(BUNDLED_REPD_FILE)).records;
const mw = (n: number) => Math.round(n * 10) / 10;
/** Capacities added up exactly (in micro-MW), then to one decimal, half up. */
const sum = (rows: RepdRecord[]) => Math.round(rows.reduce((s, r) => s + Math.round((r.installedCapacity ?? 0) * 1e6), 0) / 1e5) / 10;

/** Whole calendar months from a to b as PostgreSQL's age() counts them; null when missing or out of order. */
function months(a: string | null, b: string | null): number | null {
  if (!a || !b || b < a) return null;
  const [y1, m1, d1] = a.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = b.split('-').map(Number) as [number, number, number];
  return (y2 - y1) * 12 + (m2 - m1) - (d2 < d1 ? 1 : 0);
}
const granted = (r: RepdRecord) => r.planningGrantedDate ?? r.sosGrantedDate ?? parseUkDate(r.extra['appeal granted']);
const refused = (r: RepdRecord) => parseUkDate(r.extra['planning permission refused']);
const TRANSITION_OF: Record<string, (r: RepdRecord) => number | null> = {
  decision: (r) => months(r.planningSubmissionDate, granted(r)),
  refusal: (r) => months(r.planningSubmissionDate, refused(r)),
  start: (r) => months(granted(r), r.underConstructionDate),
  build: (r) => months(r.underConstructionDate, r.operationalDate),
  total: (r) => months(r.planningSubmissionDate, r.operationalDate),
};
function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
const quarterOf = (iso: string) => Number(iso.slice(0, 4)) * 4 + Math.floor((Number(iso.slice(5, 7)) - 1) / 3);

/** The test clock's day (test/harness.ts): ages are counted on it. */
const TODAY = '2026-11-22';

/** An ISO day k years earlier, as PostgreSQL subtracts years (29 February to 28 February). */
function yearsBefore(iso: string, k: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - k, m, 0)).getUTCDate();
  return `${String(y - k).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Whether a record's age (whole years since its last update, on TODAY) passes the map's age filter. */
function ageMatches(r: RepdRecord, q: InsightsQueryInput): boolean {
  const minAge = q.minAge === undefined ? undefined : Number(q.minAge);
  const maxAge = q.maxAge === undefined ? undefined : Number(q.maxAge);
  const includeUnknown = q.includeUnknownAge !== 'false';
  if (minAge === undefined && maxAge === undefined && includeUnknown) return true;
  const updated = r.recordLastUpdated;
  if (!updated) return includeUnknown;
  return (minAge === undefined || minAge <= 0 || updated <= yearsBefore(TODAY, minAge)) && (maxAge === undefined || updated > yearsBefore(TODAY, maxAge + 1));
}

/** The records a query selects (the filters the tests use). */
function select(q: InsightsQueryInput): RepdRecord[] {
  const list = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? (v as string[]) : [String(v)]);
  const tech = list(q.technologyTypes);
  const regions = list(q.regions);
  const statuses = list(q.developmentStatus);
  const operators = list(q.operators);
  const min = Number(q.minCapacity ?? 0);
  const max = q.maxCapacity === undefined ? Infinity : Number(q.maxCapacity);
  return records.filter(
    (r) =>
      (!tech.length || tech.includes(r.technologyType ?? '')) &&
      (!regions.length || regions.includes(r.region ?? '')) &&
      (!statuses.length || statuses.includes(r.developmentStatus ?? '')) &&
      (!operators.length || operators.includes(r.repdOperator ?? '')) &&
      (min <= 0 || (r.installedCapacity !== null && r.installedCapacity >= min)) &&
      (max === Infinity || (r.installedCapacity !== null && r.installedCapacity <= max)) &&
      ageMatches(r, q),
  );
}

/** Filters covering each way a read is answered: none, the counted dimensions, capacity on a band edge and inside a band, and live-only filters. */
const QUERIES: Array<[string, InsightsQueryInput]> = [
  ['no filter', {}],
  ['solar', { technologyTypes: 'Solar Photovoltaics' }],
  ['two regions and batteries', { regions: ['Scotland', 'Wales'], technologyTypes: 'Battery' }],
  ['granted statuses', { developmentStatus: ['Planning Permission Granted', 'Appeal Granted'] }],
  ['5 MW and up (a band edge)', { minCapacity: 5 }],
  ['7 to 30 MW (inside bands)', { minCapacity: 7, maxCapacity: 30 }],
  ['up to 49.9 MW, solar in the South West', { maxCapacity: 49.9, technologyTypes: 'Solar Photovoltaics', regions: 'South West' }],
  ['0.5 to 0.9 MW (no whole band)', { minCapacity: 0.5, maxCapacity: 0.9 }],
  ['an applicant (live only)', { operators: 'Lightsource BP' }],
  ['batteries of 0.5 to 0.9 MW (no whole band, with a counted filter)', { minCapacity: 0.5, maxCapacity: 0.9, technologyTypes: 'Battery' }],
  ['updated in the last 10 years, 35 MW and up (the bench\'s)', { maxAge: 10, minCapacity: 35 }],
  [
    '12 to 150 MW, operational or granted, updated in the last 10 years (bands cut at both ends, a roll-up of three dimensions)',
    { minCapacity: 12, maxCapacity: 150, developmentStatus: ['Operational', 'Planning Permission Granted'], maxAge: 10 },
  ],
  ['at least 5 years old, known ages only', { minAge: 5, includeUnknownAge: 'false' }],
  ['2 to 6 years old, solar, by status', { minAge: 2, maxAge: 6, technologyTypes: 'Solar Photovoltaics' }],
  [
    'five dimensions at once (the rows of all five)',
    { technologyTypes: ['Solar Photovoltaics', 'Battery'], regions: ['South West', 'Scotland'], developmentStatus: ['Operational', 'Planning Permission Granted'], minCapacity: 1, maxAge: 8 },
  ],
];

/** Filters as an address carries them. */
type InsightsQueryInput = Record<string, string | number | string[]>;

describe.each(databaseKinds)('insights on %s', (kind) => {
  let t: TestApp;
  const parse = (q: InsightsQueryInput) => insightsQuery.parse(q);

  beforeAll(async () => {
    t = await createTestApp({ kind });
    await importRepdFile(t.ctx, BUNDLED_REPD_FILE);
    // The bundled release's import (with its history, feed and statistics) passed 180 s on PGlite under a loaded machine.
  }, 900_000);
  afterAll(() => t.close());

  it('counts the tables ahead at the import, and a write makes them stale until the next rebuild', async () => {
    expect(await insightsState(t.ctx.database)).toMatchObject({ stale: false, bands: [0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000], agesOn: TODAY });
    await t.ctx.database.query(`UPDATE assets SET installed_capacity = installed_capacity WHERE id = (SELECT min(id) FROM assets)`);
    expect((await insightsState(t.ctx.database)).stale).toBe(true);
    expect(await refreshAssetInsights(t.ctx.database, TODAY)).toBe(true);
    expect(await refreshAssetInsights(t.ctx.database, TODAY)).toBe(false);
    // A rebuild on PGlite passed 120 s on a loaded machine.
  }, 300_000);

  it('warms each chart after the first refresh and after each rebuild of the tables, and not after a refresh that rebuilt nothing', async () => {
    const warmed: number[] = [];
    const asked: string[] = [];
    const stop = keepAssetMapCellsFresh(t.ctx, 500, async () => {
      warmed.push(Date.now());
      await insights.warmAssetInsights(async (url) => {
        asked.push(url);
        return t.app.inject({ url });
      });
    });
    try {
      await vi.waitFor(() => expect(warmed).toHaveLength(1), { timeout: 240_000, interval: 100 });
      // Every chart's address, each answered (warmAssetInsights throws on any other status).
      await vi.waitFor(() => expect(asked).toEqual([...insights.INSIGHT_WARM_ADDRESSES]), { timeout: 60_000, interval: 100 });
      // Nothing written: the next refreshes rebuild nothing and warm nothing.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(warmed).toHaveLength(1);
      await t.ctx.database.query(`UPDATE assets SET installed_capacity = installed_capacity WHERE id = (SELECT min(id) FROM assets)`);
      await vi.waitFor(() => expect(warmed).toHaveLength(2), { timeout: 240_000, interval: 100 });
      expect((await insightsState(t.ctx.database)).stale).toBe(false);
    } finally {
      stop();
    }
  }, 600_000);

  it.each(QUERIES)('capacity and projects by technology, region and status match a direct count of the file: %s', async (_, q) => {
    const rows = select(q);
    for (const [by, keyOf] of [
      ['technology', (r: RepdRecord) => r.technologyType],
      ['region', (r: RepdRecord) => r.region],
      ['status', (r: RepdRecord) => r.developmentStatus],
    ] as const) {
      const groups = new Map<string | null, RepdRecord[]>();
      for (const r of rows) groups.set(keyOf(r), [...(groups.get(keyOf(r)) ?? []), r]);
      const expected = [...groups].map(([key, g]) => ({ key, projects: g.length, capacityMw: sum(g) }));
      const answer = await insights.listBreakdown(t.ctx, parse(q), by);
      expect(sortByKey(answer.data)).toEqual(sortByKey(expected));
      expect(answer.total).toEqual({ projects: rows.length, capacityMw: sum(rows) });
      // Largest capacity first.
      expect(answer.data.map((d) => d.capacityMw)).toEqual([...answer.data.map((d) => d.capacityMw)].sort((a, b) => b - a));
    }
  });

  it.each(QUERIES)('the pipeline matches a direct count of the file: %s', async (_, q) => {
    const rows = select(q);
    const { data } = await insights.getPipeline(t.ctx, parse(q));
    for (const stage of INSIGHT_STAGES) {
      const at = rows.filter((r) => insightStageOf(r.developmentStatus) === stage.key);
      const got = data.find((d) => d.stage === stage.key)!;
      expect(got.current, stage.key).toEqual({ projects: at.length, capacityMw: sum(at) });
      if (stage.line) {
        const reached = rows.filter((r) => INSIGHT_STAGES.find((s) => s.key === insightStageOf(r.developmentStatus))!.reached.includes(stage.key));
        expect(got.reached, stage.key).toEqual({ projects: reached.length, capacityMw: sum(reached) });
      } else {
        expect(got.reached).toBeNull();
      }
    }
    // Funnel: each stage reached by no more than the one before it.
    const line = data.filter((d) => d.reached).map((d) => d.reached!.projects);
    expect(line).toEqual([...line].sort((a, b) => b - a));
  });

  it.each(QUERIES)('median months between stages by technology and by region match the file: %s', async (_, q) => {
    const rows = select(q);
    for (const [by, keyOf] of [
      ['technology', (r: RepdRecord) => r.technologyType],
      ['region', (r: RepdRecord) => r.region],
    ] as const) {
      const answer = await insights.listDurations(t.ctx, parse(q), by);
      for (const { key: transition } of INSIGHT_TRANSITIONS) {
        const values = rows.map((r) => TRANSITION_OF[transition]!(r)).filter((m): m is number => m !== null);
        expect(answer.all.transitions[transition], `${transition} (all)`).toEqual({ projects: values.length, medianMonths: median(values) });
        for (const row of answer.data) {
          const own = rows.filter((r) => keyOf(r) === row.key).map((r) => TRANSITION_OF[transition]!(r)).filter((m): m is number => m !== null);
          expect(row.transitions[transition], `${transition} for ${row.key}`).toEqual({ projects: own.length, medianMonths: median(own) });
        }
      }
    }
  });

  it.each(QUERIES)('quarterly applications, permissions, construction starts and operation match the file: %s', async (_, q) => {
    const rows = select(q);
    const { data } = await insights.listQuarters(t.ctx, parse(q));
    const dates: Record<string, (r: RepdRecord) => string | null> = {
      submitted: (r) => r.planningSubmissionDate,
      granted,
      construction: (r) => r.underConstructionDate,
      operational: (r) => r.operationalDate,
    };
    const now = quarterOf(t.ctx.clock.now().toISOString());
    for (const [event, dateOf] of Object.entries(dates)) {
      const byQuarter = new Map<string, RepdRecord[]>();
      for (const r of rows) {
        const d = dateOf(r);
        if (!d || quarterOf(d) < 1990 * 4 || quarterOf(d) > now) continue;
        const label = quarterLabel(quarterOf(d));
        byQuarter.set(label, [...(byQuarter.get(label) ?? []), r]);
      }
      for (const row of data) {
        const g = byQuarter.get(row.quarter) ?? [];
        expect(row.events[event as 'submitted'], `${event} ${row.quarter}`).toEqual({ projects: g.length, capacityMw: sum(g) });
      }
      // Every quarter with a project is in the series.
      for (const label of byQuarter.keys()) expect(data.some((d) => d.quarter === label), label).toBe(true);
    }
    // One row a quarter, in order, none missing, up to the current quarter.
    if (data.length) expect(data.at(-1)!.quarter).toBe(quarterLabel(now));
  });

  it.each(QUERIES)('the largest projects of each stage match the file: %s', async (_, q) => {
    const rows = select(q);
    const { data } = await insights.listLargest(t.ctx, parse(q));
    for (const stage of INSIGHT_STAGES.filter((s) => s.key !== 'other')) {
      const expected = rows
        .map((r, i) => ({ r, i }))
        .filter(({ r }) => r.installedCapacity !== null && insightStageOf(r.developmentStatus) === stage.key)
        .sort((a, b) => b.r.installedCapacity! - a.r.installedCapacity! || a.i - b.i)
        .slice(0, 10)
        .map(({ r }) => [r.siteName, mw(r.installedCapacity!)]);
      expect(data.filter((d) => d.stage === stage.key).map((d) => [d.siteName, d.capacityMw]), stage.key).toEqual(expected);
    }
  });

  it.each(QUERIES)('the tables counted ahead give exactly the live answers: %s', async (_, q) => {
    const query = parse(q);
    for (const by of ['technology', 'region', 'status'] as const) {
      expect(await insights.listBreakdown(t.ctx, query, by)).toEqual(await insights.listBreakdown(t.ctx, query, by, { forceLive: true }));
    }
    expect(await insights.getPipeline(t.ctx, query)).toEqual(await insights.getPipeline(t.ctx, query, { forceLive: true }));
    expect(await insights.listDurations(t.ctx, query, 'region')).toEqual(await insights.listDurations(t.ctx, query, 'region', { forceLive: true }));
    expect(await insights.listQuarters(t.ctx, query)).toEqual(await insights.listQuarters(t.ctx, query, { forceLive: true }));
    expect(await insights.listLargest(t.ctx, query)).toEqual(await insights.listLargest(t.ctx, query, { forceLive: true }));
  });

  it('counts ages ahead on the day they were counted, and answers an age filter live on any other day', async () => {
    const aged = parse({ maxAge: 3, minCapacity: 10 });
    const counted = await insightsState(t.ctx.database);
    expect(planFor(toSelection(t.ctx, aged), counted)).toMatchObject({ mode: 'counted' });
    expect(planFor(toSelection(t.ctx, aged), { ...counted, agesOn: '2026-11-21' })).toEqual({ mode: 'live' });
    // Without an age filter the day does not matter.
    expect(planFor(toSelection(t.ctx, parse({ minCapacity: 10 })), { ...counted, agesOn: '2026-11-21' })).toMatchObject({ mode: 'counted' });
    // The next day rebuilds the tables once; meanwhile (the test clock stays on TODAY) the answer is live and still right.
    expect(await refreshAssetInsights(t.ctx.database, '2026-11-23')).toBe(true);
    expect(await refreshAssetInsights(t.ctx.database, '2026-11-23')).toBe(false);
    expect((await insights.listBreakdown(t.ctx, aged, 'status')).total.projects).toBe(select({ maxAge: 3, minCapacity: 10 }).length);
    expect(await refreshAssetInsights(t.ctx.database, TODAY)).toBe(true);
    expect((await insights.listBreakdown(t.ctx, aged, 'status')).total.projects).toBe(select({ maxAge: 3, minCapacity: 10 }).length);
  });

  it('an age filter and a site name are answered live, and match the same filter on the map', async () => {
    const q = parse({ minAge: 5, includeUnknownAge: 'false', siteNameSearch: 'farm' });
    const answer = await insights.listBreakdown(t.ctx, q, 'technology');
    const [row] = await t.ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM assets WHERE record_last_updated <= $1::date - interval '5 years' AND site_name ILIKE '%farm%'`,
      ['2026-11-22'],
    );
    expect(answer.total.projects).toBe(row!.n);
    expect(row!.n).toBeGreaterThan(100);
  });

  it('serves each chart over HTTP with the filters from the address, and its CSV and JSON hold exactly what it shows', async () => {
    const address = '?technologyTypes=Battery&regions=Scotland&minCapacity=10';
    const json = await t.app.inject({ url: `/api/assets/insights/breakdown${address}&by=status` });
    expect(json.statusCode, json.body).toBe(200);
    const shown = json.json().data as Array<{ key: string | null; projects: number; capacityMw: number }>;
    expect(shown.length).toBeGreaterThan(2);
    const csv = await t.app.inject({ url: `/api/assets/insights/breakdown${address}&by=status&format=csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="insights-by-status-2026-11-22.csv"');
    const lines = csv.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Development status","Projects","Capacity (MW)"');
    expect(lines.slice(1)).toEqual(shown.map((r) => `"${r.key ?? 'Unknown'}",${r.projects},${r.capacityMw}`));
    const download = await t.app.inject({ url: `/api/assets/insights/breakdown${address}&by=status&format=json` });
    expect(download.json()).toEqual({
      data: shown.map((r) => ({ status: r.key ?? 'Unknown', projects: r.projects, capacityMw: r.capacityMw })),
      rows: shown.length,
      total: shown.length,
      truncated: false,
    });
    for (const chart of ['pipeline', 'durations?by=region', 'quarters', 'releases', 'largest']) {
      const url = `/api/assets/insights/${chart}${chart.includes('?') ? '&' : '?'}technologyTypes=Battery`;
      const res = await t.app.inject({ url });
      expect(res.statusCode, `${chart}: ${res.body}`).toBe(200);
      const file = await t.app.inject({ url: `${url}&format=csv` });
      expect(file.statusCode, chart).toBe(200);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="insights-[a-z-]+-2026-11-22\.csv"$/);
    }
    const bad = await t.app.inject({ url: '/api/assets/insights/breakdown?by=colour' });
    expect(bad.statusCode).toBe(400);
  });

  it('what each release changed comes from the change history, with the filters', async () => {
    const releases = buildRepdFixtureReleases();
    const parsed = parseRepd(releases.second.body);
    const changes = diffRelease(await listStoredProjects(t.ctx.database), parsed.records);
    await importRepdParsed(t.ctx, parsed, { release: 'repd-2025-q1', fileName: releases.second.fileName, sha256: sha256Of(releases.second.body) }, {
      removed: changes.filter((c) => c.kind === 'removed').map((c) => c.repdRefId),
      changes,
    });
    const { data } = await insights.listReleases(t.ctx, parse({}));
    expect(data).toHaveLength(1);
    const count = (kind: string) => releases.changes.filter((c) => c.kind === kind).length;
    expect(data[0]).toMatchObject({
      release: 'repd-2025-q1',
      added: { projects: count('added') },
      capacityChanged: count('capacity'),
      removed: count('removed'),
    });
    const statusTo = (stage: string) =>
      releases.changes.filter((c) => c.kind === 'status' && insightStageOf(c.after) === stage).length;
    expect(data[0]!.toConstruction + data[0]!.toGranted + data[0]!.toOperational + data[0]!.leftPipeline).toBe(
      statusTo('construction') + statusTo('granted') + statusTo('operational') + statusTo('refused') + statusTo('withdrawn') + statusTo('expired'),
    );
    const filtered = await insights.listReleases(t.ctx, parse({ technologyTypes: 'Hydrogen' }));
    expect(filtered.data.every((r) => r.removed === null)).toBe(true);
    // An import of a second release (with its rebuild of the tables) passed 120 s on PGlite on a loaded machine.
  }, 300_000);
});

function sortByKey<T extends { key: string | null }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => String(a.key).localeCompare(String(b.key)));
}
