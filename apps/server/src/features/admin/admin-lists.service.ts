import type { z } from 'zod';
import {
  listAdminClaims,
  listAdminUsers,
  listAuditLog,
  listWaitingRequests,
  type listAdminClaimsQuery,
  type listAdminUsersQuery,
  type listAuditLogQuery,
} from '@solar/shared/contracts/admin';
import { ADMIN_LIST_CACHE } from '@solar/shared/constants/admin';
import type { AppContext } from '../../plugins/context';
import { cacheKey, createReadCache, encodeResponse, type CachedJson } from '../../platform/read-cache';
import { listAudit } from './admin-audit.service';
import { listClaims } from './admin-claims.service';
import { listUsers } from './admin-users.service';
import { listWaiting } from './admin-waiting.service';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'log' | 'env'>;

/**
 * The admin lists as JSON, cached by query: the same answer for every admin, asked only after the
 * route's admin check (decision 0386). `'admin'` is dropped by any write to the tables these lists
 * read (migration 0028: users, deletion requests, the audit log, claims, invitations, quotes, waiting
 * actions); the providers they show by that provider's changes, and the tenders by any tender write
 * (migration 0026).
 */
const adminCache = createReadCache(['admin'], ADMIN_LIST_CACHE);

const providerTags = (ids: Iterable<string>) => ['providers:set', ...new Set([...ids].map((id) => `providers:${id}`))];

export function adminUsersJson(ctx: Ctx, query: z.output<typeof listAdminUsersQuery>): Promise<CachedJson> {
  return adminCache(ctx.database, cacheKey({ list: 'users', ...query }), async () =>
    encodeResponse(listAdminUsers.response[200], { success: true, ...(await listUsers(ctx, query)) }),
  );
}

/** The audit log names tenders and providers as they are now: their writes drop it too (decision 0424). */
export function adminAuditJson(ctx: Ctx, query: z.output<typeof listAuditLogQuery>): Promise<CachedJson> {
  return adminCache(ctx.database, cacheKey({ list: 'audit', ...query }), async () => {
    const result = await listAudit(ctx, query);
    return {
      text: encodeResponse(listAuditLog.response[200], { success: true, ...result }),
      tags: ['admin', 'tenders', 'providers:set'],
    };
  });
}

export function adminClaimsJson(ctx: Ctx, query: z.output<typeof listAdminClaimsQuery>): Promise<CachedJson> {
  return adminCache(ctx.database, cacheKey({ list: 'claims', ...query }), async () => {
    const result = await listClaims(ctx, query);
    return {
      text: encodeResponse(listAdminClaims.response[200], { success: true, ...result }),
      tags: ['admin', ...providerTags(result.data.map((claim) => claim.provider.id))],
    };
  });
}

export function adminWaitingJson(ctx: Ctx, show: 'open' | 'all'): Promise<CachedJson> {
  return adminCache(ctx.database, cacheKey({ list: 'waiting', show }), async () => {
    const data = await listWaiting(ctx, show);
    return {
      text: encodeResponse(listWaitingRequests.response[200], { success: true, data }),
      tags: ['admin', 'tenders', ...providerTags(data.map((item) => item.provider.id))],
    };
  });
}
