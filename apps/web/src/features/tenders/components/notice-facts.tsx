import type { Tender } from '@solar/shared/contracts/tenders';
import { NOTICE_DEADLINE_LABELS, NOTICE_STAGE_LABELS, THRESHOLD_LABELS } from '@solar/shared/constants/tender-notices';
import { formatDate } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';

/**
 * What an imported notice says about itself (issue 29, decision 0460): its stage and the threshold
 * as badges, the deadline with its kind, the sources that published it and why it is on the board.
 */
export function NoticeBadges({ tender }: { tender: Tender }) {
  const notice = tender.notice;
  if (!notice) return null;
  return (
    <>
      {notice.stage && <Badge variant="outline">{NOTICE_STAGE_LABELS[notice.stage]}</Badge>}
      {notice.aboveThreshold !== null && <Badge variant="outline">{notice.aboveThreshold ? THRESHOLD_LABELS.above : THRESHOLD_LABELS.below}</Badge>}
    </>
  );
}

/** 'Expressions of interest by 20/06/2026', 'Tenders by …', or the plain closing date. */
export function deadlineText(tender: Tender): string {
  const kind = tender.notice?.deadlineKind;
  if (!tender.closingDate) return tender.notice?.stage === 'pipeline' ? 'No deadline yet' : `Closes ${formatDate(tender.closingDate)}`;
  return kind ? `${NOTICE_DEADLINE_LABELS[kind]} ${formatDate(tender.closingDate)}` : `Closes ${formatDate(tender.closingDate)}`;
}

/** 'Find a Tender and Sell2Wales'. */
export const sourcesText = (tender: Tender) => {
  const labels = [...new Set((tender.notice?.sources ?? []).map((s) => s.label))];
  return labels.length <= 1 ? (labels[0] ?? null) : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
};

/** The board card's line: where the notice comes from and why it matched. */
export function NoticeMatchLine({ tender }: { tender: Tender }) {
  const notice = tender.notice;
  if (!notice) return null;
  const from = sourcesText(tender);
  return (
    <p className="text-xs text-slate-600">
      {from && <span>From {from}. </span>}
      {notice.matchedBecause && <span>Why it matched: {notice.matchedBecause}.</span>}
    </p>
  );
}
