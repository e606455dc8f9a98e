import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { X } from '../../../components/ui/icons';
import { TENDER_SERVICE_SUGGESTIONS } from '@solar/shared/constants/tenders';
import type { FieldControl } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { useServices } from '../../../lib/geo/services';

/** The control's id, invalid mark and description come from its `Field` (decision 0505). */
export interface ServiceComboboxProps extends FieldControl {
  value: string;
  onChange(value: string): void;
  placeholder?: string;
}

/**
 * Picks one service from `GET /api/services` with at most 5 suggestions (docs/product/tenders.md#limits), as an
 * ARIA 1.2 combobox: arrow keys move, Enter chooses, Escape closes, the clear icon empties it.
 */
export function ServiceCombobox({ value, onChange, placeholder = 'Search services', ...control }: ServiceComboboxProps) {
  const { data: services = [] } = useServices();
  const [query, setQuery] = useState(value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [lastValue, setLastValue] = useState(value);
  const listId = `${useId()}-services`;
  const blurTimer = useRef<number | undefined>(undefined);
  if (value !== lastValue) {
    // The parent changed or reset the value: show it.
    setLastValue(value);
    setQuery(value);
  }
  const q = query.trim().toLowerCase();
  const suggestions = services.filter((s) => !q || s.toLowerCase().includes(q)).slice(0, TENDER_SERVICE_SUGGESTIONS);
  const choose = (service: string) => {
    setQuery(service);
    setOpen(false);
    onChange(service);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, suggestions.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (event.key === 'Enter' && open && suggestions[active]) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };
  return (
    <div className="relative">
      <input
        {...control}
        role="combobox"
        aria-expanded={open && suggestions.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && suggestions[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={query}
        placeholder={placeholder}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(0);
          if (value && e.target.value !== value) onChange('');
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          blurTimer.current = window.setTimeout(() => setOpen(false), 200);
        }}
        onKeyDown={onKeyDown}
        className={cn(
          'h-10 w-full rounded-md border border-border bg-white px-3 pr-9 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30',
          control['aria-invalid'] && 'border-destructive',
        )}
      />
      {query && (
        <button
          type="button"
          aria-label="Clear service"
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-500 hover:text-slate-900"
          onClick={() => {
            setQuery('');
            onChange('');
          }}
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
      {open && suggestions.length > 0 && (
        <ul id={listId} role="listbox" aria-label="Services" className="absolute z-20 mt-1 max-h-[200px] w-full overflow-auto rounded-md border border-border bg-white py-1 shadow-lg">
          {suggestions.map((service, i) => (
            <li
              key={service}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn('cursor-pointer px-3 py-2 text-sm', i === active && 'bg-muted')}
              onMouseEnter={() => setActive(i)}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                window.clearTimeout(blurTimer.current);
                choose(service);
              }}
            >
              {service}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
