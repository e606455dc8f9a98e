import { useEffect, useMemo } from 'react';
import { RefreshCw, SearchX } from '../../../components/ui/icons';
import { TENDER_MESSAGES, TENDER_PAGE_SIZES } from '@solar/shared/constants/tenders';
import { formatCount } from '@solar/shared/domain/count';
import { cleanTenderBoardAddress, TENDER_BOARD_FILTER_KEYS, tenderBoardQueryOf } from '@solar/shared/domain/tender-board-address';
import { CollapsibleFilters } from '../../../components/collapsible-filters';
import { PastTheEnd } from '../../../components/past-the-end';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { changedBy } from '../../../lib/clean-params';
import { useQueryParams, withParams } from '../../../lib/use-query-params';
import { usePublicTenders } from '../api/list-public-tenders';
import { TenderCard } from '../components/tender-card';
import { TenderFreshness } from '../components/tender-freshness';
import { activeTenderFilters, TenderFiltersPanel } from '../components/tender-filters-panel';
import { TenderPagination } from '../components/tender-pagination';
import { SaveSearchButton } from '../../../components/save-search/save-search-button';
import { ExportButton } from '../../../components/export/export-button';
import { exportTendersUrl } from '../api/export-tenders';

/** Server rendering and the document head (decision 0370). */
export { handle } from './explore-tenders-page.handle';

const SORTS = [
  { value: 'publishedDate:desc', label: 'Newest first' },
  { value: 'publishedDate:asc', label: 'Oldest first' },
  { value: 'closingDate:asc', label: 'Closing soonest' },
  { value: 'closingDate:desc', label: 'Closing latest' },
];

/** The public tender board (/explore-tenders, docs/product/tenders.md#tender-board): filters and page live in the address. */
export function ExploreTendersPage() {
  const [rawParams, update, replaceParams] = useQueryParams();
  // Values the contract refuses are dropped before anything is asked (decision 0352), and the address follows.
  const params = useMemo(() => cleanTenderBoardAddress(rawParams), [rawParams]);
  useEffect(() => {
    if (changedBy(params, rawParams)) replaceParams(params);
  }, [params, rawParams, replaceParams]);
  const board = tenderBoardQueryOf(params);
  const { page, limit, sortBy, sortOrder } = board;
  const query = usePublicTenders(board);
  /** Changing a filter returns to page 1 (docs/product/tenders.md#tender-board). */
  const setFilters = (changes: Record<string, string | null>) => update({ ...changes, page: null });
  const clearAll = () => update(Object.fromEntries([...TENDER_BOARD_FILTER_KEYS, 'page'].map((k) => [k, null])));
  const setPage = (next: number) => {
    update({ page: next > 1 ? String(next) : null });
    window.scrollTo({ top: 0 });
  };
  const pagination = query.data?.pagination;

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Explore Tenders</h1>
        <p className="mt-2 text-slate-700">Open opportunities listed on Solar Manager and UK public-procurement notices, in one place.</p>
        <TenderFreshness />
      </header>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <CollapsibleFilters id="tender-filters" activeCount={activeTenderFilters(params)} className="self-start">
          <TenderFiltersPanel params={params} setFilters={setFilters} clearAll={clearAll} />
        </CollapsibleFilters>

        <section aria-labelledby="tender-results" className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <p id="tender-results" role="status" className="text-sm text-slate-700">
              {pagination ? formatCount(pagination.total, 'tender') : query.isPending ? 'Loading tenders...' : ''}
            </p>
            <div className="flex flex-wrap gap-3">
              <label className="flex items-center gap-2 text-sm">
                <span>Sort</span>
                <Select
                  aria-label="Sort tenders"
                  value={`${sortBy}:${sortOrder}`}
                  onChange={(e) => {
                    const [by, order] = e.target.value.split(':');
                    setFilters({ sortBy: by!, sortOrder: order! });
                  }}
                >
                  {SORTS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </Select>
              </label>
              <label className="flex items-center gap-2 text-sm">
                <span className="whitespace-nowrap">Per page</span>
                <Select aria-label="Tenders per page" value={String(limit)} onChange={(e) => setFilters({ limit: e.target.value })}>
                  {TENDER_PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </Select>
              </label>
              <SaveSearchButton kind="tenders" params={params} />
              <ExportButton
                what={{ counted: pagination ? formatCount(pagination.total, 'tender') : null }}
                total={pagination?.total}
                files={() => ({ csv: exportTendersUrl(board, 'csv'), json: exportTendersUrl(board, 'json') })}
              />
            </div>
          </div>

          {query.isError ? (
            <Card className="flex flex-col items-center gap-3 p-8 text-center" role="alert">
              <h2 className="text-lg font-semibold text-destructive">{TENDER_MESSAGES.loadListError}</h2>
              <p className="text-sm text-slate-700">{query.error.message}</p>
              <Button onClick={() => window.location.reload()}>
                <RefreshCw className="h-4 w-4" aria-hidden />
                Refresh Page
              </Button>
            </Card>
          ) : query.isPending ? (
            <div className="space-y-4" aria-hidden>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-44 w-full" />
              ))}
            </div>
          ) : query.data.data.length === 0 && query.data.pagination.total > 0 ? (
            <PastTheEnd lastPage={query.data.pagination.pages} to={withParams(params, { page: String(query.data.pagination.pages) })} />
          ) : query.data.data.length === 0 ? (
            <Card className="flex flex-col items-center gap-3 p-8 text-center">
              <SearchX className="h-8 w-8 text-slate-400" aria-hidden />
              <h2 className="text-lg font-semibold">{TENDER_MESSAGES.noneFound}</h2>
              <p className="text-sm text-slate-700">No tenders match these filters. Try a wider search.</p>
              <Button variant="secondary" onClick={clearAll}>
                Clear All Filters
              </Button>
            </Card>
          ) : (
            <>
              <ul className="space-y-4" aria-busy={query.isPlaceholderData}>
                {query.data.data.map((tender) => (
                  <li key={tender.id}>
                    <TenderCard tender={tender} fromPage={page} board={params} />
                  </li>
                ))}
              </ul>
              <TenderPagination page={page} pages={query.data.pagination.pages} onPage={setPage} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
