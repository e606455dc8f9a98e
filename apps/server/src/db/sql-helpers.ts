import { EARTH_RADIUS_KM } from '@solar/shared/domain/geo';

/**
 * The small pieces of SQL work that repositories (and the services reading their errors) share, so
 * each is written once: LIKE patterns, positional parameters, date and timestamp text, UUID checks
 * and the unique-violation error. No queries here (docs/decisions/0347).
 */

/**
 * `text` with LIKE's wildcards (`%`, `_`) and its escape character (`\`) escaped, so it matches
 * literally. Backslash is PostgreSQL's default LIKE escape: no ESCAPE clause is needed.
 */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE / ILIKE pattern for values containing `text`. */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** A LIKE / ILIKE pattern for values starting with `text`. */
export const prefixPattern = (text: string): string => `${escapeLike(text)}%`;

/**
 * Positional parameters for hand-written SQL: `add(value)` keeps the value and returns its
 * placeholder (`$1`, `$2`, …); pass `values` with the text.
 */
export class SqlParams {
  readonly values: unknown[] = [];
  readonly add = (value: unknown): string => `$${this.values.push(value)}`;
}

/**
 * The VALUES list of a multi-row INSERT, `($1, $2, …), ($n, …)`, one group per row (all rows the
 * same length), each ending with `constants` (SQL text, verbatim). Pass `rows.flat()` as parameters.
 */
export function valuesList(rows: readonly unknown[][], ...constants: string[]): string {
  const width = rows[0]?.length ?? 0;
  return rows
    .map((_, r) => `(${[...Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`), ...constants].join(', ')})`)
    .join(', ');
}

/** The rows of a Drizzle `execute` result (its shape differs between the PGlite and node-postgres drivers). */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows?: T[] } | null)?.rows ?? []);

/** A select-list item reading a `date` expression as `yyyy-mm-dd` text. */
export const isoDateColumn = (expression: string, alias: string): string => `to_char(${expression}, 'YYYY-MM-DD') AS ${alias}`;

/** A select-list item reading a `timestamptz` expression as ISO 8601 UTC text to the second ('2026-11-24T09:00:00Z'). */
export const isoTimestampColumn = (expression: string, alias: string): string =>
  `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS ${alias}`;

/**
 * The haversine distance in km between two points given as SQL expressions (columns or
 * placeholders) on a sphere of EARTH_RADIUS_KM, as `haversineKm` computes it in TypeScript;
 * `least(1, …)` keeps rounding from taking asin outside its domain.
 */
export const haversineKmSql = (lat1: string, lng1: string, lat2: string, lng2: string): string =>
  `(2 * ${EARTH_RADIUS_KM} * asin(least(1, sqrt(power(sin(radians(${lat2} - ${lat1}) / 2), 2)
    + cos(radians(${lat1})) * cos(radians(${lat2})) * power(sin(radians(${lng2} - ${lng1}) / 2), 2)))))`;

/** A timestamp as the API writes it (ISO 8601, UTC, milliseconds): drivers give a Date, raw queries may give text. */
export const toIsoTimestamp = (value: Date | string): string => new Date(value).toISOString();

/** `toIsoTimestamp`, with null (and undefined) as null. */
export const toIsoTimestampOrNull = (value: Date | string | null | undefined): string | null =>
  value == null ? null : toIsoTimestamp(value);

/** The UTC calendar day of a moment, `yyyy-mm-dd` (a date column's value, a file name's date). */
export const isoDay = (moment: Date): string => moment.toISOString().slice(0, 10);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` is a UUID's text. Check ids from a URL before comparing them with a uuid column:
 * other text there is an error (22P02, a 500), where the caller means "not found".
 */
export const isUuid = (value: string): boolean => UUID.test(value);

/** SQLSTATE of a unique violation. */
export const UNIQUE_VIOLATION = '23505';

/**
 * Whether `error` is a unique violation (on `constraint`, when given). Drizzle wraps the driver's
 * error, so the `cause` chain is followed.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e !== null && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === UNIQUE_VIOLATION && (constraint === undefined || name === constraint)) return true;
  }
  return false;
}
