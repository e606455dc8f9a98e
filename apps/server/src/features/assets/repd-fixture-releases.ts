import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { BUNDLED_REPD_FILE } from './repd-import';
import { clean, decodeRepd, normaliseHeader } from './repd-parse';

/**
 * Two REPD releases made from the bundled file, for the fixture server and the REPD job's tests
 * (decision 0395): the first is the bundled release as published; the second is the next quarter
 * under the other spelling of the name, with header drift (double spaces), capacities rounded to
 * one decimal place, and one of each known change.
 */
export interface RepdFixtureRelease {
  fileName: string;
  title: string;
  body: Buffer;
}

export interface RepdFixtureChange {
  repdRefId: string;
  siteName: string;
  kind: 'added' | 'status' | 'capacity' | 'operator' | 'removed';
  before: string | null;
  after: string | null;
}

export interface RepdFixtureReleases {
  first: RepdFixtureRelease;
  second: RepdFixtureRelease;
  /** Exactly what importing `second` over `first` must report. */
  changes: RepdFixtureChange[];
  /** Data rows in each. */
  rows: { first: number; second: number };
}

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const toCsv = (rows: string[][]) => rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** `rows`: about how many data rows of the bundled file to use, spread evenly through it (all by default; the tests use fewer). */
export function buildRepdFixtureReleases(rows?: number): RepdFixtureReleases {
  const all: string[][] = parse(decodeRepd(readFileSync(BUNDLED_REPD_FILE)), { relax_column_count: true, skip_empty_lines: true });
  const [header, ...data] = all as [string[], ...string[][]];
  const step = Math.max(1, Math.floor(data.length / (rows ?? data.length)));
  const body = data.filter((_, i) => i % step === 0);
  const col = (name: string) => {
    const i = header.findIndex((h) => normaliseHeader(h) === name);
    if (i < 0) throw new Error(`bundled REPD has no '${name}' column`);
    return i;
  };
  const REF = col('ref id');
  const SITE = col('site name');
  const STATUS = col('development status');
  const SHORT = col('development status short');
  const CAPACITY = col('installed capacity mwelec');
  const OPERATOR = col('operator or applicant');
  const UNDER_CONSTRUCTION = col('under construction');

  const capacityOf = (r: string[]) => Number(r[CAPACITY]);
  const granted = body.filter((r) => r[STATUS]?.trim() === 'Planning Permission Granted' && r[OPERATOR]?.trim() && capacityOf(r) > 1);
  const [statusRow, capacityRow, operatorRow, removedRow] = granted;
  if (!removedRow) throw new Error('too few granted projects in the rows chosen');
  const second = body.filter((r) => r !== removedRow).map((r) => [...r]);
  const find = (r: string[]) => second.find((x) => x[REF] === r[REF])!;

  // Capacities rounded to one decimal place, as some releases publish them: never reported as a change.
  const round1 = (v: string) => (/^\d+\.\d{2,}$/.test(v.trim()) ? Number(v).toFixed(1) : v);
  for (const r of second) r[CAPACITY] = round1(r[CAPACITY] ?? '');
  const mw = (v: string) => String(Number(v));

  const changes: RepdFixtureChange[] = [];
  const s = find(statusRow!);
  s[STATUS] = 'Under Construction';
  s[SHORT] = 'Under construction';
  s[UNDER_CONSTRUCTION] = '01/05/2026';
  changes.push({ repdRefId: s[REF]!, siteName: clean(s[SITE])!, kind: 'status', before: 'Planning Permission Granted', after: 'Under Construction' });

  const c = find(capacityRow!);
  c[CAPACITY] = (capacityOf(capacityRow!) + 10).toFixed(1);
  changes.push({ repdRefId: c[REF]!, siteName: clean(c[SITE])!, kind: 'capacity', before: mw(capacityRow![CAPACITY]!), after: mw(c[CAPACITY]) });

  const o = find(operatorRow!);
  changes.push({ repdRefId: o[REF]!, siteName: clean(o[SITE])!, kind: 'operator', before: clean(operatorRow![OPERATOR]), after: 'Fixture Energy Ltd' });
  o[OPERATOR] = 'Fixture Energy Ltd';

  const nextRef = String(Math.max(...data.map((r) => Number(r[REF]) || 0)) + 1);
  const added = [...statusRow!];
  added[REF] = nextRef;
  added[SITE] = 'Fixture Meadow Solar Farm';
  added[STATUS] = 'Planning Permission Granted';
  second.push(added);
  changes.push({ repdRefId: nextRef, siteName: 'Fixture Meadow Solar Farm', kind: 'added', before: null, after: 'Planning Permission Granted' });
  changes.push({ repdRefId: removedRow[REF]!, siteName: clean(removedRow[SITE])!, kind: 'removed', before: 'Planning Permission Granted', after: null });

  // Header drift of the 2026 releases: double spaces inside names.
  const drifted = header.map((h) => h.replace('Planning Permission Granted', 'Planning Permission  Granted').replace('Development Status', 'Development  Status'));
  return {
    first: { fileName: 'repd-q4-jan-2025.csv', title: 'Renewable Energy Planning Database: Q4 January 2025', body: Buffer.from(toCsv([header, ...body]), 'utf8') },
    second: {
      fileName: 'REPD_Publication_Q2_2026.csv',
      title: 'REPD quarterly extract Q2 2026',
      body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(toCsv([drifted, ...second]), 'utf8')]),
    },
    changes,
    rows: { first: body.length, second: second.length },
  };
}
