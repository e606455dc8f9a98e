import type { Tender } from '@solar/shared/contracts/tenders';
import type { TenderEventKind } from '../../db/rows';

/**
 * Sealed responses (issue 27 part A, decision 0512): before the tender's closing time, by the
 * server's clock, a response's content (who sent it, prices, text, attachments) is read by its own
 * bidder alone; the owner and admins see how many arrived and when. A tender closed early has its
 * closing time set to that moment; a cancelled one stays sealed until its closing time.
 */
export const isSealed = (tender: Pick<Tender, 'closingDate'>, now: Date) => !tender.closingDate || new Date(tender.closingDate).getTime() > now.getTime();

/** History entries that name a responder: their subject is withheld while responses are sealed. */
export const RESPONSE_EVENT_KINDS: ReadonlySet<TenderEventKind> = new Set(['response-submitted', 'response-updated', 'response-withdrawn']);
