import { z } from 'zod';
import { USER_TYPES } from '../constants/accounts';
import { ADMIN_AUDIT_PAGE_SIZE, ADMIN_CLAIMS_PAGE_SIZE, ADMIN_MESSAGES as M, ADMIN_USERS_PAGE_SIZE, ANALYTICS_DAYS, CLAIM_STATUSES } from '../constants/admin';
import { DATA_SOURCE_IDS } from '../constants/data-sources';
import { claimChecks } from './trust';
import { defineContract } from './contract';
import { companyField, emailField, nameField, userTypeField } from './accounts';
import { errors, idParam, successEnvelope } from './common';
import { about } from './fields';

// ---- Response shapes (docs/product/admin.md#users, docs/product/admin.md#claim-review); admins see emails, nobody else calls these ----

export const adminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  type: z.enum(USER_TYPES),
  is_admin: z.boolean(),
  createdAt: z.string(),
  /** A pending deletion request (accounts issue, decision 0105): when it was asked and when it falls due. */
  deletionRequestedAt: z.string().nullable(),
  deletionDueAt: z.string().nullable(),
  /** The account followed the link mailed to its current address (decision 0337). */
  emailVerified: z.boolean(),
  /** Issue 28 item 8: the last successful sign-in (null: never, or before it was recorded). */
  lastSignInAt: z.string().nullable(),
  /** Set while suspended (decision 0424): no sign-in, no session. */
  suspendedAt: z.string().nullable(),
  /** The only active admin (decision 0424): their admin right cannot be revoked nor the account suspended. */
  onlyAdmin: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminPagination = z.object({ page: z.number().int(), pages: z.number().int(), total: z.number().int(), pageSize: z.number().int() });

export const adminClaim = z.object({
  id: z.string(),
  status: z.enum(CLAIM_STATUSES),
  kind: z.enum(['claim', 'dispute']),
  companyRole: z.string(),
  message: z.string(),
  reviewMessage: z.string().nullable(),
  requestedAt: z.string(),
  reviewedAt: z.string().nullable(),
  provider: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  /** emailVerified: a claim from an unverified address cannot be approved (decision 0337). */
  claimant: z.object({ id: z.string(), name: z.string(), email: z.string(), emailVerified: z.boolean() }),
  reviewedBy: z.object({ name: z.string() }).nullable(),
  /** Email domain against the website's, and the Companies House checks (issue 31). */
  checks: claimChecks,
});
export type AdminClaim = z.infer<typeof adminClaim>;

export const AUDIT_TARGET_TYPES = ['user', 'claim', 'provider', 'waiting', 'tender', 'accreditation', 'review', 'award'] as const;

/**
 * One line of the audit log (decision 0230; issue 28 item 8, decision 0424): an admin action, or a
 * tender lifecycle event read from the tender's own history (`source: 'tender'`). Names, not ids:
 * `target.name` is the user's, provider's or tender's name now; user ids in `changes` are names.
 */
export const auditEntry = z.object({
  id: z.string(),
  source: z.enum(['admin', 'tender']),
  actor: z.object({ id: z.string().nullable(), name: z.string() }),
  action: z.string(),
  targetType: z.enum(AUDIT_TARGET_TYPES),
  targetId: z.string(),
  target: z.object({ name: z.string().nullable(), detail: z.string().nullable() }),
  summary: z.string(),
  /** A tender cancellation's reason. */
  reason: z.string().nullable(),
  /** What changed, field by field (raw values; the web formats dates and money). */
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const analyticsSummary = z.object({
  days: z.number().int(),
  total: z.number().int(),
  perDay: z.array(z.object({ date: z.string(), views: z.number().int() })),
  topPaths: z.array(z.object({ path: z.string(), views: z.number().int() })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummary>;

export const WAITING_KINDS = ['invitation', 'quote'] as const;
export const WAITING_ACTIONS = ['forward', 'close', 'resolve'] as const;

/** A request sent to a provider nobody has claimed yet (decision 0234). */
export const waitingItem = z.object({
  kind: z.enum(WAITING_KINDS),
  refId: z.string(),
  title: z.string(),
  sentAt: z.string(),
  sender: z.object({ name: z.string(), company: z.string() }).nullable(),
  provider: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    website: z.string().nullable(),
    claimApproved: z.boolean(),
  }),
  /** waiting (nothing done yet), forwarded, closed or resolved. */
  status: z.enum(['waiting', 'forwarded', 'closed', 'resolved']),
  actedAt: z.string().nullable(),
  forwardedTo: z.string().nullable(),
});
export type WaitingItem = z.infer<typeof waitingItem>;

// ---- Inputs ----

export const listAdminUsersQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
});

/**
 * docs/product/admin.md#calls: any of is_admin, name, email, company, type. The email is an address an admin sets
 * for someone (decision 0231), so the free-mail rule of sign-up does not apply.
 */
export const updateAdminUserBody = z
  .strictObject({
    name: nameField.optional(),
    email: emailField.optional(),
    company: companyField.optional(),
    type: userTypeField.optional(),
    is_admin: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), M.nothingToUpdate);
export type UpdateAdminUserInput = z.input<typeof updateAdminUserBody>;

/** Decision 0424: suspend or reinstate an account. */
export const updateUserSuspensionBody = z.strictObject({ suspended: z.boolean({ error: 'Say whether the account is suspended (true or false)' }) });

export const listAdminClaimsQuery = z.object({
  status: z.enum(CLAIM_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(ADMIN_CLAIMS_PAGE_SIZE),
});

export const reviewClaimBody = z.strictObject({
  status: z.enum(['approved', 'rejected'], { error: 'Status must be approved or rejected' }),
  /** An optional note for the claimant, included in the outcome email. */
  message: z.string({ error: about('Note') }).trim().max(1000).optional(),
});
export type ReviewClaimInput = z.input<typeof reviewClaimBody>;

export const listAuditLogQuery = z.object({
  targetType: z.enum(AUDIT_TARGET_TYPES).optional(),
  targetId: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(ADMIN_AUDIT_PAGE_SIZE),
});

export const analyticsQuery = z.object({ days: z.coerce.number().int().min(1).max(365).default(ANALYTICS_DAYS) });

export const listWaitingQuery = z.object({ show: z.enum(['open', 'all']).default('open') });

export const waitingParams = z.object({ kind: z.enum(WAITING_KINDS), refId: z.string().min(1).max(200) });
export const actOnWaitingBody = z.strictObject({ action: z.enum(WAITING_ACTIONS) });

/** A data source's status (admin 'Data sources' tab, decisions 0393 and 0463). */
const runCounts = z.object({
  read: z.number().int(),
  kept: z.number().int(),
  dropped: z.number().int(),
  invalid: z.number().int(),
  /** Merged into the same notice from another source (decision 0461). */
  merged: z.number().int(),
});
export const dataSourceStatus = z.object({
  id: z.enum(DATA_SOURCE_IDS),
  label: z.string(),
  /** Configured in this deployment (its job is registered). */
  enabled: z.boolean(),
  /** Primary, or legacy (Contracts Finder since the Procurement Act), with a sentence on what it carries. */
  role: z.enum(['primary', 'legacy']),
  roleNote: z.string(),
  /** The least time between two requests to the source. */
  pacingMs: z.number().int(),
  /** Why it is off and how to switch it on, in words; null when on. */
  offReason: z.string().nullable(),
  howToSwitchOn: z.string().nullable(),
  /** A wait the source asked for without it being a failure (a bare 429): the run carries on after it. */
  lastPause: z.string().nullable(),
  /** What the bundled data put in place at first start, shown as a run. */
  startupImport: z.object({ at: z.string(), what: z.string(), read: z.number().int(), kept: z.number().int(), dropped: z.number().int() }).nullable(),
  /** The last run's dropped, unreadable and cut items by reason. */
  lastRunReasons: z.record(z.string(), z.number().int()),
  lastRunAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  /** The source asked us to wait until then (429/403/5xx). */
  backoffUntil: z.string().nullable(),
  runRequestedAt: z.string().nullable(),
  /** Totals over every run, and the latest run's. */
  totals: runCounts.extend({ errors: z.number().int() }),
  lastRun: runCounts,
});
export type DataSourceStatus = z.infer<typeof dataSourceStatus>;
export const dataSourceParams = z.object({ id: z.enum(DATA_SOURCE_IDS) });

// ---- Calls (docs/product/admin.md#calls) ----

const adminErrors = { 401: errors[401], 403: errors[403] };

export const listAdminUsers = defineContract({
  method: 'GET',
  path: '/api/admin/users',
  access: 'admin',
  source: 'accounts §7',
  summary: 'Users, newest first, with a search over name, email and company (admin)',
  query: listAdminUsersQuery,
  response: { 200: z.object({ success: z.literal(true), data: z.array(adminUser), pagination: adminPagination }), 400: errors[400], ...adminErrors },
});

export const updateAdminUser = defineContract({
  method: 'PATCH',
  path: '/api/admin/users/:id',
  access: 'admin',
  source: 'accounts §7',
  summary: "Edit a user's name, email, company, type or admin flag (never the last admin's)",
  params: idParam,
  body: updateAdminUserBody,
  response: { 200: successEnvelope(adminUser), 400: errors[400], ...adminErrors, 404: errors[404], 409: errors[409] },
});

export const updateAdminUserSuspension = defineContract({
  method: 'PUT',
  path: '/api/admin/users/:id/suspension',
  access: 'admin',
  source: 'project',
  summary: 'Suspend an account (it cannot sign in; its sessions end) or reinstate it; never your own or the only admin (decision 0424)',
  params: idParam,
  body: updateUserSuspensionBody,
  response: { 200: successEnvelope(adminUser), 400: errors[400], ...adminErrors, 404: errors[404], 409: errors[409], 429: errors[429] },
});

export const listAdminClaims = defineContract({
  method: 'GET',
  path: '/api/admin/claims',
  access: 'admin',
  source: 'accounts §7',
  summary: 'Provider claims with provider name and claimant name and email (admin)',
  query: listAdminClaimsQuery,
  response: {
    200: z.object({
      success: z.literal(true),
      data: z.array(adminClaim),
      pagination: adminPagination,
      counts: z.object({ pending: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
    }),
    400: errors[400],
    ...adminErrors,
  },
});

export const reviewClaim = defineContract({
  method: 'POST',
  path: '/api/admin/claims/:id/review',
  access: 'admin',
  source: 'accounts §7',
  summary: 'Approve (the claimant becomes the owner; competing claims rejected) or reject a pending claim',
  params: idParam,
  body: reviewClaimBody,
  response: { 200: successEnvelope(adminClaim), 400: errors[400], ...adminErrors, 404: errors[404], 409: errors[409] },
});

export const listAuditLog = defineContract({
  method: 'GET',
  path: '/api/admin/audit-log',
  access: 'admin',
  source: 'project',
  summary: 'The audit log, newest first: admin actions and tender lifecycle events, with names (admin)',
  query: listAuditLogQuery,
  response: { 200: z.object({ success: z.literal(true), data: z.array(auditEntry), pagination: adminPagination }), 400: errors[400], ...adminErrors },
});

export const getAdminAnalytics = defineContract({
  method: 'GET',
  path: '/api/admin/analytics',
  access: 'admin',
  source: 'project',
  summary: 'Page views per day and the top paths (admin; spec ruling on analytics)',
  query: analyticsQuery,
  response: { 200: successEnvelope(analyticsSummary), 400: errors[400], ...adminErrors },
});

export const listWaitingRequests = defineContract({
  method: 'GET',
  path: '/api/admin/waiting',
  access: 'admin',
  source: 'project',
  summary: 'Quotes and tender invitations sent to unclaimed providers (admin)',
  query: listWaitingQuery,
  response: { 200: successEnvelope(z.array(waitingItem)), 400: errors[400], ...adminErrors },
});

export const actOnWaitingRequest = defineContract({
  method: 'POST',
  path: '/api/admin/waiting/:kind/:refId',
  access: 'admin',
  source: 'project',
  summary: "Forward a waiting request to the company's public email, close it, or resolve it once claimed (admin)",
  params: waitingParams,
  body: actOnWaitingBody,
  response: { 200: successEnvelope(waitingItem), 400: errors[400], ...adminErrors, 404: errors[404], 409: errors[409] },
});

export const listDataSources = defineContract({
  method: 'GET',
  path: '/api/admin/data-sources',
  access: 'admin',
  source: 'project',
  summary: 'Each external data source (tender feeds, REPD) with its cursor-free status and counts (admin)',
  response: { 200: successEnvelope(z.array(dataSourceStatus)), ...adminErrors },
});

export const runDataSource = defineContract({
  method: 'POST',
  path: '/api/admin/data-sources/:id/run',
  access: 'admin',
  source: 'project',
  summary: "'Run now': the source runs at once unless it is running or asked us to wait (admin)",
  params: dataSourceParams,
  response: { 200: successEnvelope(dataSourceStatus), 400: errors[400], ...adminErrors, 404: errors[404], 409: errors[409] },
});
