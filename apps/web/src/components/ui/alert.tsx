import type { ReactNode } from 'react';
import { AlertCircle } from './icons';
import { cn } from '../../lib/cn';

/** An inline error or notice block (for page-level error states with a retry action). */
export function Alert({ title, children, variant = 'destructive', className }: { title: string; children?: ReactNode; variant?: 'destructive' | 'info'; className?: string }) {
  return (
    <div role={variant === 'destructive' ? 'alert' : 'status'} className={cn('flex gap-3 rounded-lg border p-4', variant === 'destructive' ? 'border-red-200 bg-red-50 text-red-900' : 'border-blue-200 bg-blue-50 text-blue-950', className)}>
      <AlertCircle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <div className="grid gap-1 text-sm">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
    </div>
  );
}
