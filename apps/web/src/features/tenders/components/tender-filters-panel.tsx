import { useState, type ReactNode } from 'react';
import {
  DEFAULT_TENDER_RADIUS_KM,
  DEFAULT_TENDER_STATUS_FILTER,
  TENDER_CPV_CODES,
  TENDER_RADIUS_OPTIONS_KM,
  TENDER_SOURCE_FILTERS,
  TENDER_STATUS_FILTERS,
} from '@solar/shared/constants/tenders';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { LocationInput } from '../../../components/location-input';
import { ServiceCombobox } from './service-combobox';
import { ValueRangeFields } from './value-range-fields';

const STATUS_LABELS: Record<string, string> = { open: 'Open', closed: 'Closed', all: 'All' };
const SOURCE_LABELS: Record<string, string> = { all: 'All sources', External: 'External', 'Solar Manager': 'Solar Manager' };

/** The board's filters whose values differ from the defaults: the count on the small-screen 'Filters' button. */
export function activeTenderFilters(params: URLSearchParams): number {
  return ['keywords', 'service', 'location', 'source', 'status', 'cpv', 'minValue', 'maxValue'].filter((k) => params.get(k)).length;
}

/** The tender board's filter inputs (docs/product/tenders.md#tender-board), reading and writing a clean address. */
export function TenderFiltersPanel({ params, setFilters, clearAll }: { params: URLSearchParams; setFilters(changes: Record<string, string | null>): void; clearAll(): void }) {
  const get = (key: string) => params.get(key) ?? undefined;
  const radius = get('radius') ?? String(DEFAULT_TENDER_RADIUS_KM);
  const radii = [...new Set([...TENDER_RADIUS_OPTIONS_KM, Number(radius)])].sort((a, b) => a - b);
  return (
    <aside aria-label="Tender filters" className="space-y-4 rounded-lg border border-border bg-white p-4 shadow-sm">
      <FilterField id="filter-keywords" label="Keywords">
        <KeywordsInput value={get('keywords') ?? ''} onCommit={(keywords) => setFilters({ keywords: keywords || null })} />
        <p id="filter-keywords-hint" className="text-xs text-slate-600">
          &quot;Exact phrase&quot; in quotes, -word to leave out
        </p>
      </FilterField>
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
          <Select id="filter-radius" value={radius} onChange={(e) => setFilters({ radius: e.target.value })}>
            {radii.map((km) => (
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
      <FilterField id="filter-cpv" label="CPV code">
        <Select id="filter-cpv" value={get('cpv') ?? ''} onChange={(e) => setFilters({ cpv: e.target.value || null })}>
          <option value="">All codes</option>
          {TENDER_CPV_CODES.map((c) => (
            <option key={c.code} value={c.code}>
              {c.code} {c.label}
            </option>
          ))}
        </Select>
      </FilterField>
      <ValueRangeFields value={{ minValue: get('minValue') ?? '', maxValue: get('maxValue') ?? '' }} onChange={setFilters} />
      <Button variant="secondary" className="w-full" onClick={clearAll}>
        Clear All Filters
      </Button>
    </aside>
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

/**
 * Keywords (decision 0471): applied on Enter or when the field is left, not on every key, so the
 * list does not reload mid-word. The address's value shows again when it changes elsewhere.
 */
function KeywordsInput({ value, onCommit }: { value: string; onCommit(value: string): void }) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value);
  }
  const commit = () => {
    if (text.trim() !== value) onCommit(text.trim());
  };
  return (
    <Input
      id="filter-keywords"
      type="search"
      value={text}
      maxLength={300}
      placeholder='solar "battery storage" -domestic'
      aria-describedby="filter-keywords-hint"
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}
