import type { CurrentUser } from '@solar/shared/contracts/accounts';
import type { UserRow } from '../../db/schema/index';

/** The one place a user row becomes an API shape: an explicit field list, never the hash. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    type: row.type,
    is_admin: row.isAdmin,
    createdAt: row.createdAt.toISOString(),
    deletionRequestedAt: row.deletionRequestedAt ? row.deletionRequestedAt.toISOString() : null,
    emailVerified: row.emailVerifiedAt !== null,
  };
}
