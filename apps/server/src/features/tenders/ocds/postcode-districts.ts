import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { dataDir } from '../../../paths';

export type PostcodeLookup = (postcode: string) => { lat: number; lon: number; region: string | null } | null;

/**
 * Approximate points of GB postcode districts (data/gazetteer/SOURCE.md), so imported notices can be
 * found by the distance filter from their buyer's postcode (decision 0175: marked approximate).
 */
export function loadPostcodeDistricts(file = path.join(dataDir, 'gazetteer', 'gb-postcode-districts-approx.csv.gz')): PostcodeLookup {
  const rows = parse(gunzipSync(readFileSync(file)), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
  const byDistrict = new Map<string, { lat: number; lon: number; region: string | null }>();
  for (const row of rows) {
    const lat = Number(row.lat);
    const lon = Number(row.lon);
    if (row.postcode_district && Number.isFinite(lat) && Number.isFinite(lon)) {
      byDistrict.set(row.postcode_district.toUpperCase(), { lat, lon, region: row.region || row.country || null });
    }
  }
  return (postcode) => {
    const compact = postcode.toUpperCase().replace(/\s+/g, '');
    // The outward code is everything but the last three characters of a full postcode.
    const outward = /^[A-Z]{1,2}\d[A-Z\d]?\d[A-Z]{2}$/.test(compact) ? compact.slice(0, -3) : postcode.toUpperCase().split(/\s+/)[0]!;
    return byDistrict.get(outward) ?? null;
  };
}
