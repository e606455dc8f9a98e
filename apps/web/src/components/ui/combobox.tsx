import { useRef, useState, type KeyboardEvent } from 'react';
import { Command } from 'cmdk';
import { UI } from '@solar/shared/constants/ui';
import { cn } from '../../lib/cn';

export interface ComboboxProps {
  id?: string;
  label: string;
  options: readonly string[];
  onSelect(value: string): void;
  placeholder?: string;
  /** Lets the typed text be chosen when no option matches exactly (free text). */
  allowFreeText?: boolean;
  className?: string;
}

/** Case-insensitive substring match (docs/product/platform.md#combobox). */
export const matchesOption = (option: string, query: string) =>
  option.toLowerCase().includes(query.trim().toLowerCase());

/**
 * The shared combobox: filters by case-insensitive substring, says 'No matches found.' (free-text
 * ones too, above their 'Add "…"'), Enter takes the highlighted option, lists at
 * most 200 px, and closes 200 ms after blur so a click on an option still lands (docs/product/platform.md#combobox).
 */
export function Combobox({ id, label, options, onSelect, placeholder, allowFreeText, className }: ComboboxProps) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const blurTimer = useRef<number | undefined>(undefined);
  const visible = options.filter((o) => matchesOption(o, query));
  const choose = (value: string) => {
    onSelect(value);
    setQuery('');
    setOpen(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(false);
    if (event.key === 'Enter' && allowFreeText && query.trim() && visible.length === 0) {
      event.preventDefault();
      choose(query.trim());
    }
  };
  return (
    <Command shouldFilter={false} label={label} className={cn('relative', className)} onKeyDown={onKeyDown}>
      <Command.Input
        id={id}
        value={query}
        placeholder={placeholder}
        aria-label={label}
        onValueChange={(v) => {
          setQuery(v);
          setOpen(true);
        }}
        onFocus={() => {
          window.clearTimeout(blurTimer.current);
          setOpen(true);
        }}
        onBlur={() => {
          blurTimer.current = window.setTimeout(() => setOpen(false), UI.comboboxBlurCloseMs);
        }}
        className="h-10 w-full rounded-md border border-border bg-white px-3 text-sm placeholder:text-slate-500"
      />
      {/* Always rendered (hidden when closed) so the input's aria-controls points at a real element. */}
      <Command.List
        hidden={!open}
        style={{ maxHeight: UI.comboboxMaxHeightPx }}
        className="absolute z-50 mt-1 w-full overflow-y-auto rounded-md border border-border bg-white py-1 shadow-lg"
      >
        {/* A plain line, not Command.Empty: the 'Add' item below counts as an item for cmdk. */}
        {visible.length === 0 && <p className="px-3 py-2 text-sm text-muted-foreground">No matches found.</p>}
        {visible.map((option) => (
          <Command.Item
            key={option}
            value={option}
            onSelect={() => choose(option)}
            className="cursor-pointer px-3 py-2 text-sm data-[selected=true]:bg-muted"
          >
            {option}
          </Command.Item>
        ))}
        {/* Last, so the first matching option is the highlighted one Enter takes, not the half-typed text. */}
        {allowFreeText && query.trim() && !options.some((o) => o.toLowerCase() === query.trim().toLowerCase()) && (
          <Command.Item
            value={`__free:${query}`}
            onSelect={() => choose(query.trim())}
            className="cursor-pointer px-3 py-2 text-sm data-[selected=true]:bg-muted"
          >
            Add “{query.trim()}”
          </Command.Item>
        )}
      </Command.List>
    </Command>
  );
}
