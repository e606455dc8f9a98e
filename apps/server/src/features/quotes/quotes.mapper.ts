import type { Quote } from '@solar/shared/contracts/quotes';
import type { UserRow } from '../../db/schema/index';
import type { QuoteProvider, QuoteRecord } from './quotes.repository';

/** The provider's approved owner (docs/product/accounts.md#roles: owner rights need claimApproved). */
export const ownsProvider = (user: UserRow, provider: QuoteProvider) => provider.userId === user.id && provider.claimApproved;

/** Who may see a quote: its sender, the provider's owner, admins. Everyone else gets 404. */
export const canSee = (user: UserRow, record: QuoteRecord) => user.isAdmin || record.quote.senderId === user.id || ownsProvider(user, record.provider);

/** Who may reply: the provider's owner, or an admin on the marketplace team's behalf. */
export const canReply = (user: UserRow, record: QuoteRecord) => user.isAdmin || ownsProvider(user, record.provider);

/**
 * Who may mark the work completed: the provider's approved owner alone, once they replied (decision
 * 0480). An admin may not: a review is earned by work the provider itself says it did.
 */
export const canComplete = (user: UserRow, record: QuoteRecord) => record.quote.status === 'responded' && ownsProvider(user, record.provider);

export const attachmentUrl = (quoteId: string, attachmentId: string) => `/api/quotes/${quoteId}/attachments/${attachmentId}`;

/** The one response shape of a quote, from an explicit field list. */
export function toQuote(record: QuoteRecord, viewer: UserRow): Quote {
  const q = record.quote;
  return {
    id: q.id,
    provider: { id: record.provider.id, slug: record.provider.slug, businessName: record.provider.businessName, claimed: record.provider.claimed },
    sender: { name: record.sender.name, company: record.sender.company },
    service: q.service,
    location: q.location,
    timePreference: q.timePreference,
    description: q.description,
    name: q.contactName,
    email: q.contactEmail,
    phone: q.contactPhone,
    requiresNDA: q.requiresNda,
    useDefaultContract: q.useDefaultContract,
    selectedContract: q.selectedContract,
    routedTo: q.routedTo,
    status: q.status,
    replyMessage: q.replyMessage,
    repliedAt: q.repliedAt?.toISOString() ?? null,
    createdAt: q.createdAt.toISOString(),
    attachments: record.attachments.map((a) => ({
      id: a.id,
      kind: a.kind,
      filename: a.filename,
      mimeType: a.mimeType,
      size: a.sizeBytes,
      url: attachmentUrl(q.id, a.id),
    })),
    canReply: q.status === 'pending' && canReply(viewer, record),
    canComplete: canComplete(viewer, record),
    completedAt: q.completedAt?.toISOString() ?? null,
  };
}
