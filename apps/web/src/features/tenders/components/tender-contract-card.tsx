import { useState } from 'react';
import { FileDown, Handshake, Hourglass, RefreshCw } from '../../../components/ui/icons';
import type { Tender } from '@solar/shared/contracts/tenders';
import { TENDER_CONTRACT_LABELS } from '@solar/shared/constants/tender-records';
import { formatUkDateTime } from '@solar/shared/domain/format';
import { standstillLastDay } from '@solar/shared/domain/tender-records';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { useConfirmContract } from '../api/confirm-tender-contract';
import { letterUrl } from '../api/download-tender-letter';
import { useTenderContract } from '../api/get-tender-contract';

/**
 * After the award (decisions 0526, 0527): 'Awarded – in standstill' with the end of the standstill
 * in UK time, then 'Contract confirmed'; the owner confirms once the standstill is over; each party
 * downloads its letters (the owner every one). Shown to the owner, admins and everyone taking part.
 */
export function TenderContractCard({ tender }: { tender: Tender }) {
  const awarded = tender.stage === 'awarded' && tender.viewerRelation !== null;
  const contract = useTenderContract(tender.id, awarded);
  const confirm = useConfirmContract(tender.id);
  const [asking, setAsking] = useState(false);
  if (!awarded) return null;
  if (contract.isPending) {
    return (
      <Card className="p-6" role="status" aria-label="Loading the contract">
        <Skeleton className="h-16 w-full" />
      </Card>
    );
  }
  if (contract.isError) {
    return (
      <Card className="flex flex-wrap items-center gap-3 p-6 text-sm text-destructive" role="alert">
        Failed to load the contract. {contract.error.message}
        <Button size="sm" variant="secondary" onClick={() => void contract.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden />
          Retry
        </Button>
      </Card>
    );
  }
  const c = contract.data;
  if (!c) return null;
  const confirmed = c.state === 'confirmed';
  return (
    <Card className="p-6" aria-labelledby="tender-contract-title">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <h2 id="tender-contract-title" className="flex items-center gap-2 text-lg font-semibold">
          {confirmed ? <Handshake className="h-5 w-5 text-primary" aria-hidden /> : <Hourglass className="h-5 w-5 text-primary" aria-hidden />}
          Contract
        </h2>
        <Badge variant={confirmed ? 'success' : 'warning'}>{TENDER_CONTRACT_LABELS[c.state]}</Badge>
      </div>
      <p className="text-slate-800">
        Awarded {formatUkDateTime(c.awardedAt)}. The standstill period of {c.standstillDays} calendar days {new Date(c.standstillEndsAt).getTime() > Date.now() ? 'ends' : 'ended'} at
        midnight at the end of {standstillLastDay(c.standstillEndsAt)} (UK time).
      </p>
      {confirmed && c.confirmedAt && <p className="mt-1 text-slate-800">Contract confirmed {formatUkDateTime(c.confirmedAt)}.</p>}
      {!confirmed && c.canConfirm && (
        <div className="mt-3">
          <Button onClick={() => setAsking(true)}>
            <Handshake className="h-4 w-4" aria-hidden />
            Confirm contract
          </Button>
        </div>
      )}
      {c.letters.length > 0 && (
        <div className="mt-4">
          <h3 className="mb-1 font-semibold text-slate-900">{c.letters.length === 1 ? 'Your letter' : 'Letters'}</h3>
          <ul className="space-y-1 text-sm">
            {c.letters.map((l) => (
              <li key={l.responseId} className="min-w-0">
                <a href={letterUrl(tender.id, l.responseId)} className="inline-flex max-w-full items-center gap-2 text-primary hover:underline">
                  <FileDown className="h-4 w-4 shrink-0" aria-hidden />
                  <span className="min-w-0 break-words">
                    {l.kind === 'award' ? 'Award letter' : 'Regret letter'}: {l.provider} (PDF)
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Dialog open={asking} onOpenChange={setAsking} title="Confirm the contract?" description="The standstill period has ended. The winner and the other responders are told. This cannot be undone.">
        <Button
          disabled={confirm.isPending}
          onClick={() =>
            confirm.mutate(undefined, {
              onSuccess: (res) => {
                setAsking(false);
                toast({ title: 'Contract confirmed', description: res.message, variant: 'success' });
              },
              onError: (err) => {
                setAsking(false);
                toast({ title: 'Error', description: err.message, variant: 'destructive' });
              },
            })
          }
        >
          Confirm contract
        </Button>
      </Dialog>
    </Card>
  );
}
