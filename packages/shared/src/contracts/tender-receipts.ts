import { z } from 'zod';
import { TENDER_RECEIPT_KINDS } from '../constants/tender-sealed';

/**
 * A timestamped e-receipt of a submission, a change or a withdrawal (issue 27 part A, decision
 * 0513): the reference, the instant (shown in UK time to the second), and the SHA-256 of what
 * was submitted (its fields and the SHA-256 of each attachment), for the bidder only.
 */
export const tenderReceipt = z.object({
  reference: z.string(),
  kind: z.enum(TENDER_RECEIPT_KINDS),
  providerName: z.string(),
  /** The instant, ISO. */
  createdAt: z.string(),
  /** The instant in UK time to the second, as printed on the receipt and in its mail. */
  ukTime: z.string(),
  /** Hex SHA-256 of the canonical text of what was submitted (`receiptText`). */
  sha256: z.string(),
});
export type TenderReceipt = z.infer<typeof tenderReceipt>;
