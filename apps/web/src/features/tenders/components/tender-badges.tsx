import type { Tender } from '@solar/shared/contracts/tenders';
import { TENDER_SECTOR_LABELS } from '@solar/shared/constants/tenders';
import { tenderOutcome } from '@solar/shared/domain/tenders';
import { Badge } from '../../../components/ui/badge';
import { NoticeBadges } from './notice-facts';

/**
 * Open or Closed to the public (docs/product/tenders.md#status); to the owner and those taking part
 * their own outcome (Draft, Won, Unsuccessful, Awarded, Cancelled; issue 27 defects 2 and 7); the
 * source, an imported notice's stage and threshold (decision 0460), and its sectors.
 */
export function TenderBadges({ tender }: { tender: Tender }) {
  const outcome = tenderOutcome(tender);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant={outcome.tone}>{outcome.badge}</Badge>
      <Badge variant="outline">{tender.source}</Badge>
      {tender.type === 'private' && <Badge variant="warning">Private</Badge>}
      <NoticeBadges tender={tender} />
      {tender.sectors.map((s) => (
        <Badge key={s} variant="default">
          {TENDER_SECTOR_LABELS[s]}
        </Badge>
      ))}
      {tender.isDemo && <Badge variant="warning">Demo</Badge>}
    </div>
  );
}
