import { useRef, useState } from 'react';
import { Link } from '../../../components/ui/link';
import { List } from '../../../components/ui/icons';
import { LOCATION_CHOSEN_ZOOM, MAP_TEXT as T } from '@solar/shared/constants/maps';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { formatCount } from '@solar/shared/domain/count';
import { CollapsibleFilters } from '../../../components/collapsible-filters';
import { buttonClasses } from '../../../components/ui/button';
import { SkipLinks } from '../../../components/ui/skip-links';
import { config } from '../../../lib/config';
import { useMe } from '../../../lib/session/get-me';
import { useProviderMapData, type MapViewBox } from '../api/search-provider-points';
import { ActiveFilterBadges, DirectoryFilterPanel } from '../components/directory-filter-panel';
import { DirectoryQueryState } from '../components/directory-query-state';
import { parseLngLat } from '@solar/shared/domain/directory-address';
import { activeFilterCount, useDirectoryFilters } from '../state/directory-filters';
import { DIRECTORY_MAP_ID, ProviderMap } from '../components/provider-map';
import { PROVIDERS_IN_VIEW_HEADING_ID } from '../components/providers-in-view';

const FILTER_KEYS = [
  'companies',
  'services',
  'types',
  'technologies',
  'scales',
  'phases',
  'location',
  'locationCenter',
  'radius',
] as const;

/** 'View as List' keeps the filters that are set, scales included (docs/product/providers.md#directory-map). */
export function listLinkQuery(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) for (const v of params.getAll(key)) if (v) out.append(key, v);
  const text = out.toString();
  return text ? `?${text}` : '';
}

/** /providers/map: the directory as a map (docs/product/providers.md#directory-map). */
export function ProvidersMapPage() {
  const { params, filters, toggle, setLocation, clearLocation, setRadius } = useDirectoryFilters();
  const { data: me } = useMe();
  const [view, setView] = useState<MapViewBox | null>(null);
  const { query, data: answer } = useProviderMapData(filters, view);
  const [focus, setFocus] = useState<{ center: [number, number]; seq: number } | null>(null);
  // The first camera: the address's location at zoom 10, else the UK view (read once by the map).
  const initial = useRef(parseLngLat(filters.locationCenter));

  return (
    <div className="relative mx-auto w-full max-w-7xl px-4 py-8">
      {/* The filters are many tab stops: these jump past them (issue 19). */}
      <SkipLinks
        className="absolute top-1 left-4 z-20 flex gap-2"
        links={[
          { target: DIRECTORY_MAP_ID, label: T.skipToMap },
          { target: PROVIDERS_IN_VIEW_HEADING_ID, label: T.skipToProviderList },
        ]}
      />
      <h1 className="text-3xl font-bold tracking-tight">{M.heading}</h1>

      <CollapsibleFilters id="directory-filters" activeCount={activeFilterCount(filters, true)} collapseBelow="md" className="mt-6">
        <DirectoryFilterPanel
          filters={filters}
          toggle={toggle}
          setLocation={setLocation}
          clearLocation={clearLocation}
          setRadius={setRadius}
          withScales
          onLocationChosen={(center) => setFocus((f) => ({ center, seq: (f?.seq ?? 0) + 1 }))}
        />
      </CollapsibleFilters>
      <ActiveFilterBadges filters={filters} withScales />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {answer ? `${formatCount(answer.total, 'provider')} on the map` : ''}
        </p>
        <Link to={`/providers${listLinkQuery(params)}`} className={buttonClasses('secondary')}>
          <List className="h-4 w-4" aria-hidden /> {T.viewAsList}
        </Link>
      </div>

      <section className="mt-4" aria-label="Providers map">
        {query.isPending || query.isError || !answer ? (
          <DirectoryQueryState query={query} />
        ) : (
          <>
            {answer.total === 0 && (
              <p className="mb-3 rounded-md border border-border bg-muted px-4 py-3 text-sm">
                {T.emptyMap}{' '}
                <a
                  href={config.links.contact}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-primary underline"
                >
                  {T.contactLink}
                </a>
              </p>
            )}
            <ProviderMap
              points={answer.points}
              cells={answer.clusters}
              onViewChange={setView}
              focus={focus}
              initialCenter={initial.current ?? undefined}
              initialZoom={initial.current ? LOCATION_CHOSEN_ZOOM : undefined}
              currentUserId={me?.id}
            />
          </>
        )}
      </section>
    </div>
  );
}
