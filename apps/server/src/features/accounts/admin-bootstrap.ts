import type { AppContext } from '../../plugins/context';
import { hashPassword } from '../../platform/passwords';
import { findUserByEmail, insertUser } from './accounts.repository';

/**
 * The first admin comes from ADMIN_EMAIL / ADMIN_PASSWORD (there is no default admin). It is
 * created only when missing: an existing account is left alone, so a changed password is never
 * overwritten and a revoked admin is never re-granted by a restart.
 */
export async function ensureConfiguredAdmin(ctx: Pick<AppContext, 'env' | 'database' | 'log' | 'clock'>) {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = ctx.env;
  if (!email || !password) return;
  if (await findUserByEmail(ctx.database.db, email)) return;
  await insertUser(ctx.database.db, {
    email,
    name: 'Administrator',
    company: 'Solar Marketplace',
    type: 'representative',
    passwordHash: await hashPassword(password),
    isAdmin: true,
    // The operator chose this address in the configuration (decision 0337).
    emailVerifiedAt: ctx.clock.now(),
  });
  ctx.log.info({ email }, 'admin account created from ADMIN_EMAIL');
}
