import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, ChevronUp, Map as MapIcon } from 'lucide-react';
import {
  PHASES,
  PROVIDER_FILTER_TYPES,
  PROVIDER_MESSAGES as M,
  RADIUS_OPTIONS_KM,
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
import { useSearchProviders } from '../api/search-providers';
import { mapLinkQuery, useDirectoryFilters } from '../components/directory-filters-state';
import { ProviderCard } from '../components/provider-card';
import { RemovableChips, ToggleChips } from '../components/toggle-chips';

/** /providers: the directory list view (directory §2, §4, §5). */
export function ProvidersPage() {
  const { params, filters, toggle, setLocation, clearLocation, setRadius, setSort, setPage } = useDirectoryFilters();
  const { data: me } = useMe();
  const { data: services = [] } = useServices();
  const query = useSearchProviders(filters);
  const [advanced, setAdvanced] = useState(
    filters.types.length + filters.technologies.length + filters.phases.length > 0,
  );
  const advancedCount = filters.types.length + filters.technologies.length + filters.phases.length;
  const companyOptions = query.data?.data.map((p) => p.businessName) ?? [];
  const pagination = query.data?.pagination;

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
              onSelect={(s) => setLocation(s.place_name, s.center)}
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
        {filters.phases.map((p) => (
          <Badge key={`p-${p}`} variant="secondary">
            Phase: {p}
          </Badge>
        ))}
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {pagination ? `${pagination.total.toLocaleString('en-GB')} providers` : ''}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <label htmlFor="sort" className="text-sm font-medium">
            Sort
          </label>
          <Select
            id="sort"
            className="w-40"
            value={filters.sort}
            onChange={(e) => setSort(e.target.value === 'name' ? 'name' : 'default')}
          >
            <option value="default">Default</option>
            <option value="name">Name (A–Z)</option>
          </Select>
          <Link to={`/providers/map${mapLinkQuery(params)}`} className={buttonClasses('secondary', 'md', 'whitespace-nowrap')}>
            <MapIcon className="h-4 w-4" aria-hidden /> View on Map
          </Link>
        </div>
      </div>

      <section className="mt-6" aria-label="Providers">
        {query.isPending ? (
          <p role="status" className="py-12 text-center text-muted-foreground">
            {M.loading}
          </p>
        ) : query.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center">
            <p className="text-destructive">{(query.error as Error | null)?.message || M.loadFailed}</p>
            <Button onClick={() => void query.refetch()}>Retry</Button>
          </div>
        ) : query.data.data.length === 0 ? (
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
        ) : (
          <>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
              {query.data.data.map((p) => (
                <ProviderCard key={p.id} provider={p} currentUserId={me?.id} />
              ))}
            </div>
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
