import type { AssetChangeKind } from '@solar/shared/constants/assets';
import type { RepdRecord } from './repd-parse';

/**
 * What a REPD release changes per project (decision 0396): compared with the stored REPD rows by
 * Ref ID. Only the fields people follow are reported: development status, installed capacity and
 * operator; any other field still updates the row silently.
 */

export interface StoredProject {
  repd_ref_id: string;
  site_name: string;
  development_status: string | null;
  installed_capacity: number | null;
  repd_operator: string | null;
}

export interface ProjectChange {
  repdRefId: string;
  siteName: string;
  kind: AssetChangeKind;
  before: string | null;
  after: string | null;
}

/** Decimal places a number is written with: 12.5 → 1, 50 → 0. */
const decimals = (n: number) => (Number.isInteger(n) ? 0 : (String(n).split('.')[1]?.length ?? 0));

/**
 * Capacities are rounded in some CSV releases (49.99 one quarter, 50 the next): two values are the
 * same capacity when either is the other rounded to its own decimal places.
 */
export function sameCapacity(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  const within = (precise: number, rounded: number) =>
    Math.abs(precise - rounded) <= 0.5 * 10 ** -decimals(rounded) + 1e-9;
  return within(a, b) || within(b, a);
}

const sameText = (a: string | null, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();
const mw = (n: number | null) => (n === null ? null : String(n));

export function diffRelease(stored: StoredProject[], records: RepdRecord[]): ProjectChange[] {
  const byRef = new Map(stored.map((s) => [s.repd_ref_id, s]));
  const changes: ProjectChange[] = [];
  for (const r of records) {
    const old = byRef.get(r.repdRefId);
    byRef.delete(r.repdRefId);
    const base = { repdRefId: r.repdRefId, siteName: r.siteName };
    if (!old) {
      changes.push({ ...base, kind: 'added', before: null, after: r.developmentStatus });
      continue;
    }
    if (!sameText(old.development_status, r.developmentStatus)) {
      changes.push({ ...base, kind: 'status', before: old.development_status, after: r.developmentStatus });
    }
    if (!sameCapacity(old.installed_capacity, r.installedCapacity)) {
      changes.push({ ...base, kind: 'capacity', before: mw(old.installed_capacity), after: mw(r.installedCapacity) });
    }
    if (!sameText(old.repd_operator, r.repdOperator)) {
      changes.push({ ...base, kind: 'operator', before: old.repd_operator, after: r.repdOperator });
    }
  }
  for (const gone of byRef.values()) {
    changes.push({
      repdRefId: gone.repd_ref_id,
      siteName: gone.site_name,
      kind: 'removed',
      before: gone.development_status,
      after: null,
    });
  }
  return changes;
}
