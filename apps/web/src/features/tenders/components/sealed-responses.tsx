import { Lock } from '../../../components/ui/icons';
import { TENDER_SEALED_MESSAGES as S } from '@solar/shared/constants/tender-sealed';
import { formatCount } from '@solar/shared/domain/count';
import { formatUkDateTime } from '@solar/shared/domain/format';
import { Card } from '../../../components/ui/card';
import type { SealedResponses } from '../api/list-tender-responses';
import { DeadlineCountdown } from './deadline-countdown';

/**
 * Sealed responses (decision 0512), on the owner's comparison before the closing time by the
 * server's clock: how many arrived and when, nothing of who or what. At the closing time it asks
 * for the responses again (`onOpened`), which the server then opens.
 */
export function SealedResponsesCard({ sealed, onOpened }: { sealed: SealedResponses; onOpened(): void }) {
  return (
    <Card className="space-y-3 p-6" aria-labelledby="sealed-responses-title">
      <h2 id="sealed-responses-title" className="flex items-center gap-2 text-lg font-semibold">
        <Lock className="h-5 w-5 shrink-0 text-primary" aria-hidden />
        {S.sealedTitle}
      </h2>
      <p className="text-sm text-slate-700">{S.sealedBody}</p>
      {sealed.closesAt && <DeadlineCountdown closesAt={sealed.closesAt} label="Opens" verb="Opens" onClosed={onOpened} className="text-sm text-slate-900" />}
      {sealed.count === 0 ? (
        <p className="text-slate-700">{S.noneYet}</p>
      ) : (
        <>
          <p className="font-medium text-slate-900">{formatCount(sealed.count, 'response')} received so far</p>
          <ol className="space-y-1 text-sm text-slate-700">
            {sealed.arrivals.map((a, i) => (
              <li key={`${a.receivedAt}-${i}`} className="break-words">
                Response {i + 1}: received <time dateTime={a.receivedAt}>{formatUkDateTime(a.receivedAt)}</time>
                {a.updatedAt !== a.receivedAt && (
                  <>
                    , last changed <time dateTime={a.updatedAt}>{formatUkDateTime(a.updatedAt)}</time>
                  </>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </Card>
  );
}
