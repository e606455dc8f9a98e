import { useEffect, useId, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from '../../../components/ui/icons';
import { HistoryStartsNote } from './history-starts-note';
import {
  ASSET_HISTORY,
  ASSET_MESSAGES,
  ASSET_REGIONS,
  ASSET_TECHNOLOGY_TYPES,
  DEFAULT_PROJECT_SORT,
  PROJECT_COLUMNS,
  PROJECT_PHASES,
  PROJECTS_PAGE_SIZE,
  type ProjectSortKey,
} from '@solar/shared/constants/assets';
import { cleanProjectsAddress, isCleanProjectsAddress, projectsFiltersOf, projectsPageQuery, PROJECTS_FILTER_KEYS, type ProjectsSort } from '@solar/shared/domain/projects-table-address';
import { Button } from '../../../components/ui/button';
import { fieldControl } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useQueryParams } from '../../../lib/use-query-params';
import { SaveSearchButton } from '../../../components/save-search/save-search-button';
import { exportAssetProjects, useAssetProjects } from '../api/list-asset-projects';
import type { AssetPick } from './asset-map';
import { useDebounced } from '../../../lib/use-debounced';
import { useMediaQuery } from '../../../lib/use-media-query';
import { cell, ProjectCards, SiteName } from './project-cards';

const ALL = 'all';
/** Below Tailwind's `lg`: cards instead of the table (decision 0506). */
const NARROW = '(max-width: 1023.98px)';
/** The projects table's 'changed since' day in the address (decision 0396). */
export const CHANGED_SINCE_PARAM = PROJECTS_FILTER_KEYS.changedSince;


/** The Projects tab (docs/product/assets.md#projects-table): filters, sortable columns, 25 a page, export. */
export function ProjectsTable({ onOpen }: { onOpen(pick: AssetPick): void }) {
  const [params, setParams, replaceParams] = useQueryParams();
  // The filters live in the address (issue 30), so the table's search can be shared and saved (decision 0471),
  // read by the one reading the server's render prefetches with (decision 0590).
  const address = projectsFiltersOf(params);
  const region = address.region ?? ALL;
  const technology = address.technology ?? ALL;
  const phase = address.phase ?? ALL;
  const addressOperator = address.operatorSearch ?? '';
  const [operatorText, setOperatorText] = useState(addressOperator);
  const operatorSearch = useDebounced(operatorText.trim());
  useEffect(() => {
    if (operatorSearch !== addressOperator) setParams({ [PROJECTS_FILTER_KEYS.operatorSearch]: operatorSearch || null });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [operatorSearch]);
  const setFilter = (key: string) => (value: string) => setParams({ [key]: value === ALL ? null : value });
  const [sort, setSort] = useState<ProjectsSort>(DEFAULT_PROJECT_SORT);
  const [page, setPage] = useState(1);
  // A value the list call would refuse is dropped from the address (decision 0352).
  const clean = isCleanProjectsAddress(params);
  useEffect(() => {
    if (!clean) replaceParams(cleanProjectsAddress(params));
  }, [clean, params, replaceParams]);
  const changedSince = address.changedSince ?? '';
  // The date's hint stands under the whole filter row, so the control is wired without a `Field` around it.
  const changedSinceId = useId();
  const narrow = useMediaQuery(NARROW);
  const [lastOperator, setLastOperator] = useState(operatorSearch);
  if (lastOperator !== operatorSearch) {
    // docs/product/assets.md#projects-table: any filter change returns to page 1.
    setLastOperator(operatorSearch);
    setPage(1);
  }
  const { offset, limit, ...filters } = projectsPageQuery({ ...address, operatorSearch: operatorSearch || undefined }, sort, page);
  const query = useAssetProjects({ ...filters, offset, limit });
  const total = query.data?.total ?? 0;
  const rows = query.data?.data ?? [];
  const from = total === 0 ? 0 : (page - 1) * PROJECTS_PAGE_SIZE + 1;
  const to = Math.min(page * PROJECTS_PAGE_SIZE, total);
  const change = (setter: (v: string) => void) => (e: React.ChangeEvent<HTMLSelectElement>) => {
    setter(e.target.value);
    setPage(1);
  };
  const toggleSort = (key: ProjectSortKey) => {
    setSort((s) =>
      s.sortBy === key
        ? { sortBy: key, sortDirection: s.sortDirection === 'asc' ? 'desc' : 'asc' }
        : { sortBy: key, sortDirection: 'asc' },
    );
    setPage(1);
  };

  // Loading, failure and no results: one line, in the cards and in the table alike.
  const state = query.isPending ? (
    <p role="status" className="text-center text-slate-600">
      {ASSET_MESSAGES.loadingProjects}
    </p>
  ) : query.isError ? (
    <p role="alert" className="text-center text-red-800">
      {(query.error as Error).message}
    </p>
  ) : rows.length === 0 ? (
    <p className="text-center text-slate-600">{ASSET_MESSAGES.noProjects}</p>
  ) : null;

  return (
    <section aria-labelledby="projects-title" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="projects-title" className="text-xl font-semibold">
          {ASSET_MESSAGES.projectsTitle}
        </h2>
        <div className="flex flex-wrap gap-2">
          <SaveSearchButton kind="projects" params={params} />
          <Button variant="secondary" onClick={() => void exportAssetProjects(filters)}>
            <Download className="h-4 w-4" aria-hidden />
            {ASSET_MESSAGES.export}
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
        <Select aria-label="Region" value={region} onChange={change(setFilter(PROJECTS_FILTER_KEYS.region))}>
          <option value={ALL}>{ASSET_MESSAGES.allRegions}</option>
          {ASSET_REGIONS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </Select>
        <Select aria-label="Technology" value={technology} onChange={change(setFilter(PROJECTS_FILTER_KEYS.technology))}>
          <option value={ALL}>{ASSET_MESSAGES.allTechnologies}</option>
          {ASSET_TECHNOLOGY_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Select>
        <Select aria-label="Development phase" value={phase} onChange={change(setFilter(PROJECTS_FILTER_KEYS.phase))}>
          <option value={ALL}>{ASSET_MESSAGES.allPhases}</option>
          {PROJECT_PHASES.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </Select>
        <Input
          aria-label="Search planning applicant"
          placeholder="Search planning applicant"
          value={operatorText}
          onChange={(e) => setOperatorText(e.target.value)}
        />
        <label className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
          <span className="whitespace-nowrap">{ASSET_HISTORY.changedSinceLabel}</span>
          <Input
            {...fieldControl(changedSinceId, { hint: true })}
            type="date"
            className="min-w-0 flex-1"
            value={changedSince}
            onChange={(e) => {
              setParams({ [CHANGED_SINCE_PARAM]: e.target.value || null });
              setPage(1);
            }}
          />
        </label>
      </div>
      <div id={`${changedSinceId}-hint`} className="-mt-2 grid gap-1 text-xs text-slate-600">
        <p>{ASSET_HISTORY.changedSinceHint}</p>
        <HistoryStartsNote className="text-xs text-slate-700" />
      </div>
      {/* Below 1024 px a card per project with every column, sorted by a select (issue 28, item 10; decision 0506). */}
      {narrow ? (
        <ProjectCards
          rows={rows}
          state={state}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            setPage(1);
          }}
          onOpen={onOpen}
        />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border">
          <table className="w-full min-w-[900px] text-left text-sm">
            <thead className="bg-muted text-slate-800">
              <tr>
                {PROJECT_COLUMNS.map((c) => {
                  const active = sort.sortBy === c.key;
                  const Icon = !active ? ArrowUpDown : sort.sortDirection === 'asc' ? ArrowUp : ArrowDown;
                  return (
                    <th
                      key={c.key}
                      scope="col"
                      aria-sort={active ? (sort.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}
                      className="px-3 py-2 font-medium"
                    >
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:underline"
                        onClick={() => toggleSort(c.key)}
                      >
                        {c.label}
                        <Icon className="h-3.5 w-3.5" aria-hidden />
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {state ? (
                <tr>
                  <td colSpan={PROJECT_COLUMNS.length} className="px-3 py-8">
                    {state}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={row.id} className="border-t border-border align-top">
                    {PROJECT_COLUMNS.map((c) =>
                      c.key === 'siteName' ? (
                        <td key={c.key} className="px-3 py-2">
                          <SiteName row={row} onOpen={onOpen} />
                        </td>
                      ) : (
                        <td
                          key={c.key}
                          className={c.key === 'installedCapacity' ? 'px-3 py-2 text-right tabular-nums' : 'px-3 py-2'}
                        >
                          {cell(row, c.key)}
                        </td>
                      ),
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p aria-live="polite">{ASSET_MESSAGES.showing(from, to, total)}</p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1 || query.isFetching}
            onClick={() => setPage((p) => p - 1)}
          >
            {ASSET_MESSAGES.previous}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={to >= total || query.isFetching}
            onClick={() => setPage((p) => p + 1)}
          >
            {ASSET_MESSAGES.next}
          </Button>
        </div>
      </div>
    </section>
  );
}
