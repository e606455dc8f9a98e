import { createContext, useContext, type ReactNode } from 'react';
import { formatNumber } from '@solar/shared/domain/count';
import { cn } from '../../lib/cn';

/** What a form control needs to be tied to its field: its id, whether it is invalid, what describes it. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldParts {
  /** The validation message shown under the field (role=alert so screen readers hear it). */
  error?: string | null;
  hint?: ReactNode;
  /** Long text: '120 / 2,000 characters' under the field, red once over the limit (decision 0365). */
  count?: { length: number; max: number };
}

/**
 * The attributes of a field's control (decision 0505): the message while there is one, else the
 * hint, and the character count, each by the id the field gives it (`<id>-error`, `-hint`, `-count`);
 * inside a `FieldGroup` with a message, that message too (decision 0590).
 */
export function fieldControl(id: string, { error, hint, count }: FieldParts, groupError?: string | null): FieldControl {
  const describedBy = [error ? `${id}-error` : hint ? `${id}-hint` : null, count ? `${id}-count` : null, groupError].filter(Boolean).join(' ');
  return { id, ...((error || groupError) && { 'aria-invalid': true as const }), ...(describedBy && { 'aria-describedby': describedBy }) };
}

/** The id of the message of the `FieldGroup` around a field, while it shows one. */
const GroupError = createContext<string | null>(null);

export interface FieldGroupProps {
  /** The group's message is `<id>-error`. */
  id: string;
  /** A fieldset with this legend; without one, a plain group (the legend is elsewhere). */
  legend?: ReactNode;
  /** A message about the fields together (a minimum above the maximum, a schedule left unpriced). */
  error?: string | null;
  className?: string;
  children: ReactNode;
}

/**
 * Fields that share one message (decision 0590): every `Field` inside points its control at the
 * group's message and is marked invalid while it shows, so each is announced with it.
 */
export function FieldGroup({ id, legend, error, className, children }: FieldGroupProps) {
  const body = (
    <>
      <GroupError.Provider value={error ? `${id}-error` : null}>{children}</GroupError.Provider>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </>
  );
  return legend === undefined ? (
    <div className={cn('grid gap-2', className)}>{body}</div>
  ) : (
    <fieldset className={cn('grid gap-2', className)}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      {body}
    </fieldset>
  );
}

export interface FieldProps extends FieldParts {
  id: string;
  /** Omitted when the control shows its own label (the combobox). */
  label?: ReactNode;
  className?: string;
  /**
   * The control, given its attributes: `{(control) => <Input {...control} {...register('name')} />}`.
   * Always a function, so no control wires its own description (decision 0590).
   */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled form field that ties its label, hint, count and message to its control once (decision 0505). */
export function Field({ id, label, error, hint, count, className, children }: FieldProps) {
  const groupError = useContext(GroupError);
  return (
    <div className={cn('grid gap-1.5', className)}>
      {label !== undefined && (
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      )}
      {children(fieldControl(id, { error, hint, count }, groupError))}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {count && <CharacterCount id={`${id}-count`} {...count} />}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The counter of a long text field; `fieldControl` points the control at it so the limit is read out once. */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className={cn('text-xs', length > max ? 'font-medium text-destructive' : 'text-muted-foreground')}>
      {formatNumber(length)} / {formatNumber(max)} characters
    </p>
  );
}
