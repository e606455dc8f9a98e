import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, ChevronUp, List } from 'lucide-react';
import { LOCATION_CHOSEN_ZOOM, MAP_TEXT as T } from '@solar/shared/constants/maps';
import {
  PHASES,
  PROVIDER_FILTER_TYPES,
  PROVIDER_MESSAGES as M,
  RADIUS_OPTIONS_KM,
  SCALES,
  TECHNOLOGIES,
} from '@solar/shared/constants/providers';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Combobox } from '../../../components/ui/combobox';
import { Select } from '../../../components/ui/select';
import { config } from '../../../lib/config';
import { useMe } from '../../accounts/api/get-me';
import { LocationInput } from '../../geo/components/location-input';
import { useServices } from '../../geo/api/services';
import { useSearchProviderPoints } from '../api/search-provider-points';
import { useDirectoryFilters } from '../components/directory-filters-state';
import { ProviderMap } from '../components/provider-map';
import { RemovableChips, ToggleChips } from '../components/toggle-chips';

/** Company names offered while typing (the combobox renders every match; free text still works). */
const COMPANY_OPTIONS_MAX = 500;
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

/** 'View as List' keeps the filters that are set, scales included (directory §2). */
export function listLinkQuery(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) for (const v of params.getAll(key)) if (v) out.append(key, v);
  const text = out.toString();
  return text ? `?${text}` : '';
}

/** `lng,lat` from the address, or null. */
export function centerOf(value: string): [number, number] | null {
  const [lng, lat] = value.split(',').map(Number);
  return Number.isFinite(lng) &&
    Number.isFinite(lat) &&
    Math.abs(lat!) <= 90 &&
    Math.abs(lng!) <= 180 &&
    value.includes(',')
    ? [lng!, lat!]
    : null;
}

/** /providers/map: the directory as a map (directory §2, §5, §9). */
export function ProvidersMapPage() {
  const { params, filters, toggle, setLocation, clearLocation, setRadius } = useDirectoryFilters();
  const { data: me } = useMe();
  const { data: services = [] } = useServices();
  const query = useSearchProviderPoints(filters);
  const advancedCount =
    filters.types.length + filters.technologies.length + filters.scales.length + filters.phases.length;
  const [advanced, setAdvanced] = useState(advancedCount > 0);
  const [focus, setFocus] = useState<{ center: [number, number]; seq: number } | null>(null);
  // The first camera: the address's location at zoom 10, else the UK view (read once by the map).
  const initial = useRef(centerOf(filters.locationCenter));
  const points = query.data;
  const companyOptions = useMemo(
    () => [...new Set((points ?? []).map((p) => p.businessName).filter(Boolean))].slice(0, COMPANY_OPTIONS_MAX),
    [points],
  );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">{M.heading}</h1>

      <Card className="mt-6 space-y-4 p-4 sm:p-6">
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor="service-search" className="mb-1.5 block text-sm font-medium">
              Services
            </label>
            <Combobox
              id="service-search"
              label="Search services"
              placeholder="e.g. Panel Cleaning"
              options={services}
              allowFreeText
              onSelect={(v) => toggle('services', v)}
            />
          </div>
          <div>
            <label htmlFor="company-search" className="mb-1.5 block text-sm font-medium">
              Company name
            </label>
            <Combobox
              id="company-search"
              label="Search company names"
              placeholder="Search by company"
              options={companyOptions}
              allowFreeText
              onSelect={(v) => toggle('companies', v)}
            />
          </div>
          <div>
            <label htmlFor="location-search" className="mb-1.5 block text-sm font-medium">
              Location
            </label>
            <LocationInput
              id="location-search"
              value={filters.location}
              placeholder="Town, city or postcode"
              types={['place', 'locality', 'neighborhood']}
              onSelect={(s) => {
                setLocation(s.place_name, s.center);
                setFocus((f) => ({ center: s.center, seq: (f?.seq ?? 0) + 1 }));
              }}
              onClear={clearLocation}
            />
          </div>
          <div>
            <label htmlFor="radius" className="mb-1.5 block text-sm font-medium">
              Radius
            </label>
            <Select id="radius" value={String(filters.radius)} onChange={(e) => setRadius(Number(e.target.value))}>
              {[...new Set([...RADIUS_OPTIONS_KM, filters.radius])]
                .sort((a, b) => a - b)
                .map((r) => (
                  <option key={r} value={r}>
                    {r} km
                  </option>
                ))}
            </Select>
          </div>
        </div>
        <RemovableChips label="Selected services" values={filters.services} onRemove={(v) => toggle('services', v)} />
        <RemovableChips
          label="Selected companies"
          values={filters.companies}
          onRemove={(v) => toggle('companies', v)}
        />

        <div>
          <Button
            variant="ghost"
            aria-expanded={advanced}
            aria-controls="advanced-search"
            onClick={() => setAdvanced((a) => !a)}
            className="px-2"
          >
            Advanced Search
            {advancedCount > 0 && <Badge aria-label={`${advancedCount} selected`}>{advancedCount}</Badge>}
            {advanced ? <ChevronUp className="h-4 w-4" aria-hidden /> : <ChevronDown className="h-4 w-4" aria-hidden />}
          </Button>
          {advanced && (
            <div id="advanced-search" className="mt-3 space-y-4">
              <ToggleChips
                label="Provider type"
                options={PROVIDER_FILTER_TYPES}
                selected={filters.types}
                onToggle={(v) => toggle('types', v)}
              />
              <ToggleChips
                label="Technologies"
                options={TECHNOLOGIES}
                selected={filters.technologies}
                onToggle={(v) => toggle('technologies', v)}
              />
              <ToggleChips
                label="Scale"
                options={SCALES}
                selected={filters.scales}
                onToggle={(v) => toggle('scales', v)}
              />
              <ToggleChips
                label="Phase"
                options={PHASES}
                selected={filters.phases}
                onToggle={(v) => toggle('phases', v)}
              />
            </div>
          )}
        </div>
      </Card>

      <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Active filters">
        {filters.location && (
          <Badge variant="secondary">
            Location: {filters.location} ({filters.radius} km)
          </Badge>
        )}
        {filters.types.map((t) => (
          <Badge key={`t-${t}`} variant="secondary">
            Type: {t}
          </Badge>
        ))}
        {filters.technologies.map((t) => (
          <Badge key={`tech-${t}`} variant="secondary">
            Technology: {t}
          </Badge>
        ))}
        {filters.scales.map((s) => (
          <Badge key={`s-${s}`} variant="secondary">
            Scale: {s}
          </Badge>
        ))}
        {filters.phases.map((p) => (
          <Badge key={`p-${p}`} variant="secondary">
            Phase: {p}
          </Badge>
        ))}
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {points ? `${points.length.toLocaleString('en-GB')} providers on the map` : ''}
        </p>
        <Link to={`/providers${listLinkQuery(params)}`} className={buttonClasses('secondary')}>
          <List className="h-4 w-4" aria-hidden /> {T.viewAsList}
        </Link>
      </div>

      <section className="mt-4" aria-label="Providers map">
        {query.isPending ? (
          <p role="status" className="py-12 text-center text-muted-foreground">
            {M.loading}
          </p>
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
            <p className="text-destructive">{(query.error as Error | null)?.message || M.loadFailed}</p>
            <Button onClick={() => void query.refetch()}>Retry</Button>
          </div>
        ) : (
          <>
            {query.data.length === 0 && (
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
              points={query.data}
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
