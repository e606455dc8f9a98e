import { useRef, useState, type KeyboardEvent } from 'react';
import { Command } from 'cmdk';
import { UI } from '@solar/shared/constants/ui';
import { cn } from '../../lib/cn';
import type { FieldControl } from './field';

export interface ComboboxProps {
  /** The visible label, tied to the input (cmdk's own label; decision 0505). */
  label: string;
  /** Keeps the label for screen readers only, where the page already says what the input is for. */
  hideLabel?: boolean;
  /** From the surrounding `Field` (no label of its own there): invalid state and what describes the input. */
  control?: Omit<FieldControl, 'id'>;
  options: readonly string[];
  onSelect(value: string): void;
  placeholder?: string;
  /** Lets the typed text be chosen when no option matches exactly (free text). */
  allowFreeText?: boolean;
  /** Which options the typed text keeps; default a case-insensitive substring (`matchesOption`). */
  matches?(option: string, query: string): boolean;
  /** The typed text as it changes, for options fetched as one types. */
  onQueryChange?(query: string): void;
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
export function Combobox({ label, hideLabel, control, options, onSelect, placeholder, allowFreeText, matches = matchesOption, onQueryChange, className }: ComboboxProps) {
  const [query, setQueryState] = useState('');
  const [open, setOpen] = useState(false);
  const blurTimer = useRef<number | undefined>(undefined);
  const visible = options.filter((o) => matches(o, query));
  const setQuery = (value: string) => {
    setQueryState(value);
    onQueryChange?.(value);
  };
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
    // cmdk gives the input its own id and names it by its own label element (hidden by an inline style);
    // `data-combobox-label` shows that label, so the visible text is the one tied to the input (index.css).
    <Command
      shouldFilter={false}
      label={label}
      data-combobox-label={hideLabel ? undefined : 'visible'}
      className={cn('relative', className)}
      onKeyDown={onKeyDown}
    >
      <Command.Input
        {...control}
        value={query}
        placeholder={placeholder}
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
        label={`${label} suggestions`}
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
