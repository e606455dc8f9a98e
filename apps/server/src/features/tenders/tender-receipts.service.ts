import { createHash } from 'node:crypto';
import type { TenderReceiptKind } from '@solar/shared/constants/tender-sealed';
import type { TenderReceipt } from '@solar/shared/contracts/tender-receipts';
import { formatUkDateTimeSeconds } from '@solar/shared/domain/tender-deadline';
import type { UserRow } from '../../db/rows';
import type { Db } from '../../db/client';
import { toIsoTimestamp } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { queueMail } from '../../platform/mail';
import { tenderBidderMails as mails } from './tender-bidders.mail';
import * as repo from './tender-receipts.repository';

/**
 * E-receipts (issue 27 part A, decision 0513): every submission, change and withdrawal of a
 * response gets a reference, the server's instant and the SHA-256 of what was submitted, written
 * and mailed to the bidder in the transaction of the change itself.
 */

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/**
 * The text a receipt's SHA-256 is taken of: one line of JSON with the keys in this order, the
 * amounts as stored (two decimals) and each attachment's own SHA-256 (decision 0513).
 */
export function receiptText(content: repo.ResponseContent, kind: TenderReceiptKind, at: Date): string {
  return JSON.stringify({
    receipt: 1,
    tender: content.tender_id,
    provider: content.provider_id,
    kind,
    at: at.toISOString(),
    message: content.message,
    priceMinimum: content.price_minimum,
    priceMaximum: content.price_maximum,
    leadTimeDays: content.lead_time_days,
    attachments: content.attachments.map((a) => ({ filename: a.filename, size: Number(a.size), sha256: a.sha256 })),
  });
}

export const toReceipt = (r: repo.ReceiptRow): TenderReceipt => ({
  reference: r.reference,
  kind: r.kind,
  providerName: r.provider_name,
  createdAt: toIsoTimestamp(r.created_at),
  ukTime: formatUkDateTimeSeconds(new Date(r.created_at)),
  sha256: r.sha256,
});

const ukYear = (at: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric' }).format(at);

/**
 * Issues the receipt of a change to a response, inside the change's transaction: reads what the
 * response holds now (for a withdrawal: what was withdrawn, read before the delete), hashes it,
 * stores the receipt and queues its mail to the bidder who acted.
 */
export async function issueReceipt(
  tx: Db,
  ctx: Pick<AppContext, 'env'>,
  args: { tender: { id: string; title: string }; responseId: string; providerName: string; user: UserRow; kind: TenderReceiptKind; at: Date },
): Promise<TenderReceipt> {
  const content = await repo.findResponseContent(tx, args.responseId);
  if (!content) throw new Error('receipt of a response that is not there');
  const row = await repo.insertReceipt(tx, {
    tenderId: args.tender.id,
    responseId: args.kind === 'withdrawn' ? null : args.responseId,
    providerId: content.provider_id,
    providerName: args.providerName,
    userId: args.user.id,
    kind: args.kind,
    sha256: sha256Hex(receiptText(content, args.kind, args.at)),
    year: ukYear(args.at),
    at: args.at,
  });
  const receipt = toReceipt(row);
  const attachments = content.attachments.map((a) => a.filename);
  await queueMail(tx, mails.receipt({ email: args.user.email, name: args.user.name }, args.tender, receipt, attachments, ctx.env.PUBLIC_URL), 'tender-receipt');
  return receipt;
}

/** The caller's receipts on a tender (their own providers'), newest first. */
export async function listReceipts(ctx: Pick<AppContext, 'database'>, tenderId: string, userId: string) {
  return (await repo.listReceiptsOfUser(ctx.database, tenderId, userId)).map(toReceipt);
}
