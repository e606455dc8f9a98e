import { getTableColumns } from 'drizzle-orm';
import { providers, type ProviderRow } from '../../db/schema/index';

/**
 * A provider row read with hand-written SQL, as Drizzle would give it (decision 0627). The hot reads
 * (a directory page, a profile) run one cached statement text each; Drizzle built each of them anew
 * per request and mapped every value through its columns, a fifth to a third of the answer's CPU.
 * The select list is made once from the Drizzle table, so a new column is read without a change
 * here; a column type not handled below fails at start, and a test compares every provider with
 * Drizzle's reading of it on both databases.
 */

/** Drizzle column types whose driver value is already what Drizzle returns. */
const AS_IS = new Set(['PgUUID', 'PgText', 'PgArray', 'PgDoublePrecision', 'PgBoolean', 'PgInteger']);

const columns = Object.entries(getTableColumns(providers)).map(([key, column]) => ({ key, name: column.name, type: column.columnType }));
const timestampKeys = columns.filter((c) => c.type === 'PgTimestamp').map((c) => c.key);
for (const c of columns) {
  if (!AS_IS.has(c.type) && c.type !== 'PgTimestamp' && c.type !== 'PgNumericNumber')
    throw new Error(`provider-rows.ts: column ${c.name} (${c.type}) has no raw reading`);
}

/**
 * The providers columns as a select list from `alias`, each named as ProviderRow names it. Both
 * drivers return the same JavaScript values for these expressions: timestamps as ISO text to the
 * millisecond (what a Date holds; PostgreSQL's `MS` truncates as Date parsing does), numerics as float8.
 */
export function providerColumns(alias: string): string {
  return columns
    .map(({ key, name, type }) => {
      const column = `${alias}."${name}"`;
      if (type === 'PgTimestamp') return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "${key}"`;
      if (type === 'PgNumericNumber') return `${column}::float8 AS "${key}"`;
      return `${column} AS "${key}"`;
    })
    .join(', ');
}

/** A raw row of `providerColumns` (and any other columns, left out) as a ProviderRow. */
export function toProviderRow(raw: Record<string, unknown>): ProviderRow {
  const row: Record<string, unknown> = {};
  for (const { key } of columns) row[key] = raw[key];
  for (const key of timestampKeys) row[key] = new Date(raw[key] as string);
  return row as ProviderRow;
}
