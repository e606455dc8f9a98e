import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** One of the two tender types as a large radio card (open or private). */
export function TypeOption({ checked, onChange, icon, title, text }: { checked: boolean; onChange(): void; icon: ReactNode; title: string; text: string }) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-4 shadow-sm transition',
        checked ? 'border-primary ring-2 ring-primary/30' : 'border-border hover:border-primary/50',
      )}
    >
      <input type="radio" name="tender-type" className="mt-1 h-4 w-4 accent-[var(--color-primary)]" checked={checked} onChange={onChange} />
      <span className="grid gap-1">
        <span className="flex items-center gap-2 font-semibold text-slate-900">
          {icon}
          {title}
        </span>
        <span className="text-sm text-slate-700">{text}</span>
      </span>
    </label>
  );
}
