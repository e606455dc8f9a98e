import { useState } from 'react';
import {
  DEFAULT_TENDER_RADIUS_KM,
  DEFAULT_TENDER_STATUS_FILTER,
  TENDER_CPV_CODES,
  TENDER_RADIUS_OPTIONS_KM,
  TENDER_SOURCE_FILTERS,
  TENDER_STATUS_FILTERS,
} from '@solar/shared/constants/tenders';
import { Button } from '../../../components/ui/button';
import { Field, type FieldControl } from '../../../components/ui/field';
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
      <Field id="filter-keywords" label="Keywords" hint={<>&quot;Exact phrase&quot; in quotes, -word to leave out</>}>
        {(control) => <KeywordsInput control={control} value={get('keywords') ?? ''} onCommit={(keywords) => setFilters({ keywords: keywords || null })} />}
      </Field>
      <Field id="filter-service" label="Service">
        {(control) => <ServiceCombobox {...control} value={get('service') ?? ''} onChange={(service) => setFilters({ service: service || null })} />}
      </Field>
      <Field id="filter-location" label="Location">
        {(control) => (
          <LocationInput
            {...control}
            value={get('location') ?? ''}
            placeholder="Town, city or postcode"
            onSelect={(s) => setFilters({ location: s.place_name, lng: String(s.center[0]), lat: String(s.center[1]) })}
            onClear={() => setFilters({ location: null, lat: null, lng: null, radius: null })}
          />
        )}
      </Field>
      {get('lat') && (
        <Field id="filter-radius" label="Within">
          {(control) => (
            <Select {...control} value={radius} onChange={(e) => setFilters({ radius: e.target.value })}>
              {radii.map((km) => (
                <option key={km} value={km}>
                  {km} km
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field id="filter-source" label="Source">
        {(control) => (
          <Select {...control} value={get('source') ?? 'all'} onChange={(e) => setFilters({ source: e.target.value === 'all' ? null : e.target.value })}>
            {TENDER_SOURCE_FILTERS.map((s) => (
              <option key={s} value={s}>
                {SOURCE_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="filter-status" label="Status">
        {(control) => (
          <Select
            {...control}
            value={get('status') ?? DEFAULT_TENDER_STATUS_FILTER}
            onChange={(e) => setFilters({ status: e.target.value === DEFAULT_TENDER_STATUS_FILTER ? null : e.target.value })}
          >
            {TENDER_STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id="filter-cpv" label="CPV code">
        {(control) => (
          <Select {...control} value={get('cpv') ?? ''} onChange={(e) => setFilters({ cpv: e.target.value || null })}>
            <option value="">All codes</option>
            {TENDER_CPV_CODES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} {c.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <ValueRangeFields value={{ minValue: get('minValue') ?? '', maxValue: get('maxValue') ?? '' }} onChange={setFilters} />
      <Button variant="secondary" className="w-full" onClick={clearAll}>
        Clear All Filters
      </Button>
    </aside>
  );
}

/**
 * Keywords (decision 0471): applied on Enter or when the field is left, not on every key, so the
 * list does not reload mid-word. The address's value shows again when it changes elsewhere.
 */
function KeywordsInput({ control, value, onCommit }: { control: FieldControl; value: string; onCommit(value: string): void }) {
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
      {...control}
      type="search"
      value={text}
      maxLength={300}
      placeholder='solar "battery storage" -domestic'
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
