import {
  ASSET_ALERT_CHANGE_LABELS,
  ASSET_ALERT_CHANGES,
  TENDER_ALERT_SOURCE_LABELS,
  TENDER_ALERT_STAGE_LABELS,
  TENDER_BOARD_CLOSED_STAGES,
  TENDER_BOARD_OPEN_STAGES,
  type SavedSearchKind,
} from '../constants/alerts';
import { ASSET_DEVELOPMENT_STATUSES, ASSET_REGIONS, ASSET_TECHNOLOGY_TYPES, PROJECT_ADDRESS_KEYS } from '../constants/assets';
import { formatGBP } from './format';
import { projectsFiltersOf } from './projects-table-address';

/**
 * A saved search and the address of the page it was saved from (decision 0471): the page's filters
 * become the search's criteria, and the criteria open the page again. Values a page would refuse
 * are left out. The criteria's input shapes are the contract's (`contracts/alerts.ts`); this module
 * does not import zod, so the pages' first load stays small.
 */


export interface ProviderCriteriaInput {
  companies?: string[];
  services?: string[];
  types?: string[];
  technologies?: string[];
  scales?: string[];
  phases?: string[];
  location?: string;
  lat?: number;
  lng?: number;
  radiusKm?: number;
}
export interface TenderCriteriaInput {
  keywords?: string;
  service?: string;
  cpv?: string[];
  regions?: string[];
  location?: string;
  lat?: number;
  lng?: number;
  radiusKm?: number;
  minValue?: number;
  maxValue?: number;
  stages?: string[];
  sources?: string[];
  myProfiles?: boolean;
}
export interface AssetCriteriaInput {
  operators?: string[];
  site?: string;
  minCapacity?: number;
  maxCapacity?: number;
  statuses?: string[];
  technologies?: string[];
  regions?: string[];
  minAge?: number;
  maxAge?: number;
  includeUnknownAge?: boolean;
  changes?: string[];
}
export interface ProjectCriteriaInput {
  region?: string;
  technology?: string;
  phase?: string;
  operatorSearch?: string;
  changes?: string[];
}
export type CriteriaInput = ProviderCriteriaInput | TenderCriteriaInput | AssetCriteriaInput | ProjectCriteriaInput;

const texts = (params: URLSearchParams, key: string, max = 20) =>
  [...new Set(params.getAll(key).map((v) => v.trim()))].filter((v) => v && v.length <= 200).slice(0, max);
const text = (params: URLSearchParams, key: string, max = 200) => {
  const v = params.get(key)?.trim();
  return v && v.length <= max ? v : undefined;
};
const number = (params: URLSearchParams, key: string, min: number, max: number) => {
  const raw = params.get(key);
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
};

/** The filters in a page's address as a saved search's criteria. */
export function criteriaFromAddress(kind: SavedSearchKind, params: URLSearchParams): CriteriaInput {
  switch (kind) {
    case 'providers': {
      const [lng, lat] = (params.get('locationCenter') ?? '').split(',').map(Number);
      const point = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat!) <= 90 && Math.abs(lng!) <= 180 && params.get('locationCenter')?.includes(',');
      return {
        companies: texts(params, 'companies'),
        services: texts(params, 'services'),
        types: texts(params, 'types'),
        technologies: texts(params, 'technologies'),
        scales: texts(params, 'scales'),
        phases: texts(params, 'phases'),
        ...(point && { location: text(params, 'location'), lat, lng, radiusKm: number(params, 'radius', 0.1, 2000) ?? 50 }),
      };
    }
    case 'tenders': {
      const lat = number(params, 'lat', -90, 90);
      const lng = number(params, 'lng', -180, 180);
      const status = params.get('status') ?? 'open';
      const source = params.get('source');
      const cpv = params.get('cpv');
      let minValue = number(params, 'minValue', 0, 1e13);
      let maxValue = number(params, 'maxValue', 0, 1e13);
      if (minValue !== undefined && maxValue !== undefined && minValue > maxValue) minValue = maxValue = undefined;
      return {
        keywords: text(params, 'keywords', 300),
        service: text(params, 'service'),
        cpv: cpv && /^\d{8}$/.test(cpv) ? [cpv] : [],
        // The board's place text alone has no point to measure from: it is kept as the label only.
        ...(lat !== undefined && lng !== undefined && { location: text(params, 'location'), lat, lng, radiusKm: number(params, 'radius', 1, 1000) ?? 50 }),
        minValue,
        maxValue,
        // The board's Open is every notice not yet closed (the early Procurement Act notices too); Closed is every stage after it.
        stages: status === 'all' ? [] : status === 'closed' ? [...TENDER_BOARD_CLOSED_STAGES] : [...TENDER_BOARD_OPEN_STAGES],
        sources: source === 'External' || source === 'Solar Manager' ? [source] : [],
      };
    }
    case 'assets': {
      const minCapacity = number(params, 'minCapacity', 0, 100_000);
      const maxCapacity = number(params, 'maxCapacity', 0, 100_000);
      const minAge = number(params, 'minAge', 0, 200);
      const maxAge = number(params, 'maxAge', 0, 200);
      return {
        operators: texts(params, 'operator', 50),
        site: text(params, 'site'),
        minCapacity,
        maxCapacity,
        statuses: texts(params, 'status', 50).filter((s) => (ASSET_DEVELOPMENT_STATUSES as readonly string[]).includes(s)),
        technologies: texts(params, 'technology', 50).filter((s) => (ASSET_TECHNOLOGY_TYPES as readonly string[]).includes(s)),
        regions: texts(params, 'region', 50).filter((s) => (ASSET_REGIONS as readonly string[]).includes(s)),
        minAge: minAge === undefined ? undefined : Math.round(minAge),
        maxAge: maxAge === undefined ? undefined : Math.round(maxAge),
        includeUnknownAge: params.get('unknownAge') !== 'exclude',
        changes: [...ASSET_ALERT_CHANGES],
      };
    }
    case 'projects': {
      // The table's own reading (decision 0590); its 'changed since' day is not a saved criterion.
      const { region, technology, phase, operatorSearch } = projectsFiltersOf(params);
      return { region, technology, phase, operatorSearch, changes: [...ASSET_ALERT_CHANGES] };
    }
  }
}

const withQuery = (out: URLSearchParams) => (out.toString() ? `?${out}` : '');

const put = (out: URLSearchParams, key: string, value: string | number | undefined | null) => {
  if (value !== undefined && value !== null && value !== '') out.append(key, String(value));
};

/** The page a saved search opens, with its filters (what the page cannot show is left out). */
export function addressOf(kind: SavedSearchKind, criteria: CriteriaInput): string {
  const out = new URLSearchParams();
  switch (kind) {
    case 'providers': {
      const c = criteria as ProviderCriteriaInput;
      for (const key of ['companies', 'services', 'types', 'technologies', 'scales', 'phases'] as const) for (const v of c[key] ?? []) out.append(key, v);
      if (c.lat !== undefined && c.lng !== undefined) {
        put(out, 'location', c.location ?? `${c.lat.toFixed(4)}, ${c.lng.toFixed(4)}`);
        put(out, 'locationCenter', `${c.lng},${c.lat}`);
        put(out, 'radius', c.radiusKm);
      }
      return `/providers${withQuery(out)}`;
    }
    case 'tenders': {
      const c = criteria as TenderCriteriaInput;
      put(out, 'keywords', c.keywords);
      put(out, 'service', c.service);
      if (c.lat !== undefined && c.lng !== undefined) {
        put(out, 'location', c.location);
        put(out, 'lat', c.lat);
        put(out, 'lng', c.lng);
        put(out, 'radius', c.radiusKm);
      }
      if (c.sources?.length === 1) put(out, 'source', c.sources[0]);
      // The board shows open (its default), closed (every later stage) or all.
      const stages = c.stages ?? [];
      const open = new Set<string>(TENDER_BOARD_OPEN_STAGES);
      const onlyOpen = stages.length > 0 && stages.every((s) => open.has(s));
      if (!onlyOpen) put(out, 'status', stages.length > 0 && !stages.some((s) => open.has(s)) ? 'closed' : 'all');
      if (c.cpv?.length === 1) put(out, 'cpv', c.cpv[0]);
      put(out, 'minValue', c.minValue);
      put(out, 'maxValue', c.maxValue);
      return `/explore-tenders${withQuery(out)}`;
    }
    case 'assets': {
      const c = criteria as AssetCriteriaInput;
      for (const v of c.operators ?? []) out.append('operator', v);
      put(out, 'site', c.site);
      put(out, 'minCapacity', c.minCapacity);
      put(out, 'maxCapacity', c.maxCapacity);
      for (const v of c.statuses ?? []) out.append('status', v);
      for (const v of c.technologies ?? []) out.append('technology', v);
      for (const v of c.regions ?? []) out.append('region', v);
      put(out, 'minAge', c.minAge);
      put(out, 'maxAge', c.maxAge);
      if (c.includeUnknownAge === false) out.append('unknownAge', 'exclude');
      return `/asset-intel${withQuery(out)}`;
    }
    case 'projects': {
      const c = criteria as ProjectCriteriaInput;
      out.append('tab', 'projects');
      put(out, PROJECT_ADDRESS_KEYS.region, c.region);
      put(out, PROJECT_ADDRESS_KEYS.technology, c.technology);
      put(out, PROJECT_ADDRESS_KEYS.phase, c.phase);
      put(out, PROJECT_ADDRESS_KEYS.operatorSearch, c.operatorSearch);
      return `/asset-intel?${out}`;
    }
  }
}

const km = (n: number | undefined) => `${n ?? 50} km`;
const range = (min: number | undefined, max: number | undefined, unit: (n: number) => string) =>
  min !== undefined && max !== undefined ? `${unit(min)}–${unit(max)}` : min !== undefined ? `from ${unit(min)}` : max !== undefined ? `up to ${unit(max)}` : null;

/** One line saying what a saved search looks for (the dashboard, and its mails). */
export function describeCriteria(kind: SavedSearchKind, criteria: CriteriaInput): string {
  const parts: Array<string | null | undefined> = [];
  switch (kind) {
    case 'providers': {
      const c = criteria as ProviderCriteriaInput;
      parts.push(...(c.services ?? []), ...(c.types ?? []), ...(c.technologies ?? []), ...(c.scales ?? []), ...(c.phases ?? []), ...(c.companies ?? []).map((x) => `"${x}"`));
      if (c.lat !== undefined) parts.push(`within ${km(c.radiusKm)} of ${c.location ?? 'the chosen point'}`);
      break;
    }
    case 'tenders': {
      const c = criteria as TenderCriteriaInput;
      parts.push(c.keywords, c.service && `service ${c.service}`, c.cpv?.length ? `CPV ${c.cpv.join(' or ')}` : null);
      if (c.myProfiles) parts.push("your profiles' services and area");
      if (c.regions?.length) parts.push(c.regions.join(' or '));
      if (c.lat !== undefined) parts.push(`within ${km(c.radiusKm)} of ${c.location ?? 'the chosen point'}`);
      parts.push(range(c.minValue, c.maxValue, formatGBP));
      const boardOpen = c.stages?.length === TENDER_BOARD_OPEN_STAGES.length && TENDER_BOARD_OPEN_STAGES.every((s) => c.stages!.includes(s));
      if (boardOpen) parts.push('Open, with pipeline and open for interest');
      else if (c.stages?.length) parts.push(c.stages.map((s) => TENDER_ALERT_STAGE_LABELS[s as keyof typeof TENDER_ALERT_STAGE_LABELS] ?? s).join(' or '));
      if (c.sources?.length) parts.push(c.sources.map((s) => TENDER_ALERT_SOURCE_LABELS[s as keyof typeof TENDER_ALERT_SOURCE_LABELS] ?? s).join(' or '));
      break;
    }
    case 'assets': {
      const c = criteria as AssetCriteriaInput;
      parts.push(...(c.technologies ?? []), ...(c.regions ?? []), ...(c.statuses ?? []), ...(c.operators ?? []), c.site && `site "${c.site}"`);
      parts.push(range(c.minCapacity, c.maxCapacity, (n) => `${n} MW`));
      parts.push(range(c.minAge, c.maxAge, (n) => `${n} years`));
      break;
    }
    case 'projects': {
      const c = criteria as ProjectCriteriaInput;
      parts.push(c.technology, c.region, c.phase, c.operatorSearch && `applicant "${c.operatorSearch}"`);
      break;
    }
  }
  if (kind === 'assets' || kind === 'projects') {
    const changes = (criteria as AssetCriteriaInput).changes ?? [...ASSET_ALERT_CHANGES];
    parts.push(changes.map((x) => ASSET_ALERT_CHANGE_LABELS[x as keyof typeof ASSET_ALERT_CHANGE_LABELS] ?? x).join(', ').toLowerCase());
  }
  const said = parts.filter((p): p is string => !!p);
  return said.length ? said.join(' · ') : 'Everything new';
}
