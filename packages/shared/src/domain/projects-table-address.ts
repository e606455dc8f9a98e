import {
  ASSET_REGIONS,
  ASSET_TECHNOLOGY_TYPES,
  DEFAULT_PROJECT_SORT,
  PROJECT_ADDRESS_KEYS,
  PROJECT_PHASES,
  PROJECT_SORT_KEYS,
  PROJECTS_PAGE_SIZE,
  type ProjectPhase,
  type ProjectSortKey,
} from '../constants/assets';

/**
 * The projects table's address (/asset-intel?tab=projects, docs/product/assets.md#projects-table)
 * read once (decision 0590): the server's render prefetches the first page of exactly the query
 * the table then asks for, the table reads its filters from it, and a saved search takes its
 * criteria from it. A value the list call (`projectsQuery`) would refuse is left out, so its
 * default applies. Hand-written rather than the contract's schema, so zod stays out of the page's
 * first load (decision 0291); its test proves what is sent always passes `projectsQuery`.
 */

/** The address's keys of the table's filters; `changedSince` is the day (decision 0396). */
export const PROJECTS_FILTER_KEYS = { ...PROJECT_ADDRESS_KEYS, changedSince: 'changedSince' } as const;

/** The table's filters as the list call takes them (each absent when not filtered). */
export interface ProjectsFilters {
  region?: string;
  technology?: string;
  phase?: ProjectPhase;
  operatorSearch?: string;
  changedSince?: string;
}

export interface ProjectsSort {
  sortBy: ProjectSortKey;
  sortDirection: 'asc' | 'desc';
}

/** The list call's query for one page (`projectsQuery`'s input). */
export interface ProjectsPageQuery extends ProjectsFilters, ProjectsSort {
  offset: number;
  limit: number;
}

/** The list call's limit on a text value (`projectsQuery`'s `text` and `listItem`). */
const TEXT_MAX = 200;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (what `z.iso.date()` takes). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A key's first value, trimmed; absent when empty or longer than the call takes. */
function text(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  return value && value.length <= TEXT_MAX ? value : undefined;
}

const oneOf = <T extends string>(allowed: readonly T[], value: string | undefined): T | undefined =>
  value !== undefined && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;

/** The filters of any address: a region, technology or phase the table does not offer, an over-long search or a day that is not one read as not filtered. */
export function projectsFiltersOf(params: URLSearchParams): ProjectsFilters {
  const changedSince = params.get(PROJECTS_FILTER_KEYS.changedSince) ?? '';
  const filters: ProjectsFilters = {
    region: oneOf(ASSET_REGIONS, text(params, PROJECTS_FILTER_KEYS.region)),
    technology: oneOf(ASSET_TECHNOLOGY_TYPES, text(params, PROJECTS_FILTER_KEYS.technology)),
    phase: oneOf(PROJECT_PHASES, text(params, PROJECTS_FILTER_KEYS.phase)),
    operatorSearch: text(params, PROJECTS_FILTER_KEYS.operatorSearch),
    changedSince: isIsoDay(changedSince) ? changedSince : undefined,
  };
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)) as ProjectsFilters;
}

/**
 * The address with the table's refused values left out (other keys as they were), so the address
 * bar shows what the table reads. A kept value is written as the filters read it (trimmed).
 */
export function cleanProjectsAddress(params: URLSearchParams): URLSearchParams {
  const filters = projectsFiltersOf(params);
  const keys = Object.entries(PROJECTS_FILTER_KEYS) as Array<[keyof ProjectsFilters, string]>;
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    const field = keys.find(([, name]) => name === key)?.[0];
    if (!field) out.append(key, value);
    else if (filters[field] !== undefined && !out.has(key)) out.append(key, filters[field]);
  }
  return out;
}

/** Whether an address needs rewriting to its clean self. */
export const isCleanProjectsAddress = (params: URLSearchParams) => cleanProjectsAddress(params).toString() === params.toString();

/** One page of the table as the list call asks for it; page 1 with the default sort is what the server's render prefetches. */
export function projectsPageQuery(filters: ProjectsFilters, sort: ProjectsSort = DEFAULT_PROJECT_SORT, page = 1): ProjectsPageQuery {
  const sortBy = (PROJECT_SORT_KEYS as readonly string[]).includes(sort.sortBy) ? sort.sortBy : DEFAULT_PROJECT_SORT.sortBy;
  return { ...filters, sortBy, sortDirection: sort.sortDirection, offset: (Math.max(1, Math.floor(page)) - 1) * PROJECTS_PAGE_SIZE, limit: PROJECTS_PAGE_SIZE };
}
