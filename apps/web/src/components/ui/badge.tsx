import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const VARIANTS = {
  default: 'bg-primary/10 text-primary',
  secondary: 'bg-muted text-slate-700',
  outline: 'border border-border text-slate-700',
  success: 'bg-emerald-100 text-emerald-900',
  warning: 'bg-amber-100 text-amber-900',
  destructive: 'bg-red-100 text-red-900',
} as const;

export function Badge({ variant = 'default', className, ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof VARIANTS }) {
  return <span className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium', VARIANTS[variant], className)} {...props} />;
}
