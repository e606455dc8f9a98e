import { createHmac, timingSafeEqual } from 'node:crypto';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import type { Database } from '../../db/client';
import { isUuid } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import * as repo from './unsubscribe.repository';
import * as watches from './watches.repository';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env'>;

/**
 * One-click unsubscribe (RFC 8058; decision 0474). A link names what it stops, a saved search or a
 * watch, and carries an HMAC-SHA256 of that under a key kept in the database, so it works without
 * signing in and cannot be made for another user's search. Unsubscribing from a search turns its
 * mails off (it stays, with its matches, in the dashboard and the bell); from a watch, unwatches.
 */
export type UnsubscribeTarget = { kind: 'search'; searchId: string } | { kind: 'watch'; userId: string; tenderId: string };

const keys = new WeakMap<Database, Promise<string>>();
function signingKey(database: Database): Promise<string> {
  let key = keys.get(database);
  if (!key) {
    key = repo.readSigningKey(database);
    keys.set(database, key);
    key.catch(() => keys.delete(database));
  }
  return key;
}

const payloadOf = (t: UnsubscribeTarget) => (t.kind === 'search' ? `s.${t.searchId}` : `w.${t.userId}.${t.tenderId}`);
const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);

/**
 * Makes signed tokens; the key is read first, so tokens can then be made inside a transaction (a
 * read on the database itself there would wait for the transaction on PGlite's one connection).
 */
export async function unsubscribeSigner(database: Database): Promise<(target: UnsubscribeTarget) => string> {
  const key = await signingKey(database);
  return (target) => {
    const payload = payloadOf(target);
    return `${payload}.${sign(key, payload)}`;
  };
}

/** The page with the one click, and the address mail programs POST to (List-Unsubscribe). */
export const unsubscribeLinks = (publicUrl: string, token: string) => ({
  page: `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
  oneClick: `${publicUrl}/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`,
});

/** The List-Unsubscribe headers of a mail (RFC 2369, RFC 8058). */
export const unsubscribeHeaders = (publicUrl: string, token: string) => ({
  'List-Unsubscribe': `<${unsubscribeLinks(publicUrl, token).oneClick}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

async function readToken(database: Database, token: string): Promise<UnsubscribeTarget> {
  const parts = token.split('.');
  const sig = parts.pop() ?? '';
  const target: UnsubscribeTarget | null =
    parts[0] === 's' && parts.length === 2 && isUuid(parts[1]!)
      ? { kind: 'search', searchId: parts[1]! }
      : parts[0] === 'w' && parts.length === 3 && isUuid(parts[1]!) && isUuid(parts[2]!)
        ? { kind: 'watch', userId: parts[1]!, tenderId: parts[2]! }
        : null;
  if (!target) throw new AppError('BAD_REQUEST', M.unsubscribeInvalid);
  const expected = Buffer.from(sign(await signingKey(database), parts.join('.')));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('BAD_REQUEST', M.unsubscribeInvalid);
  return target;
}

/** What the link stops, and whether it already has (the page asks before the one click). */
export async function describeUnsubscribe(ctx: Ctx, token: string) {
  const target = await readToken(ctx.database, token);
  if (target.kind === 'search') {
    const search = await repo.findSearchForUnsubscribe(ctx.database.db, target.searchId);
    if (!search) throw new AppError('NOT_FOUND', M.unsubscribeGone);
    return { kind: 'search' as const, name: search.name, done: search.frequency === 'off' };
  }
  const watched = await watches.findWatchedTitle(ctx.database.db, target.userId, target.tenderId);
  if (!watched) throw new AppError('NOT_FOUND', M.unsubscribeGone);
  return { kind: 'watch' as const, name: watched.title, done: !watched.watching };
}

/** The one click: idempotent (a second click, or a mail program's retry, changes nothing more). */
export async function unsubscribe(ctx: Ctx, token: string) {
  const target = await readToken(ctx.database, token);
  const now = ctx.clock.now();
  const before = await describeUnsubscribe(ctx, token);
  if (!before.done) {
    await ctx.database.db.transaction(async (tx) => {
      if (target.kind === 'search') await repo.turnMailOff(tx, target.searchId, now);
      else await watches.removeWatch(tx, target.userId, target.tenderId);
    });
  }
  return { ...before, done: true };
}
