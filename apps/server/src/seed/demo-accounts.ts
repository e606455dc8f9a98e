import type { AppContext } from '../plugins/context';
import { hashPassword } from '../platform/passwords';
import { findUserByEmail, insertUser } from '../features/accounts/accounts.repository';

/** Clearly fictional demo accounts (example.com is reserved for examples); only with SEED_DEMO. */
export const DEMO_ACCOUNTS = [
  {
    email: 'provider.demo@example.com',
    password: 'DemoProvider2026',
    name: 'Demo Provider',
    company: 'Demo Solar Services Ltd (demo)',
    type: 'provider' as const,
  },
  {
    email: 'owner.demo@example.com',
    password: 'DemoOwner2026',
    name: 'Demo Asset Owner',
    company: 'Demo Solar Assets Ltd (demo)',
    type: 'representative' as const,
  },
];

/** Verified from the start (decision 0337): nobody receives mail at these reserved addresses. */
export async function seedDemoAccounts(ctx: Pick<AppContext, 'database' | 'clock'>) {
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserByEmail(ctx.database.db, account.email)) continue;
    const { password, ...fields } = account;
    await insertUser(ctx.database.db, { ...fields, passwordHash: await hashPassword(password), emailVerifiedAt: ctx.clock.now() });
  }
}
