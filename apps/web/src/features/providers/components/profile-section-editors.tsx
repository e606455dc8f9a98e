import { useState } from 'react';
import { X } from '../../../components/ui/icons';
import type { z } from 'zod';
import { descriptionField, providerLists } from '@solar/shared/contracts/providers';
import { cleanList, PROVIDER_LIMITS, PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { ToggleChips } from './toggle-chips';

/*
 * The profile sections' editors, loaded when an owner or admin first opens one (profile-lazy-parts):
 * they check with the contract's own field schemas, so zod is not in a visitor's first load of a
 * profile (decision 0540).
 */

/** The first refusal of a field's shared schema, as the server would word it (decision 0365). */
function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? M.updateFailed);
}

/** Free list editor: items trimmed, empty and duplicates ignored (docs/product/providers.md#validation). */
function ListEditor({
  id,
  label,
  initial,
  onSave,
  saving,
  validate,
}: {
  id: string;
  label: string;
  initial: readonly string[];
  onSave(values: string[]): void;
  saving: boolean;
  /** The list's shared schema refusal ('Each service can be at most 200 characters'), checked before sending. */
  validate?(values: string[]): string | null;
}) {
  const [values, setValues] = useState<string[]>([...initial]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = () => {
    const next = cleanList([...values, draft]);
    const problem = validate?.(next) ?? null;
    setError(problem);
    if (problem) return;
    setValues(next);
    setDraft('');
  };
  const save = () => {
    const next = cleanList([...values, draft]);
    const problem = validate?.(next) ?? null;
    setError(problem);
    if (!problem) onSave(next);
  };
  return (
    <div className="space-y-3">
      <Field id={id} error={error}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              aria-label={`Add to ${label}`}
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
              placeholder={`Add ${label.toLowerCase()}`}
            />
            <Button variant="secondary" onClick={add}>
              Add
            </Button>
          </div>
        )}
      </Field>
      <ul className="flex flex-wrap gap-2">
        {values.map((v) => (
          <li key={v} className="min-w-0 max-w-full">
            <button
              type="button"
              onClick={() => setValues((all) => all.filter((x) => x !== v))}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-muted px-3 py-1 text-sm"
              aria-label={`Remove ${v}`}
            >
              <span className="break-words [overflow-wrap:anywhere]">{v}</span> <X className="h-3 w-3 shrink-0" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <Button onClick={save} disabled={saving}>
        Save
      </Button>
    </div>
  );
}

/** Option-list editor (technologies, scale, phase): duplicates impossible by construction. */
export function OptionsEditor({
  label,
  options,
  initial,
  onSave,
  saving,
}: {
  label: string;
  options: readonly string[];
  initial: readonly string[];
  onSave(values: string[]): void;
  saving: boolean;
}) {
  const [values, setValues] = useState<string[]>([...initial]);
  return (
    <div className="space-y-3">
      <ToggleChips
        label={label}
        options={options}
        selected={values}
        onToggle={(o) =>
          setValues((v) =>
            v.some((x) => x.toLowerCase() === o.toLowerCase())
              ? v.filter((x) => x.toLowerCase() !== o.toLowerCase())
              : [...v, o],
          )
        }
      />
      <Button onClick={() => onSave(values)} disabled={saving}>
        Save
      </Button>
    </div>
  );
}

function TextEditor({
  id,
  label,
  initial,
  multiline,
  onSave,
  saving,
  validate,
  max,
}: {
  id: string;
  label: string;
  initial: string;
  multiline?: boolean;
  /** Long text: a character counter under the field (decision 0365). */
  max?: number;
  onSave(value: string): void;
  saving: boolean;
  validate?(value: string): string | null;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const problem = validate?.(value) ?? null;
    setError(problem);
    if (!problem) onSave(value.trim());
  };
  return (
    <div className="space-y-2">
      <Field id={id} label={<span className="sr-only">{label}</span>} error={error} count={max === undefined ? undefined : { length: value.length, max }}>
        {(control) =>
          multiline ? (
            <Textarea {...control} value={value} onChange={(e) => setValue(e.target.value)} rows={6} />
          ) : (
            <Input {...control} value={value} onChange={(e) => setValue(e.target.value)} />
          )
        }
      </Field>
      <Button onClick={save} disabled={saving}>
        Save
      </Button>
    </div>
  );
}

/** A list section's editor, checked with the list's schema ('Each service can be at most 200 characters'). */
export function ProviderListEditor({
  listKey,
  ...props
}: {
  listKey: 'services' | 'certifications' | 'industryAssociations';
  id: string;
  label: string;
  initial: readonly string[];
  onSave(values: string[]): void;
  saving: boolean;
}) {
  return <ListEditor {...props} validate={(values) => firstIssue(providerLists[listKey], values)} />;
}

/** The About editor: required, checked with the description's schema, with a character counter. */
export function DescriptionEditor(props: { id: string; label: string; initial: string; onSave(value: string): void; saving: boolean }) {
  return (
    <TextEditor
      {...props}
      multiline
      max={PROVIDER_LIMITS.description}
      validate={(v) => (v.trim() ? firstIssue(descriptionField, v) : M.descriptionEmpty)}
    />
  );
}
