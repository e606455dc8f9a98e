import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { providerClaims, providers, users } from '../../../db/schema/index';
import { onSignupWithProvider } from '../../accounts/accounts.hooks';
import { fixedClock } from '../../../platform/clock';
import { cookieFrom, createTestApp, databaseKinds, signedInUser, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';

let ipCounter = 1;
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** Sign-up with `providerId` files a pending claim in the sign-up transaction (decisions 0102, 0146, 0148). */
describe.each(databaseKinds)('claims filed at sign-up on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  const clock = fixedClock(new Date('2026-11-22T09:00:00Z'));

  const signUp = (over: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: freshIp(),
      payload: {
        email: `signup-${Math.random().toString(36).slice(2, 10)}@acme-solar.co.uk`,
        name: 'Clara Claimant',
        company: 'Clara Energy Ltd',
        password: 'SolarPanel42x',
        type: 'provider',
        ...over,
      },
    });
  const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
  const claimsOn = (providerId: string) =>
    t.ctx.database.db.select().from(providerClaims).where(eq(providerClaims.providerId, providerId));

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    admin = await signedInUser(t, { admin: true, name: 'Ada Admin' });
    owner = await signedInUser(t, { name: 'Olivia Owner' });
  });
  afterAll(() => t.close());

  it('a valid provider id gets a pending claim, seen by admins and in the new user’s Previous Claims', async () => {
    const unclaimed = await insertProvider(t, { businessName: 'Signup Target Solar', location: 'Devon' });
    const res = await signUp({ providerId: unclaimed.id });
    expect(res.statusCode, res.body).toBe(201);
    const userId = res.json().data.id as string;
    const cookie = cookieFrom(res);

    const [claim] = await claimsOn(unclaimed.id);
    expect(claim).toMatchObject({
      userId,
      status: 'pending',
      kind: 'claim',
      companyRole: M.signupClaimRole,
      message: M.signupClaimMessage('Clara Energy Ltd'),
    });
    expect(claim!.createdAt.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    const [row] = await t.ctx.database.db.select().from(providers).where(eq(providers.id, unclaimed.id));
    expect(row).toMatchObject({ claimed: true, claimApproved: false, userId: null });
    const intents = await t.ctx.database.query<{ processed_at: Date | null }>(
      'SELECT processed_at FROM signup_claim_intents WHERE user_id = $1',
      [userId],
    );
    expect(intents).toHaveLength(1);
    expect(intents[0]!.processed_at).not.toBeNull();

    // The new user's Previous Claims (GET /api/providers/user/{userId}).
    const mine = await get(`/api/providers/user/${userId}`, cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.claims).toEqual([
      expect.objectContaining({
        providerId: unclaimed.id,
        providerName: 'Signup Target Solar',
        status: 'pending',
        kind: 'claim',
      }),
    ]);
    expect(mine.json().data.providers).toEqual([]);

    // The admin claims queue.
    const queue = await get('/api/admin/claims?status=pending&pageSize=200', admin.cookie);
    expect(queue.statusCode, queue.body).toBe(200);
    const entry = queue.json().data.find((c: { provider: { id: string } }) => c.provider.id === unclaimed.id);
    expect(entry).toMatchObject({ status: 'pending', kind: 'claim', claimant: { id: userId, name: 'Clara Claimant' } });
  });

  it('accepts the profile’s slug as well as its id', async () => {
    const target = await insertProvider(t, { businessName: 'Slug Target Solar' });
    const res = await signUp({ providerId: target.slug });
    expect(res.statusCode, res.body).toBe(201);
    expect(await claimsOn(target.id)).toEqual([
      expect.objectContaining({ userId: res.json().data.id, status: 'pending' }),
    ]);
  });

  it('an unknown provider files nothing and the sign-up still succeeds (the intent is kept)', async () => {
    const before = (await t.ctx.database.db.select().from(providerClaims)).length;
    for (const providerId of ['00000000-0000-0000-0000-000000000000', 'no-such-provider']) {
      const res = await signUp({ providerId });
      expect(res.statusCode, res.body).toBe(201);
      const userId = res.json().data.id as string;
      const intents = await t.ctx.database.query<{ processed_at: Date | null }>(
        'SELECT processed_at FROM signup_claim_intents WHERE user_id = $1',
        [userId],
      );
      expect(intents).toEqual([{ processed_at: null }]);
      expect((await get('/api/auth/me', cookieFrom(res))).statusCode).toBe(200);
    }
    expect((await t.ctx.database.db.select().from(providerClaims)).length).toBe(before);
  });

  it('a provider with an approved owner gets a dispute, and the owner keeps the profile', async () => {
    const owned = await insertProvider(t, {
      businessName: 'Owned Dispute Solar',
      userId: owner.user.id,
      claimed: true,
      claimApproved: true,
    });
    const res = await signUp({ providerId: owned.id });
    expect(res.statusCode, res.body).toBe(201);
    const [claim] = await claimsOn(owned.id);
    expect(claim).toMatchObject({ userId: res.json().data.id, kind: 'dispute', status: 'pending' });
    const [row] = await t.ctx.database.db.select().from(providers).where(eq(providers.id, owned.id));
    expect(row).toMatchObject({ userId: owner.user.id, claimApproved: true });
    const queue = (await get('/api/admin/claims?status=pending&pageSize=200', admin.cookie)).json().data;
    expect(queue.find((c: { provider: { id: string } }) => c.provider.id === owned.id)).toMatchObject({
      kind: 'dispute',
    });
  });

  it('runs in the sign-up transaction: a failing hook leaves neither account nor claim behind', async () => {
    const target = await insertProvider(t, { businessName: 'Rollback Target Solar' });
    const email = 'rollback.case@acme-solar.co.uk';
    let fail = true;
    onSignupWithProvider(async () => {
      if (fail) throw new Error('hook failed after the claim was written');
    });
    try {
      const res = await signUp({ providerId: target.id, email });
      expect(res.statusCode).toBe(500);
    } finally {
      fail = false;
    }
    expect(await t.ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await claimsOn(target.id)).toEqual([]);
    const [row] = await t.ctx.database.db.select().from(providers).where(eq(providers.id, target.id));
    expect(row!.claimed).toBe(false);
  });
});
