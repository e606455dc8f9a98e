import { ReceiptText } from '../../../components/ui/icons';
import { TENDER_RECEIPT_KIND_LABELS, TENDER_SEALED_MESSAGES as S } from '@solar/shared/constants/tender-sealed';
import type { TenderReceipt } from '@solar/shared/contracts/tender-receipts';
import { Card } from '../../../components/ui/card';

/**
 * The bidder's e-receipts on their response page (decision 0513): the newest first and in full
 * (reference, UK time to the second, SHA-256), then every earlier one. Also mailed to them.
 */
export function ResponseReceipts({ receipts }: { receipts: TenderReceipt[] }) {
  const [latest, ...earlier] = receipts;
  return (
    <Card className="space-y-3 p-6" aria-labelledby="response-receipts-title">
      <h2 id="response-receipts-title" className="flex items-center gap-2 text-lg font-semibold">
        <ReceiptText className="h-5 w-5 shrink-0 text-primary" aria-hidden />
        {S.receiptsTitle}
      </h2>
      {!latest ? (
        <p className="text-sm text-muted-foreground">{S.receiptsEmpty}</p>
      ) : (
        <>
          <section aria-label={S.receiptTitle} className="rounded-md border border-emerald-300 bg-emerald-50 p-4">
            <h3 className="font-medium text-emerald-900">{S.receiptTitle}</h3>
            <ReceiptFacts receipt={latest} />
            <p className="mt-2 text-xs text-emerald-900">{S.receiptHint}</p>
          </section>
          {earlier.length > 0 && (
            <ol className="space-y-3">
              {earlier.map((r) => (
                <li key={r.reference} className="border-t border-border pt-3">
                  <ReceiptFacts receipt={r} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </Card>
  );
}

function ReceiptFacts({ receipt: r }: { receipt: TenderReceipt }) {
  return (
    <dl className="mt-1 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      <dt className="text-muted-foreground">Reference</dt>
      <dd className="font-mono font-medium text-slate-900">{r.reference}</dd>
      <dt className="text-muted-foreground">What</dt>
      <dd className="text-slate-900">
        {TENDER_RECEIPT_KIND_LABELS[r.kind]} for {r.providerName}
      </dd>
      <dt className="text-muted-foreground">When</dt>
      <dd className="text-slate-900">
        <time dateTime={r.createdAt}>{r.ukTime}</time> (UK time)
      </dd>
      <dt className="text-muted-foreground">SHA-256</dt>
      <dd className="break-all font-mono text-xs text-slate-900">{r.sha256}</dd>
    </dl>
  );
}
