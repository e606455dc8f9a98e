import { AlertTriangle, CheckCircle2, Star, XCircle } from './ui/icons';
import type { CheckItem } from '@solar/shared/contracts/trust';
import { formatDate } from '@solar/shared/domain/format';

/** Pieces the profile, the owner's trust page and claim review show alike (docs/product/trust.md). */

const ICON = {
  pass: <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-label="Passed" />,
  warn: <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-label="Warning" />,
  fail: <XCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-700" aria-label="Failed" />,
} as const;

export function CheckList({ items, checkedAt }: { items: CheckItem[]; checkedAt: string | null }) {
  return (
    <ul className="space-y-1.5 text-sm" aria-label="Companies House checks">
      {items.map((item, i) => (
        <li key={item.key} className="flex items-start gap-2">
          {ICON[item.status]}
          <span>
            <span className="font-medium">
              {item.label}
              {i === 0 && checkedAt ? ` — checked ${formatDate(checkedAt)}` : ''}
            </span>
            {item.detail && <span className="block text-muted-foreground">{item.detail}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** How much of star `n` (1–5) a rating fills, to the nearest quarter: 4.7 fills four and three quarters. */
export function starFill(value: number, n: number): number {
  return Math.min(1, Math.max(0, Math.round((value - (n - 1)) * 4) / 4));
}

export function Stars({ value, label }: { value: number; label?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label ?? `${value.toFixed(1)} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = starFill(value, n);
        return (
          <span key={n} className="relative inline-block h-4 w-4" data-fill={fill}>
            <Star className="absolute inset-0 h-4 w-4 text-slate-300" aria-hidden />
            {fill > 0 && (
              <span className="absolute inset-y-0 left-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className="h-4 w-4 fill-amber-400 text-amber-500" aria-hidden />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

