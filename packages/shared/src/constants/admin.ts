/** Claim statuses (docs/product/admin.md#claim-review), in the order the admin dashboard groups them. */
export const CLAIM_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** docs/product/providers.md#claims: the message a claimant sees for each status of a claim. */
export const CLAIM_STATUS_MESSAGES: Record<ClaimStatus, string> = {
  approved: 'Your business claim has been approved. You can now edit your business profile.',
  rejected: 'Your claim request was not approved. Please contact support for more information.',
  pending: "Your claim request is being reviewed. We'll notify you once it's processed.",
};

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Empty states (docs/product/admin.md#claim-review) of the claim groups. */
export const EMPTY_CLAIMS: Record<ClaimStatus, string> = {
  pending: 'No pending claims',
  approved: 'No approved claims',
  rejected: 'No rejected claims',
};

/** docs/product/admin.md, plus the project's own texts for the admin screens. */
export const ADMIN_MESSAGES = {
  noUsers: 'No users found',
  fetchUsersFailed: 'Failed to fetch users',
  fetchClaimsFailed: 'Failed to fetch claims',
  fetchTendersFailed: 'Failed to fetch tenders',
  updateUserFailed: 'Failed to update user',
  reviewClaimFailed: 'Failed to review claim',
  runDataSourceFailed: 'Failed to start the run',
  userUpdated: 'User updated',
  claimApproved: 'Claim approved',
  claimRejected: 'Claim rejected',
  userNotFound: 'User not found',
  claimNotFound: 'Claim not found',
  claimAlreadyReviewed: 'This claim has already been reviewed',
  /** Decision 0337: approval waits until the claimant has verified their email address. */
  claimantNotVerified:
    'The claimant has not confirmed their email address yet. You can approve this claim once they have; you can reject it now.',
  emailVerifiedBadge: 'Email confirmed',
  emailNotVerifiedBadge: 'Email not confirmed',
  lastAdmin: 'You cannot revoke the last admin',
  /** Decision 0424: suspension. */
  lastAdminSuspend: 'You cannot suspend the last admin',
  cannotSuspendSelf: 'You cannot suspend your own account',
  userSuspended: 'Account suspended',
  userReinstated: 'Account reinstated',
  onlyAdminNote: 'The only admin: make someone else an admin first',
  neverSignedIn: 'Never signed in',
  fetchAuditFailed: 'Failed to fetch the audit log',
  nothingToUpdate: 'Nothing to update',
  emailExists: 'An account with this email already exists',
  /** Review note on competing claims rejected when another claim on the same provider is approved. */
  competingClaimApproved: 'Another claim on this business was approved.',
  waitingNotFound: 'Waiting request not found',
  noPublicEmail: 'This company has no public email address to forward to',
  notClaimedYet: 'This provider has not been claimed yet',
} as const;

export const ADMIN_USERS_PAGE_SIZE = 25;
export const ADMIN_AUDIT_PAGE_SIZE = 50;
export const ADMIN_CLAIMS_PAGE_SIZE = 50;
/** Analytics tab: days of page views per day, and how many top paths. */
export const ANALYTICS_DAYS = 30;
export const ANALYTICS_TOP_PATHS = 10;

/**
 * The admin lists (users, claims, audit log, waiting requests) cached by query, the same answer for
 * every admin (decision 0386); dropped by notification when a table they read is written, and kept
 * at most `ttlMs` regardless.
 */
export const ADMIN_LIST_CACHE = { maxEntries: 500, maxBytes: 16 * 1024 * 1024, ttlMs: 10 * 60_000 } as const;
