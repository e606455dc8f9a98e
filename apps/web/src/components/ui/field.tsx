import type { ReactNode } from 'react';
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
 * hint, and the character count, each by the id the field gives it (`<id>-error`, `-hint`, `-count`).
 */
export function fieldControl(id: string, { error, hint, count }: FieldParts): FieldControl {
  const describedBy = [error ? `${id}-error` : hint ? `${id}-hint` : null, count ? `${id}-count` : null].filter(Boolean).join(' ');
  return { id, ...(error && { 'aria-invalid': true as const }), ...(describedBy && { 'aria-describedby': describedBy }) };
}

export interface FieldProps extends FieldParts {
  id: string;
  /** Omitted when the control shows its own label (the combobox). */
  label?: ReactNode;
  className?: string;
  /**
   * The control, given its attributes: `{(control) => <Input {...control} {...register('name')} />}`.
   * A plain element must carry them itself (forms not yet converted; decision 0505).
   */
  children: ReactNode | ((control: FieldControl) => ReactNode);
}

/** A labelled form field that ties its label, hint, count and message to its control once (decision 0505). */
export function Field({ id, label, error, hint, count, className, children }: FieldProps) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      {label !== undefined && (
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
      )}
      {typeof children === 'function' ? children(fieldControl(id, { error, hint, count })) : children}
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
