import { X } from '../../../components/ui/icons';
import { Combobox } from '../../../components/ui/combobox';
import { cn } from '../../../lib/cn';

export interface BrandsSelectProps {
  label: string;
  className?: string;
  options: readonly string[];
  value: string[];
  onChange(value: string[]): void;
  max: number;
}

/** Brands multi-select (docs/product/parts.md#parts-search): pick from the list or add free text; chosen brands show as removable chips. */
export function BrandsSelect({ label, className, options, value, onChange, max }: BrandsSelectProps) {
  const remaining = options.filter((o) => !value.some((v) => v.toLowerCase() === o.toLowerCase()));
  return (
    <div className={cn('grid gap-2', className)}>
      <Combobox
        label={label}
        options={remaining}
        allowFreeText
        placeholder={value.length >= max ? `At most ${max} brands` : 'Any brand: type to filter or add'}
        onSelect={(brand) => {
          if (value.length >= max || value.some((v) => v.toLowerCase() === brand.toLowerCase())) return;
          onChange([...value, brand]);
        }}
      />
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen brands">
          {value.map((brand) => (
            <li
              key={brand}
              className="inline-flex items-center gap-1 rounded-full bg-primary/10 py-1 pl-3 pr-1 text-sm font-medium text-primary"
            >
              {brand}
              <button
                type="button"
                onClick={() => onChange(value.filter((v) => v !== brand))}
                className="rounded-full p-0.5 hover:bg-primary/20 focus-visible:outline focus-visible:outline-2 focus-visible:outline-primary"
                aria-label={`Remove ${brand}`}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
