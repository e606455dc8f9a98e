import type { SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/** A native select: accessible and keyboard-friendly everywhere, styled to match the inputs. */
export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className={cn('h-10 w-full rounded-md border border-border bg-white px-3 text-sm text-slate-900', className)} {...props}>
      {children}
    </select>
  );
}
