import { X } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

/** Selectable option chips (aria-pressed); choosing a selected one removes it (docs/product/providers.md#filters). */
export function ToggleChips({
  label,
  options,
  selected,
  onToggle,
  labelOf = (o) => o,
}: {
  label: string;
  options: readonly string[];
  selected: readonly string[];
  onToggle(value: string): void;
  /** The text of an option whose value is an id (accreditation schemes). */
  labelOf?: (option: string) => string;
}) {
  const isOn = (o: string) => selected.some((s) => s.toLowerCase() === o.toLowerCase());
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <button
            key={o}
            type="button"
            aria-pressed={isOn(o)}
            onClick={() => onToggle(o)}
            className={cn(
              'rounded-full border px-3 py-1 text-sm transition-colors',
              isOn(o)
                ? 'border-primary bg-primary text-primary-foreground'
                : 'border-border bg-white text-slate-800 hover:bg-muted',
            )}
          >
            {labelOf(o)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Removable chips for chosen values (services, companies); a long value wraps inside its chip, never widening the page. */
export function RemovableChips({
  label,
  values,
  onRemove,
}: {
  label: string;
  values: readonly string[];
  onRemove(value: string): void;
}) {
  if (values.length === 0) return null;
  return (
    <ul className="flex min-w-0 flex-wrap gap-2" aria-label={label}>
      {values.map((v) => (
        <li key={v} className="min-w-0 max-w-full">
          <button
            type="button"
            onClick={() => onRemove(v)}
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-primary/10 px-3 py-1 text-left text-sm text-primary hover:bg-primary/20"
            aria-label={`Remove ${v}`}
          >
            <span className="min-w-0 [overflow-wrap:anywhere]">{v}</span> <X className="h-3.5 w-3.5 shrink-0" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
