import { randomBytes } from 'node:crypto';
import { API_KEY_LIMITS, API_KEY_MESSAGES, API_KEY_PREFIX, API_KEY_SHOWN_CHARACTERS } from '@solar/shared/constants/developers';
import type { ApiKey } from '@solar/shared/contracts/developers';
import type { UserRow } from '../../db/rows';
import { isUuid } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { hashApiKey } from '../../platform/api-keys';
import { AppError } from '../../platform/errors';
import { toApiKey } from './developers.mapper';
import * as repo from './api-keys.repository';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

/**
 * API keys (docs/product/developers.md#api-keys, decision 0492): a key is 192 random bits, shown
 * once in the answer that creates it; only its SHA-256 and its first characters are kept.
 */

export async function listApiKeys(ctx: Ctx, user: UserRow): Promise<ApiKey[]> {
  return (await repo.listApiKeys(ctx.database.db, user.id)).map(toApiKey);
}

export async function createApiKey(ctx: Ctx, user: UserRow, name: string): Promise<{ data: ApiKey; secret: string }> {
  if ((await repo.countActiveApiKeys(ctx.database.db, user.id)) >= API_KEY_LIMITS.maxActive) {
    throw new AppError('CONFLICT', API_KEY_MESSAGES.tooMany(API_KEY_LIMITS.maxActive));
  }
  const secret = `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;
  const row = await repo.insertApiKey(ctx.database.db, {
    userId: user.id,
    name,
    prefix: secret.slice(0, API_KEY_SHOWN_CHARACTERS),
    keyHash: hashApiKey(secret),
    createdAt: ctx.clock.now(),
  });
  return { data: toApiKey(row), secret };
}

export async function revokeApiKey(ctx: Ctx, user: UserRow, id: string): Promise<ApiKey> {
  // Another account's key, or no key: the same 404 (records a caller may not see, docs/style.md#5-one-error-model).
  const row = isUuid(id) ? await repo.revokeApiKey(ctx.database.db, user.id, id, ctx.clock.now()) : undefined;
  if (!row) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
  return toApiKey(row);
}
