import type { ReactNode } from 'react';
import { formatNumber } from '@solar/shared/domain/count';
import { cn } from '../../lib/cn';

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** The validation message shown under the field (role=alert so screen readers hear it). */
  error?: string;
  hint?: ReactNode;
  /** Long text: '120 / 2,000 characters' under the field, red once over the limit (decision 0365). */
  count?: { length: number; max: number };
  className?: string;
  children: ReactNode;
}

/** A labelled form field with its message underneath; give the control `id` and `aria-invalid`. */
export function Field({ id, label, error, hint, count, className, children }: FieldProps) {
  return (
    <div className={cn('grid gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-muted-foreground">{hint}</p>}
      {count && <CharacterCount id={`${id}-count`} {...count} />}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The counter of a long text field; give the control `aria-describedby` its id so the limit is read out once. */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className={cn('text-xs', length > max ? 'font-medium text-destructive' : 'text-muted-foreground')}>
      {formatNumber(length)} / {formatNumber(max)} characters
    </p>
  );
}
