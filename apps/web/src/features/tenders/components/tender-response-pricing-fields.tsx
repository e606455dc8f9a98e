import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { TENDER_PRICING_MESSAGES as M } from '@solar/shared/constants/tender-pricing';
import { formatGBP } from '@solar/shared/domain/format';
import { penceToPounds, readPence, scheduleTotals } from '@solar/shared/domain/tender-pricing';
import { Field, FieldGroup } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useTenderPricingSchedule } from '../api/get-tender-pricing-schedule';
import { useTenderResponsePrices } from '../api/get-tender-response-prices';
import { submitResponsePrices } from '../api/submit-tender-response-prices';
import { tenderKeys } from '../api/keys';

/**
 * The pricing schedule on the response form (issue 27 part B; decision 0521): a unit price per
 * line, typed as people type money ('£1,200'); line totals and the schedule's total shown as typed,
 * computed again in pence on the server, which keeps them. Saved after the response itself.
 */
export function useResponsePricing(tenderId: string, responseId: string | undefined) {
  const schedule = useTenderPricingSchedule(tenderId);
  const saved = useTenderResponsePrices(tenderId, responseId);
  const client = useQueryClient();
  const [prices, setPrices] = useState<Record<string, string>>({});
  const loadedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!saved.data || loadedFor.current === responseId) return;
    loadedFor.current = responseId;
    setPrices(Object.fromEntries(saved.data.lines.filter((l) => l.unitPricePence != null).map((l) => [l.itemId, formatGBP(penceToPounds(l.unitPricePence!))])));
  }, [saved.data, responseId]);
  const items = schedule.data?.items ?? [];
  return {
    items,
    prices,
    loading: schedule.isPending,
    failed: schedule.isError,
    setPrice: (itemId: string, text: string) => setPrices((p) => ({ ...p, [itemId]: text })),
    /** The form's message, or null. */
    check: (): string | null => {
      for (const item of items) {
        const pence = readPence(prices[item.id] ?? '');
        if (Number.isNaN(pence)) return M.unitPriceInvalid;
        if (pence === null && !item.optional) return M.unitPriceRequired;
      }
      return null;
    },
    save: async (savedId: string) => {
      if (items.length === 0) return;
      // What was typed is what is saved: the response's prices, read before this save lands (a first
      // submit), must not blank the fields.
      loadedFor.current = savedId;
      await submitResponsePrices(tenderId, savedId, { prices: items.map((i) => ({ itemId: i.id, unitPrice: prices[i.id] ?? '' })) });
      await client.invalidateQueries({ queryKey: tenderKeys.responsePrices(tenderId, savedId) });
    },
  };
}

export type ResponsePricing = ReturnType<typeof useResponsePricing>;

export function TenderResponsePricingFields({ pricing, error }: { pricing: ResponsePricing; error?: string }) {
  const { items, prices } = pricing;
  if (pricing.loading) return <p className="text-sm text-slate-700">Loading the pricing schedule…</p>;
  if (pricing.failed) return <p role="alert" className="text-sm text-destructive">The pricing schedule could not be loaded. Reload the page to try again.</p>;
  if (items.length === 0) return null;
  const typed = items.map((i) => {
    const pence = readPence(prices[i.id] ?? '');
    return { itemId: i.id, quantity: i.quantity, optional: i.optional, unitPricePence: pence === null || Number.isNaN(pence) ? null : pence };
  });
  const totals = scheduleTotals(typed);
  return (
    <FieldGroup id="response-pricing" legend="Pricing schedule" error={error} className="gap-3">
      <p className="text-sm text-slate-700">Enter a unit price for each line, such as £1,200. Optional extras may be left blank; they are shown apart from your total.</p>
      <ol className="grid gap-3">
        {items.map((item, n) => (
          <li key={item.id} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_10rem_8rem] sm:items-center">
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">
                {item.description}
                {item.optional && <span className="ml-2 text-sm font-normal text-amber-800">(optional extra)</span>}
              </p>
              <p className="text-sm text-slate-700">
                {item.quantity} × {item.unit}
              </p>
            </div>
            <Field id={`price-${item.id}`} label="Unit price in pounds" className="gap-0">
              {(control) => <Input {...control} inputMode="decimal" value={prices[item.id] ?? ''} onChange={(e) => pricing.setPrice(item.id, e.target.value)} />}
            </Field>
            <p className="text-sm text-slate-800 sm:text-right" aria-live="off">
              <span className="sr-only">{`Line ${n + 1} total: `}</span>
              {totals.lines[n]!.lineTotalPence == null ? '—' : formatGBP(penceToPounds(totals.lines[n]!.lineTotalPence!))}
            </p>
          </li>
        ))}
      </ol>
      <div className="text-right">
        <p className="font-semibold text-slate-900">Total: {totals.totalPence == null ? 'price every line that is not optional' : formatGBP(penceToPounds(totals.totalPence))}</p>
        {totals.optionalPence > 0 && <p className="text-sm text-slate-700">Optional extras: {formatGBP(penceToPounds(totals.optionalPence))}</p>}
      </div>
    </FieldGroup>
  );
}
