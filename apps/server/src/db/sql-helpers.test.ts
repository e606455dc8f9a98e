import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm } from '@solar/shared/domain/geo';
import { createTestApp, databaseKinds, type TestApp } from '../../test/harness';
import {
  containsPattern,
  escapeLike,
  isoDateColumn,
  haversineKmSql,
  isoDay,
  isoTimestampColumn,
  isUniqueViolation,
  isUuid,
  prefixPattern,
  rowsOf,
  SqlParams,
  toIsoTimestamp,
  toIsoTimestampOrNull,
  valuesList,
} from './sql-helpers';

describe('sql helpers (pure)', () => {
  it('escapes LIKE wildcards and the backslash, and builds contains and prefix patterns', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(prefixPattern('100%')).toBe('100\\%%');
    expect(escapeLike('plain text')).toBe('plain text');
  });

  it('numbers parameters in the order they are added', () => {
    const p = new SqlParams();
    const { add } = p;
    expect(`a = ${add(1)} AND b = ANY(${p.add(['x'])}::text[])`).toBe('a = $1 AND b = ANY($2::text[])');
    expect(p.values).toEqual([1, ['x']]);
  });

  it('lists one placeholder group per row for a multi-row insert', () => {
    expect(valuesList([[1, 'a'], [2, 'b']])).toBe('($1, $2), ($3, $4)');
    expect(valuesList([[1], [2]], "'scale'")).toBe("($1, 'scale'), ($2, 'scale')");
    expect(valuesList([])).toBe('');
  });

  it('accepts UUID text in either case and refuses anything else', () => {
    expect(isUuid('0b7e7dee-87ae-4b8a-9c2b-6bd6a9a7c3f1')).toBe(true);
    expect(isUuid('0B7E7DEE-87AE-4B8A-9C2B-6BD6A9A7C3F1')).toBe(true);
    expect(isUuid('0b7e7dee-87ae-4b8a-9c2b-6bd6a9a7c3f')).toBe(false);
    expect(isUuid(' 0b7e7dee-87ae-4b8a-9c2b-6bd6a9a7c3f1')).toBe(false);
    expect(isUuid('solar-slug')).toBe(false);
  });

  it('writes timestamps and days as the API does', () => {
    expect(toIsoTimestamp(new Date('2026-11-24T09:00:00Z'))).toBe('2026-11-24T09:00:00.000Z');
    expect(toIsoTimestamp('2026-11-24 09:00:00+00')).toBe('2026-11-24T09:00:00.000Z');
    expect(toIsoTimestampOrNull(null)).toBeNull();
    expect(toIsoTimestampOrNull(undefined)).toBeNull();
    expect(isoDay(new Date('2026-11-24T23:59:59Z'))).toBe('2026-11-24');
  });

  it('finds a unique violation through the cause chain, on the named constraint only when one is given', () => {
    const driver = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'providers_slug_key' });
    const wrapped = new Error('Failed query', { cause: driver });
    expect(isUniqueViolation(wrapped)).toBe(true);
    expect(isUniqueViolation(wrapped, 'providers_slug_key')).toBe(true);
    expect(isUniqueViolation(wrapped, 'providers_business_name_key')).toBe(false);
    expect(isUniqueViolation(Object.assign(new Error('bad uuid'), { code: '22P02' }))).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
  });
});

describe.each(databaseKinds)('sql helpers on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());

  it('LIKE patterns match wildcard characters literally', async () => {
    const values = ['50% off', '50 off', 'a_b', 'axb', 'back\\slash', 'backslash'];
    const match = async (pattern: string) =>
      (
        await t.ctx.database.query<{ v: string }>('SELECT v FROM unnest($1::text[]) AS v WHERE v LIKE $2 ORDER BY v', [values, pattern])
      ).map((r) => r.v);
    expect(await match(containsPattern('0%'))).toEqual(['50% off']);
    expect(await match(containsPattern('_'))).toEqual(['a_b']);
    expect(await match(prefixPattern('back\\'))).toEqual(['back\\slash']);
  });

  it('reads the rows of a Drizzle execute result', async () => {
    const result = await t.ctx.database.db.execute(sql`SELECT n FROM generate_series(1, 3) AS n ORDER BY n`);
    expect(rowsOf<{ n: number }>(result).map((r) => r.n)).toEqual([1, 2, 3]);
    expect(rowsOf(await t.ctx.database.db.execute(sql`SELECT 1 AS n WHERE false`))).toEqual([]);
  });

  it('date and timestamp columns read as the API writes them', async () => {
    const [row] = await t.ctx.database.query<{ day: string; at: string }>(
      `SELECT ${isoDateColumn(`'2026-11-24'::date`, 'day')}, ${isoTimestampColumn(`'2026-11-24 10:30:05+01'::timestamptz`, 'at')}`,
    );
    expect(row).toEqual({ day: '2026-11-24', at: '2026-11-24T09:30:05Z' });
    const [now] = await t.ctx.database.query<{ at: Date | string }>(`SELECT '2026-11-24 10:30:05.123+01'::timestamptz AS at`);
    expect(toIsoTimestamp(now!.at)).toBe('2026-11-24T09:30:05.123Z');
  });

  it('the haversine distance in SQL is the one the browser computes, and stays defined for antipodes', async () => {
    const leeds = { lat: 53.8, lng: -1.55 };
    const truro = { lat: 50.26, lng: -5.05 };
    const [row] = await t.ctx.database.query<{ km: number; antipodes: number; same: number }>(
      `SELECT ${haversineKmSql('$1::float8', '$2::float8', '$3::float8', '$4::float8')} AS km,
              ${haversineKmSql('0.0', '0.0', '0.0', '180.0')} AS antipodes, ${haversineKmSql('$1::float8', '$2::float8', '$1::float8', '$2::float8')} AS same`,
      [leeds.lat, leeds.lng, truro.lat, truro.lng],
    );
    expect(row!.km).toBeCloseTo(haversineKm(leeds, truro), 6);
    expect(row!.antipodes).toBeCloseTo(Math.PI * 6371, 6);
    expect(row!.same).toBe(0);
  });

  it('text that passes isUuid compares with a uuid column', async () => {
    const id = '0B7E7DEE-87AE-4B8A-9C2B-6BD6A9A7C3F1';
    expect(isUuid(id)).toBe(true);
    expect(await t.ctx.database.query('SELECT id FROM providers WHERE id = $1', [id])).toEqual([]);
  });

  it('a duplicate insert is a unique violation on its constraint, through the driver and through Drizzle', async () => {
    const insert = (slug: string, name: string) =>
      t.ctx.database.query('INSERT INTO providers (slug, business_name) VALUES ($1, $2)', [slug, name]);
    await insert('helper-one', 'Helper One');
    const raw = await insert('helper-one', 'Helper Two').catch((err: unknown) => err);
    expect(isUniqueViolation(raw, 'providers_slug_key')).toBe(true);
    expect(isUniqueViolation(raw, 'providers_business_name_key')).toBe(false);
    const viaDrizzle = await t.ctx.database.db
      .execute(sql`INSERT INTO providers (slug, business_name) VALUES ('helper-two', ${' helper one '})`)
      .catch((err: unknown) => err);
    expect(isUniqueViolation(viaDrizzle)).toBe(true);
    expect(isUniqueViolation(viaDrizzle, 'providers_business_name_key')).toBe(true);
  });
});
