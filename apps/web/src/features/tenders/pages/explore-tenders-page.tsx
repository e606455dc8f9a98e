import { useState, type ReactNode } from 'react';
import { RefreshCw, SearchX } from 'lucide-react';
import {
  DEFAULT_TENDER_RADIUS_KM,
  DEFAULT_TENDER_STATUS_FILTER,
  TENDER_MESSAGES,
  TENDER_PAGE_SIZES,
  TENDER_RADIUS_OPTIONS_KM,
  TENDER_SOURCE_FILTERS,
  TENDER_STATUS_FILTERS,
} from '@solar/shared/constants/tenders';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { useQueryParams } from '../../../lib/use-query-params';
import { LocationInput } from '../../../components/location-input';
import { usePublicTenders } from '../api/list-public-tenders';
import { ServiceCombobox } from '../components/service-combobox';
import { TenderCard } from '../components/tender-card';
import { TenderPagination } from '../components/tender-pagination';
import { BOARD_FILTER_KEYS, readTenderBoard } from '../state/tender-board-filters';

/** Server rendering and the document head (decision 0370). */
export { handle } from './explore-tenders-page.handle';

const SORTS = [
  { value: 'publishedDate:desc', label: 'Newest first' },
  { value: 'publishedDate:asc', label: 'Oldest first' },
  { value: 'closingDate:asc', label: 'Closing soonest' },
  { value: 'closingDate:desc', label: 'Closing latest' },
];
const STATUS_LABELS: Record<string, string> = { open: 'Open', closed: 'Closed', all: 'All' };
const SOURCE_LABELS: Record<string, string> = { all: 'All sources', External: 'External', 'Solar Manager': 'Solar Manager' };

/** The public tender board (/explore-tenders, docs/product/tenders.md#tender-board): filters and page live in the address. */
export function ExploreTendersPage() {
  const [params, update] = useQueryParams();
  const board = readTenderBoard(params);
  const { page, limit, sortBy, sortOrder } = board;
  const get = (key: string) => params.get(key) ?? undefined;
  const query = usePublicTenders(board);
  /** Changing a filter returns to page 1 (docs/product/tenders.md#tender-board). */
  const setFilters = (changes: Record<string, string | null>) => update({ ...changes, page: null });
  const clearAll = () => update(Object.fromEntries([...BOARD_FILTER_KEYS, 'page'].map((k) => [k, null])));
  const setPage = (next: number) => {
    update({ page: next > 1 ? String(next) : null });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <header className="mb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Explore Tenders</h1>
        <p className="mt-2 text-slate-700">Open opportunities listed on Solar Manager and UK public-procurement notices, in one place.</p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <aside aria-label="Tender filters" className="space-y-4 self-start rounded-lg border border-border bg-white p-4 shadow-sm">
          <FilterField id="filter-service" label="Service">
            <ServiceCombobox id="filter-service" value={get('service') ?? ''} onChange={(service) => setFilters({ service: service || null })} />
          </FilterField>
          <FilterField id="filter-location" label="Location">
            <LocationInput
              id="filter-location"
              value={get('location') ?? ''}
              placeholder="Town, city or postcode"
              onSelect={(s) => setFilters({ location: s.place_name, lng: String(s.center[0]), lat: String(s.center[1]) })}
              onClear={() => setFilters({ location: null, lat: null, lng: null, radius: null })}
            />
          </FilterField>
          {get('lat') && (
            <FilterField id="filter-radius" label="Within">
              <Select id="filter-radius" value={get('radius') ?? String(DEFAULT_TENDER_RADIUS_KM)} onChange={(e) => setFilters({ radius: e.target.value })}>
                {TENDER_RADIUS_OPTIONS_KM.map((km) => (
                  <option key={km} value={km}>
                    {km} km
                  </option>
                ))}
              </Select>
            </FilterField>
          )}
          <FilterField id="filter-source" label="Source">
            <Select id="filter-source" value={get('source') ?? 'all'} onChange={(e) => setFilters({ source: e.target.value === 'all' ? null : e.target.value })}>
              {TENDER_SOURCE_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {SOURCE_LABELS[s]}
                </option>
              ))}
            </Select>
          </FilterField>
          <FilterField id="filter-status" label="Status">
            <Select
              id="filter-status"
              value={get('status') ?? DEFAULT_TENDER_STATUS_FILTER}
              onChange={(e) => setFilters({ status: e.target.value === DEFAULT_TENDER_STATUS_FILTER ? null : e.target.value })}
            >
              {TENDER_STATUS_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </Select>
          </FilterField>
          <div className="grid grid-cols-2 gap-3">
            <ValueInput id="filter-min-value" label="Min value (£)" value={get('minValue') ?? ''} onCommit={(v) => setFilters({ minValue: v })} />
            <ValueInput id="filter-max-value" label="Max value (£)" value={get('maxValue') ?? ''} onCommit={(v) => setFilters({ maxValue: v })} />
          </div>
          <Button variant="secondary" className="w-full" onClick={clearAll}>
            Clear All Filters
          </Button>
        </aside>

        <section aria-labelledby="tender-results" className="min-w-0 space-y-4">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <p id="tender-results" role="status" className="text-sm text-slate-700">
              {query.data ? `${query.data.pagination.total.toLocaleString('en-GB')} tenders` : 'Loading tenders...'}
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
                <span>Per page</span>
                <Select aria-label="Tenders per page" value={String(limit)} onChange={(e) => setFilters({ limit: e.target.value })}>
                  {TENDER_PAGE_SIZES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </Select>
              </label>
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
                    <TenderCard tender={tender} fromPage={page} />
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

function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A value filter applied on Enter or when the field is left, so typing does not refetch per key. */
function ValueInput({ id, label, value, onCommit }: { id: string; label: string; value: string; onCommit(value: string | null): void }) {
  const [text, setText] = useState(value);
  const [last, setLast] = useState(value);
  if (value !== last) {
    setLast(value);
    setText(value);
  }
  const commit = () => {
    const clean = text.replace(/[^\d.]/g, '');
    if (clean !== value) onCommit(clean || null);
  };
  return (
    <FilterField id={id} label={label}>
      <Input
        id={id}
        inputMode="numeric"
        value={text}
        placeholder="Any"
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
    </FilterField>
  );
}
