import { Link } from '../../../components/ui/link';
import { Building2, CalendarClock, MapPin, PoundSterling } from '../../../components/ui/icons';
import type { Tender } from '@solar/shared/contracts/tenders';
import { formatDate, formatGBP } from '@solar/shared/domain/format';
import { cutDescription, valueRangeLabel } from '@solar/shared/domain/tenders';
import { Card } from '../../../components/ui/card';
import { tenderLink } from '../state/tender-board-filters';
import { TenderBadges } from './tender-badges';
import { deadlineText, NoticeMatchLine } from './notice-facts';

/**
 * A tender on the board: the description cut at 200 characters (docs/product/tenders.md#tender-board), GBP and en-GB
 * dates. Its link carries the board's page and filters, for 'Back to Tenders'.
 */
export function TenderCard({ tender, fromPage, board }: { tender: Tender; fromPage: number; board: URLSearchParams }) {
  const place = tender.location ?? tender.contactTown ?? tender.region;
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-5 transition hover:border-primary/60 hover:shadow-md">
      <TenderBadges tender={tender} />
      <h2 className="break-words text-lg font-semibold leading-snug text-slate-900">
        <Link to={tenderLink(tender.id, fromPage, board)} className="hover:text-primary hover:underline">
          {tender.title}
        </Link>
      </h2>
      <p className="text-sm text-slate-700">{cutDescription(tender.description) || 'No description given.'}</p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm text-slate-700 sm:grid-cols-2">
        <div className="flex min-w-0 items-center gap-2">
          <Building2 className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <dt className="sr-only">Organisation</dt>
          <dd className="min-w-0 truncate">{tender.organisationName ?? tender.user?.name ?? 'Not stated'}</dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <MapPin className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <dt className="sr-only">Location</dt>
          <dd className="min-w-0 truncate">{place ?? 'Not stated'}</dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <PoundSterling className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <dt className="sr-only">Value</dt>
          <dd>{valueRangeLabel(tender.valueMinimum, tender.valueMaximum, formatGBP)}</dd>
        </div>
        <div className="flex min-w-0 items-center gap-2">
          <CalendarClock className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          <dt className="sr-only">Dates</dt>
          <dd className="min-w-0">
            Published {formatDate(tender.publishedDate)} · {deadlineText(tender)}
          </dd>
        </div>
      </dl>
      <NoticeMatchLine tender={tender} />
    </Card>
  );
}
