import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Tender } from '@solar/shared/contracts/tenders';
import { NOTICE_RELEVANCE_MESSAGES, NOTICE_STAGE_HINTS, NOTICE_STAGE_LABELS, PA23_NOTICE_TYPES, THRESHOLD_LABELS } from '@solar/shared/constants/tender-notices';
import { formatDate, formatGBP } from '@solar/shared/domain/format';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast-store';
import { useMe } from '../../../lib/session/get-me';
import { useMarkNoticeNotRelevant } from '../api/mark-notice-not-relevant';
import { deadlineText } from './notice-facts';

/**
 * An imported notice on its detail page (issue 29, decisions 0460–0462): its stage with a sentence,
 * the notice type, the deadline and its kind, the threshold, every source that published it, each
 * award per lot, the buyer's identifiers, why it matched; and for admins, 'Not relevant'.
 */
export function NoticeFacts({ tender }: { tender: Tender }) {
  const notice = tender.notice;
  const { data: me } = useMe();
  const mark = useMarkNoticeNotRelevant();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  if (!notice) return null;
  const onConfirm = () =>
    mark.mutate(tender.id, {
      onSuccess: () => {
        toast({ title: 'Not relevant', description: NOTICE_RELEVANCE_MESSAGES.done, variant: 'success' });
        void navigate('/explore-tenders');
      },
      onError: (error) => toast({ title: 'Error', description: error.message, variant: 'destructive' }),
    });
  return (
    <Card className="p-6">
      <h2 className="mb-3 text-lg font-semibold">Notice</h2>
      <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2">
        {notice.stage && (
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-slate-600">Stage</dt>
            <dd className="mt-0.5 text-slate-900">
              {NOTICE_STAGE_LABELS[notice.stage]}: {NOTICE_STAGE_HINTS[notice.stage]}
            </dd>
          </div>
        )}
        <Item label="Deadline">{deadlineText(tender)}</Item>
        <Item label="Notice type">{notice.noticeType ? (PA23_NOTICE_TYPES[notice.noticeType] ?? notice.noticeType) : null}</Item>
        <Item label="Threshold">{notice.aboveThreshold === null ? null : notice.aboveThreshold ? THRESHOLD_LABELS.above : THRESHOLD_LABELS.below}</Item>
        <Item label={notice.buyerIds.length === 1 ? 'Buyer identifier' : 'Buyer identifiers'}>{notice.buyerIds.length > 0 ? notice.buyerIds.join(' · ') : null}</Item>
        {notice.sources.length > 0 && (
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-slate-600">{notice.sources.length === 1 ? 'Published on' : `Published on ${notice.sources.length} sites`}</dt>
            <dd className="mt-0.5 text-slate-900">
              <ul className="space-y-0.5">
                {notice.sources.map((s) => (
                  <li key={s.ocid} className="break-words">
                    {s.url ? (
                      <a href={s.url} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                        {s.label}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    ) : (
                      s.label
                    )}{' '}
                    <span className="font-mono text-xs text-slate-600">{s.ocid}</span>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        )}
        {notice.matchedBecause && (
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-slate-600">Why it matched</dt>
            <dd className="mt-0.5 text-slate-900">{notice.matchedBecause}</dd>
          </div>
        )}
      </dl>
      {notice.awards.length > 0 && (
        <>
          <h3 className="mb-2 mt-5 font-semibold">{notice.awards.length === 1 ? 'Award' : `Awards (${notice.awards.length})`}</h3>
          <ul className="space-y-1 text-slate-800">
            {notice.awards.map((a) => (
              <li key={a.id} className="break-words">
                {a.lotIds.length > 0 ? `Lot ${a.lotIds.join(', ')}: ` : ''}
                {a.suppliers.map((s) => `${s.name}${s.ids.length ? ` (${s.ids.join(', ')})` : ''}`).join('; ') || 'Supplier not stated'}
                {a.value != null ? ` · ${formatGBP(a.value)}` : ''}
                {a.date ? ` · ${formatDate(a.date)}` : ''}
              </li>
            ))}
          </ul>
        </>
      )}
      {me?.is_admin && (
        <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-border pt-4">
          {confirming ? (
            <>
              <p className="w-full text-sm text-slate-700">{NOTICE_RELEVANCE_MESSAGES.confirm}</p>
              <Button variant="destructive" onClick={onConfirm} disabled={mark.isPending}>
                Take it off the board
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Not relevant
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  if (children == null || children === '') return null;
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}
