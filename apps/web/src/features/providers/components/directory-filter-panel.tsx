import { useState } from 'react';
import { ChevronDown, ChevronUp } from '../../../components/ui/icons';
import { PLACE_SEARCH_TYPES } from '@solar/shared/constants/geo';
import { UI } from '@solar/shared/constants/ui';
import { matchesCompanyName } from '@solar/shared/domain/company-name';
import { PHASES, PROVIDER_FILTER_TYPES, RADIUS_OPTIONS_KM, SCALES, TECHNOLOGIES } from '@solar/shared/constants/providers';
import { ACCREDITATION_SCHEMES, accreditationLabel } from '@solar/shared/constants/trust';

const ACCREDITATION_FILTER_OPTIONS = ACCREDITATION_SCHEMES.filter((s) => s.id !== 'other').map((s) => s.id);
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Combobox } from '../../../components/ui/combobox';
import { Select } from '../../../components/ui/select';
import { LocationInput } from '../../../components/location-input';
import { useServices } from '../../../lib/geo/services';
import { useDebounced } from '../../../lib/use-debounced';
import { useProviderNames } from '../api/list-provider-names';
import type { DirectoryFilters, DirectoryListKey as ListKey } from '@solar/shared/domain/directory-address';
import { RemovableChips, ToggleChips } from './toggle-chips';

export interface DirectoryFilterPanelProps {
  filters: DirectoryFilters;
  toggle(key: ListKey, item: string): void;
  setLocation(location: string, center: [number, number]): void;
  clearLocation(): void;
  setRadius(radius: number): void;
  /** The map view also filters by scale (docs/product/providers.md#directory-map: the map carries scales). */
  withScales?: boolean;
  /** Called after a location suggestion is chosen (the map flies to it). */
  onLocationChosen?(center: [number, number]): void;
}

/**
 * The directory's filter inputs, shared by the list and the map (docs/product/providers.md#filters): services and
 * company names as chips, location with radius, and 'Advanced Search' with its count badge.
 */
export function DirectoryFilterPanel(props: DirectoryFilterPanelProps) {
  const { filters, toggle, setLocation, clearLocation, setRadius, withScales, onLocationChosen } = props;
  const { data: services = [] } = useServices();
  // Company names from the whole directory, not the page on screen (decision 0503).
  const [company, setCompany] = useState('');
  const { data: companyNames = [] } = useProviderNames(useDebounced(company, UI.locationDebounceMs));
  const advancedCount =
    filters.types.length + filters.technologies.length + filters.phases.length + filters.accreditations.length + (withScales ? filters.scales.length : 0);
  const [advanced, setAdvanced] = useState(advancedCount > 0);
  const groups: Array<{ key: ListKey; label: string; options: readonly string[]; labelOf?: (o: string) => string }> = [
    { key: 'types', label: 'Provider type', options: PROVIDER_FILTER_TYPES },
    { key: 'technologies', label: 'Technologies', options: TECHNOLOGIES },
    ...(withScales ? [{ key: 'scales' as const, label: 'Scale', options: SCALES }] : []),
    { key: 'phases', label: 'Phase', options: PHASES },
    // Verified by an admin against evidence and in date (decision 0482).
    { key: 'accreditations', label: 'Verified accreditations', options: ACCREDITATION_FILTER_OPTIONS, labelOf: (o) => accreditationLabel(o) },
  ];

  return (
    <Card className="space-y-4 p-4 sm:p-6">
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
        <Combobox
          label="Services"
          placeholder="e.g. Panel Cleaning"
          options={services}
          allowFreeText
          onSelect={(v) => toggle('services', v)}
        />
        <Combobox
          label="Company name"
          placeholder="Search by company"
          options={companyNames}
          matches={matchesCompanyName}
          onQueryChange={setCompany}
          allowFreeText
          onSelect={(v) => toggle('companies', v)}
        />
        <div>
          <label htmlFor="location-search" className="mb-1.5 block text-sm font-medium">
            Location
          </label>
          <LocationInput
            id="location-search"
            value={filters.location}
            placeholder="Town, city or postcode"
            // The same arguments as the profile editor and the server's placeFor (decision 0367).
            types={PLACE_SEARCH_TYPES}
            onSelect={(s) => {
              setLocation(s.place_name, s.center);
              onLocationChosen?.(s.center);
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
      <RemovableChips label="Selected companies" values={filters.companies} onRemove={(v) => toggle('companies', v)} />

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
            {groups.map((g) => (
              <ToggleChips key={g.key} label={g.label} options={g.options} labelOf={g.labelOf} selected={filters[g.key]} onToggle={(v) => toggle(g.key, v)} />
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}

/** Summary badges of the active location, type, technology, (scale) and phase filters (docs/product/providers.md#filters). */
export function ActiveFilterBadges({ filters, withScales }: { filters: DirectoryFilters; withScales?: boolean }) {
  const badges = [
    ...filters.types.map((v) => `Type: ${v}`),
    ...filters.technologies.map((v) => `Technology: ${v}`),
    ...(withScales ? filters.scales.map((v) => `Scale: ${v}`) : []),
    ...filters.phases.map((v) => `Phase: ${v}`),
    ...filters.accreditations.map((v) => `Verified: ${accreditationLabel(v)}`),
  ];
  return (
    <div className="mt-4 flex flex-wrap gap-2" role="group" aria-label="Active filters">
      {filters.location && (
        <Badge variant="secondary">
          Location: {filters.location} ({filters.radius} km)
        </Badge>
      )}
      {badges.map((text) => (
        <Badge key={text} variant="secondary">
          {text}
        </Badge>
      ))}
    </div>
  );
}
