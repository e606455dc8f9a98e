import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Loader2, MapPin, X } from './ui/icons';
import { GEOCODE_MAX_LIMIT } from '@solar/shared/constants/geo';
import { UI } from '@solar/shared/constants/ui';
import { formatCount } from '@solar/shared/domain/count';
import { cn } from '../lib/cn';
import type { FieldControl } from './ui/field';
import { useGeocode, type LocationSelection } from '../lib/geo/geocode';
import { useDebounced } from '../lib/use-debounced';

export type { LocationSelection };

/** The control's id, invalid mark and description come from its `Field` (`{(control) => <LocationInput {...control} … />}`, decision 0505). */
export interface LocationInputProps extends FieldControl {
  /** Visible label; without one, label the input yourself (`<label htmlFor={id}>`) or rely on the placeholder. */
  label?: string;
  /** The current location text (a chosen place_name, or what the address holds). */
  value: string;
  onSelect(selection: LocationSelection): void;
  /** Each keystroke's text (a caller that needs a chosen place can tell typed text from a choice). */
  onInput?(text: string): void;
  /** The clear icon: the caller removes location, centre and radius (docs/product/geo.md#location-suggestions). */
  onClear(): void;
  placeholder?: string;
  /** Geocoding types (place, locality, neighborhood, address, postcode); all when omitted. */
  types?: readonly string[];
  /** At most 5 suggestions (1 for a profile location). */
  limit?: number;
  className?: string;
}

/**
 * The shared location input (docs/product/geo.md#location-suggestions): UK suggestions from the gazetteer, debounced
 * 300 ms, at most 5, as an ARIA 1.2 combobox (arrow keys move, Enter chooses, Escape closes). A
 * suggestion sets location and centre through `onSelect`; the clear icon calls `onClear` and
 * empties the suggestions.
 */
export function LocationInput({
  label,
  value,
  onSelect,
  onInput,
  onClear,
  placeholder,
  types,
  limit = GEOCODE_MAX_LIMIT,
  className,
  ...control
}: LocationInputProps) {
  const { id } = control;
  const listId = `${useId()}-suggestions`;
  const inputRef = useRef<HTMLInputElement>(null);
  const blurTimer = useRef<number | undefined>(undefined);
  const [text, setText] = useState(value);
  // What the user typed (not what a selection filled in): only typing searches.
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The caller may change the location itself (address params, "clear filters", a saved profile).
  useEffect(() => {
    setText(value);
    setQuery('');
  }, [value]);
  useEffect(() => () => window.clearTimeout(blurTimer.current), []);

  const debouncedQuery = useDebounced(query, UI.locationDebounceMs);
  // Empty input clears the suggestions at once; a pending search for older text never shows.
  const searched = query.trim() ? debouncedQuery : '';
  const { features, isFetching, isFetched } = useGeocode(searched, { types, limit });
  const suggestions = features.slice(0, Math.min(limit, GEOCODE_MAX_LIMIT));
  const expanded = open && suggestions.length > 0;
  const noMatches = open && searched.trim() !== '' && isFetched && !isFetching && suggestions.length === 0;

  useEffect(() => setActive(-1), [suggestions.length, searched]);

  const choose = (index: number) => {
    const feature = suggestions[index];
    if (!feature) return;
    setText(feature.place_name);
    setQuery('');
    setOpen(false);
    setActive(-1);
    onSelect({ place_name: feature.place_name, center: feature.center });
  };

  const clear = () => {
    setText('');
    setQuery('');
    setOpen(false);
    setActive(-1);
    onClear();
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (suggestions.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => {
        if (!open || current === -1) return step === 1 ? 0 : suggestions.length - 1;
        return (current + step + suggestions.length) % suggestions.length;
      });
    } else if (event.key === 'Enter') {
      if (expanded && active >= 0) {
        event.preventDefault();
        choose(active);
      }
    } else if (event.key === 'Escape') {
      if (expanded || noMatches) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  return (
    <div data-location-input="" className={cn('grid gap-1.5', className)}>
      {label && (
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      )}
      <div className="relative">
        <MapPin
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          ref={inputRef}
          {...control}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          value={text}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value);
            setQuery(event.target.value);
            setOpen(true);
            onInput?.(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            window.clearTimeout(blurTimer.current);
            if (query.trim()) setOpen(true);
          }}
          onBlur={() => {
            blurTimer.current = window.setTimeout(() => setOpen(false), UI.comboboxBlurCloseMs);
          }}
          className={cn(
            'h-10 w-full rounded-md border border-border bg-white pr-16 pl-9 text-sm text-slate-900 placeholder:text-slate-500',
            'aria-[invalid=true]:border-destructive',
          )}
        />
        <div className="absolute top-1/2 right-1 flex -translate-y-1/2 items-center gap-1">
          {isFetching && <Loader2 aria-hidden="true" className="size-4 animate-spin text-slate-500" />}
          {text && (
            <button
              type="button"
              onClick={clear}
              aria-label="Clear location"
              className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-muted hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          )}
        </div>
        <ul
          id={listId}
          role="listbox"
          aria-label={label ? `${label} suggestions` : 'Location suggestions'}
          hidden={!expanded}
          className="absolute z-50 mt-1 w-full overflow-y-auto rounded-md border border-border bg-white py-1 shadow-lg"
          style={{ maxHeight: UI.comboboxMaxHeightPx + 40 }}
        >
          {expanded &&
            suggestions.map((feature, index) => (
              <li
                key={`${feature.place_name}-${index}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                // Keep focus in the input so the blur timer does not close the list under the click.
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => choose(index)}
                className={cn(
                  'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-slate-900',
                  index === active && 'bg-muted',
                )}
              >
                <MapPin aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
                <span className="truncate">{feature.place_name}</span>
              </li>
            ))}
        </ul>
      </div>
      {/* In the flow, not over it: the message pushes the form down instead of covering its buttons. */}
      {noMatches && <p className="rounded-md border border-border bg-white px-3 py-2 text-sm text-muted-foreground">No UK locations found</p>}
      <p aria-live="polite" className="sr-only">
        {expanded
          ? `${formatCount(suggestions.length, 'suggestion')} available`
          : noMatches
            ? 'No UK locations found'
            : ''}
      </p>
    </div>
  );
}
