import { useId, useState } from 'react';
import { AGE_SLIDER, ASSET_DEVELOPMENT_STATUSES, ASSET_MESSAGES, ASSET_REGIONS, ASSET_TECHNOLOGY_TYPES, CAPACITY_SLIDER } from '@solar/shared/constants/assets';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { useAssetOperators } from '../api/list-asset-operators';
import { useAssetSites } from '../api/list-asset-sites';
import { ChipGroup, RemovableChips } from './chips';
import { DEFAULT_FILTERS, type AssetFilters } from '../state/asset-filters';
import { RangeSlider } from './range-slider';
import { useDebounced } from '../../../lib/use-debounced';

/** A text input with a suggestion list (keyboard: arrows choose, Enter picks, Escape closes). */
function TypeAhead({ label, value, onValue, suggestions, onPick, placeholder }: { label: string; value: string; onValue(v: string): void; suggestions: string[]; onPick(v: string): void; placeholder: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const show = open && value.trim().length > 0 && suggestions.length > 0;
  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <Input
        id={id}
        value={value}
        placeholder={placeholder}
        role="combobox"
        aria-expanded={show}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={show && active >= 0 ? `${id}-${active}` : undefined}
        autoComplete="off"
        onChange={(e) => {
          onValue(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, suggestions.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Escape') setOpen(false);
          else if (e.key === 'Enter' && show && active >= 0) {
            e.preventDefault();
            onPick(suggestions[active]!);
            setOpen(false);
          }
        }}
      />
      {show && (
        <ul id={`${id}-list`} role="listbox" aria-label={label} className="absolute z-20 mt-1 max-h-60 w-full overflow-auto rounded-md border border-border bg-white py-1 text-sm shadow-lg">
          {suggestions.map((s, i) => (
            <li
              key={s}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'cursor-pointer bg-muted px-3 py-1.5' : 'cursor-pointer px-3 py-1.5 hover:bg-muted'}
              onMouseDown={(e) => {
                e.preventDefault();
                onPick(s);
                setOpen(false);
              }}
            >
              {s}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The Overview filter panel, exactly as docs/product/assets.md#overview-filters lists it. */
export function AssetFiltersPanel({
  value,
  onChange,
  onClearAll,
  onSitePick,
}: {
  value: AssetFilters;
  onChange(next: AssetFilters): void;
  onClearAll(): void;
  /** A site chosen from the suggestions: the map flies to it and opens it (issue 19). */
  onSitePick?(siteName: string): void;
}) {
  const [applicant, setApplicant] = useState('');
  const debouncedApplicant = useDebounced(applicant);
  const operators = useAssetOperators(debouncedApplicant, debouncedApplicant.trim().length > 0);
  const [siteText, setSiteText] = useState(value.siteName);
  const debouncedSite = useDebounced(siteText);
  const sites = useAssetSites(debouncedSite);
  const set = (patch: Partial<AssetFilters>) => onChange({ ...value, ...patch });

  return (
    <form className="grid gap-5" aria-label="Asset filters" onSubmit={(e) => e.preventDefault()}>
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold">Filters</h2>
        <Button
          variant="link"
          size="sm"
          onClick={() => {
            setApplicant('');
            setSiteText('');
            onClearAll();
          }}
        >
          {ASSET_MESSAGES.clearAll}
        </Button>
      </div>
      <div>
        <TypeAhead
          label={ASSET_MESSAGES.applicantSearch}
          placeholder="Type an applicant name"
          value={applicant}
          onValue={setApplicant}
          suggestions={(operators.data ?? []).filter((o) => !value.operators.includes(o))}
          onPick={(o) => {
            set({ operators: [...value.operators, o] });
            setApplicant('');
          }}
        />
        <RemovableChips label="Chosen applicants" values={value.operators} onRemove={(o) => set({ operators: value.operators.filter((x) => x !== o) })} />
      </div>
      <TypeAhead
        label={ASSET_MESSAGES.siteSearch}
        placeholder="Type a site name"
        value={siteText}
        onValue={(v) => {
          setSiteText(v);
          if (v.trim() === '' || v.trim().length > 2) set({ siteName: v });
        }}
        suggestions={[...new Set((sites.data ?? []).map((s) => s.siteName))]}
        onPick={(s) => {
          setSiteText(s);
          set({ siteName: s });
          onSitePick?.(s);
        }}
      />
      <RangeSlider label={ASSET_MESSAGES.capacityRange} unit="MW" {...CAPACITY_SLIDER} value={value.capacity} onChange={(capacity) => set({ capacity })} />
      <ChipGroup label={ASSET_MESSAGES.developmentStatus} options={ASSET_DEVELOPMENT_STATUSES} selected={value.statuses} onChange={(statuses) => set({ statuses })} />
      <ChipGroup label={ASSET_MESSAGES.technologyType} options={ASSET_TECHNOLOGY_TYPES} selected={value.technologies} onChange={(technologies) => set({ technologies })} />
      <ChipGroup label={ASSET_MESSAGES.region} options={ASSET_REGIONS} selected={value.regions} onChange={(regions) => set({ regions })} />
      <div>
        <RangeSlider label={ASSET_MESSAGES.ageRange} unit="years" {...AGE_SLIDER} value={value.age} onChange={(age) => set({ age })} />
        <p className="mt-2 text-xs text-slate-600">{ASSET_MESSAGES.ageHint}</p>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" className="h-4 w-4 accent-primary" checked={value.includeUnknownAge} onChange={(e) => set({ includeUnknownAge: e.target.checked })} />
        {ASSET_MESSAGES.includeUnknownAge}
      </label>
    </form>
  );
}

export { DEFAULT_FILTERS };
