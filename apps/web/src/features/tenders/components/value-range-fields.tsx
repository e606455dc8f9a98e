import { useEffect, useRef, useState } from 'react';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { UI } from '@solar/shared/constants/ui';
import { Field, FieldGroup } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { invertedRange, readValueInput } from '../state/tender-board-filters';

type Side = 'minValue' | 'maxValue';
type Texts = Record<Side, string>;
const SIDES: Array<{ key: Side; id: string; label: string }> = [
  { key: 'minValue', id: 'filter-min-value', label: 'Min value (£)' },
  { key: 'maxValue', id: 'filter-max-value', label: 'Max value (£)' },
];

/**
 * The board's minimum and maximum value (decision 0352). What is typed applies shortly after the
 * last key (Enter at once); text that is not an amount is refused with the form's own message and
 * never turned into another number; a minimum above the maximum is said, and the board leaves the
 * range out of its query until it is fixed.
 */
export function ValueRangeFields({ value, onChange }: { value: Texts; onChange(changes: Partial<Record<Side, string | null>>): void }) {
  const [text, setText] = useState<Texts>(value);
  // What this form last wrote to the address: the address catching up with it is not an outside change.
  const [written, setWritten] = useState<Texts>(value);
  const [seen, setSeen] = useState<Texts>(value);
  if (seen.minValue !== value.minValue || seen.maxValue !== value.maxValue) {
    setSeen(value);
    // Changed elsewhere (Clear All Filters, a cleaned address): show it.
    const outside = SIDES.filter(({ key }) => value[key] !== written[key]);
    if (outside.length) {
      setText((t) => ({ ...t, ...Object.fromEntries(outside.map(({ key }) => [key, value[key]])) }));
      setWritten((w) => ({ ...w, ...Object.fromEntries(outside.map(({ key }) => [key, value[key]])) }));
    }
  }

  const read = { minValue: readValueInput(text.minValue), maxValue: readValueInput(text.maxValue) };
  const amount = (side: Side) => {
    const r = read[side];
    return 'value' in r && r.value !== null ? String(r.value) : null;
  };
  const inverted = 'value' in read.minValue && 'value' in read.maxValue && invertedRange(amount('minValue'), amount('maxValue'));

  const latest = useRef({ read, value, onChange });
  useEffect(() => {
    latest.current = { read, value, onChange };
  });
  const apply = () => {
    const { read: now, value: current, onChange: send } = latest.current;
    const changes: Partial<Record<Side, string | null>> = {};
    for (const { key } of SIDES) {
      const r = now[key];
      if ('error' in r) continue;
      const next = r.value === null ? '' : String(r.value);
      if (next !== current[key]) changes[key] = next || null;
    }
    if (Object.keys(changes).length === 0) return;
    setWritten((w) => ({ ...w, ...Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v ?? ''])) }));
    send(changes);
  };
  useEffect(() => {
    const timer = window.setTimeout(apply, UI.filterTypingDebounceMs);
    return () => window.clearTimeout(timer);
    // Only typing restarts the wait; `apply` reads the latest state itself.
  }, [text.minValue, text.maxValue]);

  return (
    <FieldGroup id="filter-value-range" error={inverted ? TENDER_MESSAGES.valueRange : null}>
      <div className="grid grid-cols-2 gap-3">
        {SIDES.map(({ key, id, label }) => {
          const error = 'error' in read[key] ? read[key].error : undefined;
          return (
            <Field key={key} id={id} label={label} error={error}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={text[key]}
                  placeholder="Any"
                  onChange={(e) => setText((t) => ({ ...t, [key]: e.target.value }))}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') apply();
                  }}
                />
              )}
            </Field>
          );
        })}
      </div>
    </FieldGroup>
  );
}
