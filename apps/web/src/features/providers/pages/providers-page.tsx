import { Link } from '../../../components/ui/link';
import { Map as MapIcon } from '../../../components/ui/icons';
import {
  DIRECTORY_SORT_LABELS,
  DIRECTORY_SORTS,
  FEW_PROVIDERS,
  PROVIDER_MESSAGES as M,
  type DirectorySort,
} from '@solar/shared/constants/providers';
import { formatCount } from '@solar/shared/domain/count';
import { isLocated } from '@solar/shared/domain/directory-address';
import { CollapsibleFilters } from '../../../components/collapsible-filters';
import { FewProviders } from '../../../components/few-providers';
import { PastTheEnd } from '../../../components/past-the-end';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { config } from '../../../lib/config';
import { useMe } from '../../../lib/session/get-me';
import { withParams } from '../../../lib/use-query-params';
import { useSearchProviders } from '../api/search-providers';
import { ActiveFilterBadges, DirectoryFilterPanel } from '../components/directory-filter-panel';
import { DirectoryQueryState } from '../components/directory-query-state';
import { activeFilterCount, mapLinkQuery, useDirectoryFilters } from '../state/directory-filters';
import { SaveSearchButton } from '../../../components/save-search/save-search-button';
import { ExportButton } from '../../../components/export/export-button';
import { exportProvidersUrl } from '../api/export-providers';
import { ProviderCard } from '../../../components/provider-card';

/** Server rendering and the document head (decision 0370). */
export { handle } from './providers-page.handle';

/** /providers: the directory list view (docs/product/providers.md#directory). */
export function ProvidersPage() {
  const { params, filters, toggle, setLocation, clearLocation, setRadius, setSort, setPage } = useDirectoryFilters();
  const { data: me } = useMe();
  const query = useSearchProviders(filters);
  const pagination = query.data?.pagination;
  const nearby = isLocated(filters);
  // 'Nearest first' is offered only with a location (decision 0361), and is then the first and the default (decision 0502).
  const sorts = nearby ? (['distance', 'default', 'name'] as const) : DIRECTORY_SORTS.filter((s) => s !== 'distance');
  // Honest counts for a service search (decision 0360), on the first page of an answer.
  const few =
    filters.services.length > 0 &&
    pagination &&
    !query.isPlaceholderData &&
    pagination.total < FEW_PROVIDERS &&
    filters.page === 1 ? (
      <FewProviders
        total={pagination.total}
        services={filters.services}
        radiusKm={nearby ? filters.radius : null}
        location={filters.location}
        onWiden={setRadius}
      />
    ) : null;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{M.heading}</h1>

      <CollapsibleFilters
        id="directory-filters"
        activeCount={activeFilterCount(filters)}
        collapseBelow="md"
        className="mt-6"
      >
        <DirectoryFilterPanel
          filters={filters}
          toggle={toggle}
          setLocation={setLocation}
          clearLocation={clearLocation}
          setRadius={setRadius}
        />
      </CollapsibleFilters>
      <ActiveFilterBadges filters={filters} />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {pagination ? formatCount(pagination.total, 'provider') : ''}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor="sort" className="text-sm font-medium">
            Sort
          </label>
          <Select
            id="sort"
            className="w-40"
            value={filters.sort}
            onChange={(e) => setSort(e.target.value as DirectorySort)}
          >
            {sorts.map((s) => (
              <option key={s} value={s}>
                {DIRECTORY_SORT_LABELS[s]}
              </option>
            ))}
          </Select>
          <Link
            to={`/providers/map${mapLinkQuery(params)}`}
            className={buttonClasses('secondary', 'md', 'whitespace-nowrap')}
          >
            <MapIcon className="h-4 w-4" aria-hidden /> View on Map
          </Link>
          <SaveSearchButton kind="providers" params={params} className="whitespace-nowrap" />
          <ExportButton
            className="whitespace-nowrap"
            what={{ counted: pagination ? formatCount(pagination.total, 'provider') : null }}
            total={pagination?.total}
            files={() => ({ csv: exportProvidersUrl(filters, 'csv'), json: exportProvidersUrl(filters, 'json') })}
          />
        </div>
      </div>

      <section className="mt-6" aria-label="Providers">
        {query.isPending || query.isError ? (
          <DirectoryQueryState query={query} />
        ) : query.data.data.length === 0 && pagination && pagination.total > 0 ? (
          <PastTheEnd
            lastPage={pagination.pages}
            to={withParams(params, { page: pagination.pages > 1 ? String(pagination.pages) : null })}
          />
        ) : query.data.data.length === 0 ? (
          <>
            {few}
            <p className="py-12 text-center text-muted-foreground">
              {M.empty.replace('Contact Solar Manager for procurement support', '')}
              <a
                href={config.links.contact}
                target="_blank"
                rel="noopener noreferrer"
                className="font-medium text-primary underline"
              >
                Contact Solar Manager for procurement support
              </a>
            </p>
          </>
        ) : (
          <>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
              {query.data.data.map((p) => (
                <ProviderCard key={p.id} provider={p} currentUserId={me?.id} distanceKm={p.distanceKm} />
              ))}
            </div>
            {few && <div className="mt-6">{few}</div>}
            {pagination && pagination.pages > 1 && (
              <nav className="mt-8 flex items-center justify-center gap-4" aria-label="Pagination">
                <Button variant="secondary" disabled={filters.page <= 1} onClick={() => setPage(filters.page - 1)}>
                  Previous
                </Button>
                <span className="text-sm">
                  Page {filters.page} of {pagination.pages}
                </span>
                <Button
                  variant="secondary"
                  disabled={filters.page >= pagination.pages}
                  onClick={() => setPage(filters.page + 1)}
                >
                  Next
                </Button>
              </nav>
            )}
          </>
        )}
      </section>
    </div>
  );
}
