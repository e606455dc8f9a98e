import { USER_TYPE_LABELS, type UserType } from '../constants/accounts';
import { CLAIM_STATUS_LABELS, type ClaimStatus } from '../constants/admin';
import { TENDER_FIELD_LABELS } from '../constants/tender-lifecycle';
import type { AuditEntry } from '../contracts/admin';
import { changeValue } from './tender-changes';

/**
 * The audit log as people read it (issue 28 item 8, decision 0424): who did what to what, by name,
 * and each change as "Field: from → to". Actions without a sentence here fall back to the summary
 * written when they happened.
 */
const SENTENCES: Record<string, (who: string, what: string, detail: string) => string> = {
  'user.update': (who, what) => `${who} changed the details of ${what}`,
  'user.grant_admin': (who, what) => `${who} made ${what} an admin`,
  'user.revoke_admin': (who, what) => `${who} removed the admin rights of ${what}`,
  'user.suspend': (who, what) => `${who} suspended ${what}`,
  'user.reinstate': (who, what) => `${who} reinstated ${what}`,
  'user.cancel_deletion': (who, what) => `${who} cancelled the deletion of ${what}’s account`,
  'claim.approve': (who, what, detail) => `${who} approved ${detail || 'a'} claim on ${what}`,
  'claim.reject': (who, what, detail) => `${who} rejected ${detail || 'a'} claim on ${what}`,
  'provider.ownership': (who, what) => `${who}’s claim review changed who owns ${what}`,
  'waiting.forward': (who, what) => `${who} forwarded a request waiting on ${what} to its public address`,
  'waiting.close': (who, what) => `${who} closed a request waiting on ${what}`,
  'waiting.resolve': (who, what) => `${who} marked a request waiting on ${what} as resolved`,
  'tender.created': (who, what) => `${who} saved the tender ${what} as a draft`,
  'tender.published': (who, what) => `${who} published the tender ${what}`,
  'tender.edited': (who, what) => `${who} edited the tender ${what}`,
  'tender.extended': (who, what) => `${who} extended the closing date of the tender ${what}`,
  'tender.closed-early': (who, what) => `${who} closed the tender ${what} early`,
  'tender.cancelled': (who, what) => `${who} cancelled the tender ${what}`,
  'tender.awarded': (who, what) => `${who} awarded the tender ${what}`,
};

const MISSING: Record<AuditEntry['targetType'], string> = {
  user: 'a deleted account',
  claim: 'a deleted profile',
  provider: 'a deleted profile',
  waiting: 'a deleted profile',
  tender: 'a deleted tender',
  accreditation: 'an accreditation',
  review: 'a review',
  award: 'an award',
};

/** Labels of the fields admin actions record (tender fields use the History's labels). */
const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  company: 'Company',
  type: 'Account type',
  is_admin: 'Admin',
  status: 'Status',
  reviewMessage: 'Note to the claimant',
  owner: 'Owner',
  claimed: 'Claimed',
  claimApproved: 'Claim approved',
  suspended: 'Suspended',
  deletionRequested: 'Deletion requested',
  forwardedTo: 'Forwarded to',
  winner: 'Winner',
};

function shown(entry: AuditEntry, field: string, value: unknown): string {
  if (value == null || value === '') return '(none)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'type') return USER_TYPE_LABELS[value as UserType] ?? String(value);
  if (field === 'status' && entry.targetType === 'claim') return CLAIM_STATUS_LABELS[value as ClaimStatus] ?? String(value);
  if (entry.source === 'tender') return changeValue(field, value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function describeAuditEntry(entry: AuditEntry): { sentence: string; lines: string[] } {
  const sentence = SENTENCES[entry.action];
  const what = entry.target.name ? `“${entry.target.name}”` : MISSING[entry.targetType];
  const who = entry.actor.name;
  const detail = entry.target.detail ? `${entry.target.detail}’s` : '';
  return {
    sentence: sentence ? sentence(who, entry.targetType === 'user' ? (entry.target.name ?? MISSING.user) : what, detail) : entry.summary || entry.action,
    lines: entry.changes.map(
      (c) => `${FIELD_LABELS[c.field] ?? TENDER_FIELD_LABELS[c.field] ?? c.field}: ${c.from === null && c.field === 'winner' ? '' : `${shown(entry, c.field, c.from)} → `}${shown(entry, c.field, c.to)}`,
    ),
  };
}
