import { X } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

/** Toggle chips (aria-pressed) for one filter group. */
export function ChipGroup({ label, options, selected, onChange }: { label: string; options: readonly string[]; selected: string[]; onChange(next: string[]): void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {options.map((o) => {
          const on = selected.includes(o);
          return (
            <button
              key={o}
              type="button"
              aria-pressed={on}
              onClick={() => onChange(on ? selected.filter((s) => s !== o) : [...selected, o])}
              className={cn('rounded-full border px-2.5 py-0.5 text-xs transition-colors', on ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-white text-slate-800 hover:bg-muted')}
            >
              {o}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

/** Chosen values, each removable. */
export function RemovableChips({ label, values, onRemove }: { label: string; values: string[]; onRemove(value: string): void }) {
  if (!values.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={label}>
      {values.map((v) => (
        <li key={v}>
          <button type="button" onClick={() => onRemove(v)} className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2.5 py-0.5 text-xs text-primary hover:bg-primary/20" aria-label={`Remove ${v}`}>
            {v}
            <X className="h-3 w-3" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
