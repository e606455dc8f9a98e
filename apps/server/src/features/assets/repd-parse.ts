// Over 300 lines: the REPD reader with the header map and cleaners only it uses (decision 0190).
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { bngToWgs84 } from '@solar/shared/domain/geo';
import { ASSET_DEVELOPMENT_STATUSES, ASSET_REGIONS, ASSET_TECHNOLOGY_TYPES, SQM_PER_ACRE } from '@solar/shared/constants/assets';
import { isoDay } from '../../db/sql-helpers';

/**
 * Reads a REPD quarterly CSV (data/repd/SOURCE.md): Windows-1252 or UTF-8 (with or without BOM),
 * CRLF, quoted newlines. Columns are found by normalised header name because headers change
 * between releases ('Turbine Capacity' / 'Turbine Capacity (MW)', 'Planning Permission  Granted').
 */

/** One asset record as stored (column names of the `assets` table, camelCase). */
export interface RepdRecord {
  repdRefId: string;
  oldRefId: string | null;
  siteName: string;
  technologyType: string | null;
  storageType: string | null;
  installedCapacity: number | null;
  mountingType: string | null;
  developmentStatus: string | null;
  developmentStatusShort: string | null;
  recordLastUpdated: string | null;
  solarSiteAreaSqm: number | null;
  siteAreaAcres: number | null;
  address: string | null;
  county: string | null;
  region: string | null;
  country: string | null;
  postCode: string | null;
  easting: number | null;
  northing: number | null;
  latitude: number | null;
  longitude: number | null;
  repdOperator: string | null;
  planningAuthority: string | null;
  planningApplicationRef: string | null;
  appealReference: string | null;
  planningSubmissionDate: string | null;
  planningGrantedDate: string | null;
  sosGrantedDate: string | null;
  underConstructionDate: string | null;
  operationalDate: string | null;
  extra: Record<string, string>;
  contentHash: string;
}

export interface RepdRejection {
  /** 1-based data row number (the header is row 0). */
  row: number;
  refId: string | null;
  reason: string;
}

export interface RepdParseResult {
  records: RepdRecord[];
  rejections: RepdRejection[];
  /** Data rows read. */
  read: number;
  /** Fixes made while reading (lat/lon typed into X/Y, stray values), for the import report. */
  notes: string[];
  newestRecord: string | null;
}

/** Lower-case, punctuation to spaces, runs of spaces collapsed. */
export const normaliseHeader = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The same name with any parenthesised part removed ('Turbine Capacity (MW)' → 'turbine capacity'). */
const withoutParentheses = (header: string) => normaliseHeader(header.replace(/\([^)]*\)/g, ' '));

type Field =
  | 'oldRefId'
  | 'refId'
  | 'recordLastUpdated'
  | 'operator'
  | 'siteName'
  | 'technologyType'
  | 'storageType'
  | 'installedCapacity'
  | 'mountingType'
  | 'developmentStatus'
  | 'developmentStatusShort'
  | 'address'
  | 'county'
  | 'region'
  | 'country'
  | 'postCode'
  | 'x'
  | 'y'
  | 'planningAuthority'
  | 'planningApplicationRef'
  | 'appealReference'
  | 'planningSubmissionDate'
  | 'planningGrantedDate'
  | 'sosGrantedDate'
  | 'underConstructionDate'
  | 'operationalDate'
  | 'solarSiteArea';

/** Normalised header names (full, then without parentheses) for each field. */
const FIELD_NAMES: Record<Field, string[]> = {
  oldRefId: ['old ref id'],
  refId: ['ref id'],
  recordLastUpdated: ['record last updated dd mm yyyy', 'record last updated'],
  operator: ['operator or applicant', 'operator'],
  siteName: ['site name'],
  technologyType: ['technology type'],
  storageType: ['storage type'],
  installedCapacity: ['installed capacity mwelec', 'installed capacity mw', 'installed capacity'],
  mountingType: ['mounting type for solar'],
  developmentStatus: ['development status'],
  developmentStatusShort: ['development status short'],
  address: ['address'],
  county: ['county'],
  region: ['region'],
  country: ['country'],
  postCode: ['post code', 'postcode'],
  x: ['x coordinate'],
  y: ['y coordinate'],
  planningAuthority: ['planning authority'],
  planningApplicationRef: ['planning application reference'],
  appealReference: ['appeal reference'],
  planningSubmissionDate: ['planning application submitted'],
  planningGrantedDate: ['planning permission granted'],
  sosGrantedDate: ['secretary of state granted'],
  underConstructionDate: ['under construction'],
  operationalDate: ['operational'],
  solarSiteArea: ['solar site area sqm', 'solar site area'],
};

/** Maps each field to its column index; unknown columns go to `extra` under their normalised name. */
export function mapHeaders(headers: string[]): { columns: Partial<Record<Field, number>>; extra: Array<[number, string]> } {
  const columns: Partial<Record<Field, number>> = {};
  const used = new Set<number>();
  const entries = Object.entries(FIELD_NAMES) as Array<[Field, string[]]>;
  for (const pass of [normaliseHeader, withoutParentheses]) {
    headers.forEach((header, index) => {
      if (used.has(index)) return;
      const name = pass(header);
      const match = entries.find(([field, names]) => columns[field] === undefined && names.includes(name));
      if (match) {
        columns[match[0]] = index;
        used.add(index);
      }
    });
  }
  // Extra columns are keyed the way mapped headers are matched: units in brackets dropped, so
  // 'Turbine Capacity' becoming 'Turbine Capacity (MW)' changes no stored row (decision 0464).
  const extra = headers.map((h, i) => [i, withoutParentheses(h) || normaliseHeader(h)] as [number, string]).filter(([i, name]) => !used.has(i) && name);
  return { columns, extra };
}

/** Trims spaces, tabs and stray newlines; blank → null. */
export const clean = (value: string | undefined): string | null => {
  if (value == null) return null;
  const v = value.replace(/[\s\u00a0]+/g, ' ').trim();
  return v === '' ? null : v;
};

const NUMBER = /^-?\d+(\.\d+)?$/;
const numberOf = (value: string | undefined): number | null => {
  const v = clean(value)?.replace(/,/g, '');
  return v && NUMBER.test(v) ? Number(v) : null;
};

/** dd/mm/yyyy → yyyy-mm-dd; anything else ('NA', blanks, impossible dates) → null. */
export function parseUkDate(value: string | undefined): string | null {
  const m = clean(value)?.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return isoDay(date);
}

const canonical = <T extends string>(list: readonly T[]) => {
  const byKey = new Map(list.map((v) => [v.toLowerCase(), v]));
  return (value: string | undefined): string | null => {
    const v = clean(value);
    return v ? (byKey.get(v.toLowerCase()) ?? v) : null;
  };
};
/** 'Planning Permission Granted ', 'Planning permission Granted', … → 'Planning Permission Granted' (docs/product/assets.md#projects-table). */
export const canonicalStatus = canonical(ASSET_DEVELOPMENT_STATUSES);
export const canonicalTechnology = canonical(ASSET_TECHNOLOGY_TYPES);
const canonicalRegion = canonical(ASSET_REGIONS);
const canonicalMounting = canonical(['Ground', 'Roof', 'Ground & Roof', 'Floating']);
const canonicalShortStatus = (value: string | undefined) => {
  const v = clean(value);
  return v ? v.charAt(0).toUpperCase() + v.slice(1).replace(/\bsubmitted\b/, 'Submitted') : null;
};

/** UK land and sea area in WGS84: Shetland, Scilly, Northern Ireland and the offshore wind zones. */
const inUk = (lng: number, lat: number) => lng >= -11 && lng <= 4 && lat >= 49 && lat <= 62;

/**
 * X/Y → WGS84. X/Y normally hold British National Grid eastings and northings (Northern Ireland
 * rows too); some rows hold latitude and longitude typed into them instead (Ref ID 17312).
 */
export function coordinatesOfRow(xText: string | undefined, yText: string | undefined) {
  const x = numberOf(xText);
  const y = numberOf(yText);
  if (x === null || y === null) return { easting: null, northing: null, lng: null, lat: null, note: null };
  if (Math.abs(x) <= 90 && Math.abs(y) <= 180) {
    // Degrees, in either order.
    if (inUk(y, x)) return { easting: null, northing: null, lng: y, lat: x, note: 'latitude/longitude in X/Y' };
    if (inUk(x, y)) return { easting: null, northing: null, lng: x, lat: y, note: 'longitude/latitude in X/Y' };
    return { easting: null, northing: null, lng: null, lat: null, note: 'coordinates outside the UK' };
  }
  const converted = bngToWgs84(x, y);
  if (!converted || !inUk(converted[0], converted[1])) {
    return { easting: x, northing: y, lng: null, lat: null, note: 'coordinates outside the UK' };
  }
  return { easting: x, northing: y, lng: converted[0], lat: converted[1], note: null };
}

/** Decodes a REPD file: gzip when compressed; UTF-8 when valid (BOM stripped), Windows-1252 otherwise. */
export function decodeRepd(buffer: Buffer): string {
  const raw = buffer[0] === 0x1f && buffer[1] === 0x8b ? gunzipSync(buffer) : buffer;
  if (raw[0] === 0xef && raw[1] === 0xbb && raw[2] === 0xbf) return raw.subarray(3).toString('utf8');
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(raw);
  return utf8.includes('\uFFFD') ? iconv.decode(raw, 'win1252') : utf8;
}

export function parseRepd(buffer: Buffer): RepdParseResult {
  const rows: string[][] = parse(decodeRepd(buffer), { relax_column_count: true, skip_empty_lines: true, bom: true });
  const [headers, ...data] = rows;
  if (!headers) throw new Error('The REPD file is empty');
  const { columns, extra } = mapHeaders(headers);
  const missing = (['refId', 'siteName'] as const).filter((f) => columns[f] === undefined);
  if (missing.length) throw new Error(`Not a REPD file: no ${missing.map((f) => (f === 'refId' ? "'Ref ID'" : "'Site Name'")).join(' or ')} column`);

  const records: RepdRecord[] = [];
  const rejections: RepdRejection[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  let newestRecord: string | null = null;

  data.forEach((row, i) => {
    const rowNumber = i + 1;
    const get = (field: Field) => (columns[field] === undefined ? undefined : row[columns[field]!]);
    const refId = clean(get('refId'));
    const siteName = clean(get('siteName'));
    if (!refId || !/^\d+$/.test(refId)) return void rejections.push({ row: rowNumber, refId, reason: 'missing or invalid Ref ID' });
    if (seen.has(refId)) return void rejections.push({ row: rowNumber, refId, reason: 'duplicate Ref ID in the file' });
    if (!siteName) return void rejections.push({ row: rowNumber, refId, reason: 'missing Site Name' });
    seen.add(refId);

    const coords = coordinatesOfRow(get('x'), get('y'));
    if (coords.note) notes.push(`Ref ID ${refId}: ${coords.note}`);
    let storageType = clean(get('storageType'));
    if (storageType && /^\d+$/.test(storageType)) {
      // A REPD reference typed into Storage Type (SOURCE.md: '15908').
      notes.push(`Ref ID ${refId}: stray Storage Type value '${storageType}' dropped`);
      storageType = null;
    }
    const capacity = numberOf(get('installedCapacity'));
    const area = numberOf(get('solarSiteArea'));
    const recordLastUpdated = parseUkDate(get('recordLastUpdated'));
    if (recordLastUpdated && (!newestRecord || recordLastUpdated > newestRecord)) newestRecord = recordLastUpdated;

    const extraValues: Record<string, string> = {};
    for (const [index, name] of extra) {
      const v = clean(row[index]);
      if (v) extraValues[name] = v;
    }
    const record: Omit<RepdRecord, 'contentHash'> = {
      repdRefId: refId,
      oldRefId: clean(get('oldRefId')),
      siteName,
      technologyType: canonicalTechnology(get('technologyType')),
      storageType,
      installedCapacity: capacity !== null && capacity >= 0 ? capacity : null,
      mountingType: canonicalMounting(get('mountingType')),
      developmentStatus: canonicalStatus(get('developmentStatus')),
      developmentStatusShort: canonicalShortStatus(get('developmentStatusShort')),
      recordLastUpdated,
      solarSiteAreaSqm: area,
      siteAreaAcres: area !== null ? Math.round((area / SQM_PER_ACRE) * 100) / 100 : null,
      address: clean(get('address'))?.replace(/\s+,/g, ',') ?? null,
      county: clean(get('county')),
      region: canonicalRegion(get('region')),
      country: clean(get('country')),
      postCode: clean(get('postCode'))?.toUpperCase() ?? null,
      easting: coords.easting,
      northing: coords.northing,
      latitude: coords.lat,
      longitude: coords.lng,
      repdOperator: clean(get('operator')),
      planningAuthority: clean(get('planningAuthority')),
      planningApplicationRef: clean(get('planningApplicationRef')),
      appealReference: clean(get('appealReference')),
      planningSubmissionDate: parseUkDate(get('planningSubmissionDate')),
      planningGrantedDate: parseUkDate(get('planningGrantedDate')),
      sosGrantedDate: parseUkDate(get('sosGrantedDate')),
      underConstructionDate: parseUkDate(get('underConstructionDate')),
      operationalDate: parseUkDate(get('operationalDate')),
      extra: extraValues,
    };
    records.push({ ...record, contentHash: createHash('sha256').update(JSON.stringify(record)).digest('hex').slice(0, 32) });
  });
  return { records, rejections, read: data.length, notes, newestRecord };
}
