import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACE_SEARCH_TYPES } from '@solar/shared/constants/geo';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { providers } from '../../../db/schema/index';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';

/**
 * The profile's claim state for its claimant (decision 0368), refusals written for people
 * (decision 0365) and one geocoder for the directory and the profile editor (decision 0367).
 */
describe.each(databaseKinds)('claims pending, field messages and the chosen place on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let claimant: Awaited<ReturnType<typeof signedInUser>>;
  let owned: Awaited<ReturnType<typeof insertProvider>>;
  let unclaimed: Awaited<ReturnType<typeof insertProvider>>;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    owner = await signedInUser(t, { name: 'Olivia Owner' });
    claimant = await signedInUser(t, { name: 'Cara Claimant' });
    owned = await insertProvider(t, { businessName: 'Placed Solar Ltd', userId: owner.user.id, claimed: true, claimApproved: true });
    unclaimed = await insertProvider(t, { businessName: 'Pending Claim Farm', location: 'Devon' });
  });
  afterAll(() => t.close());

  const send = (method: 'PATCH' | 'POST' | 'GET', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: cookie ? { cookie } : {} });

  it("the claimant's profile says their claim is pending; a second claim is refused with a message; others see no claim", async () => {
    expect((await send('GET', `/api/providers/${unclaimed.id}`, claimant.cookie)).json().viewerClaim).toBeNull();
    const first = await send('POST', `/api/providers/${unclaimed.id}/claim`, claimant.cookie, { companyRole: 'Director', force: true });
    expect(first.statusCode).toBe(201);
    expect((await send('GET', `/api/providers/${unclaimed.id}`, claimant.cookie)).json().viewerClaim).toMatchObject({
      status: 'pending',
      kind: 'claim',
    });
    const again = await send('POST', `/api/providers/${unclaimed.id}/claim`, claimant.cookie, { companyRole: 'Owner', force: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.claimAlreadyPending);
    expect((await send('GET', `/api/providers/${unclaimed.id}`, owner.cookie)).json().viewerClaim).toBeNull();
    expect((await send('GET', `/api/providers/${unclaimed.id}`)).json().viewerClaim).toBeNull();
  });

  it('refuses an 8,000-character claim message and a 201-character service in sentences, not validator text', async () => {
    const claim = await send('POST', `/api/providers/${owned.id}/claim`, claimant.cookie, {
      companyRole: 'Director',
      message: 'x'.repeat(8_000),
      force: true,
    });
    expect(claim.statusCode).toBe(400);
    expect(claim.json().message).toBe('Message can be at most 2,000 characters');
    const service = await send('PATCH', `/api/providers/${owned.id}`, owner.cookie, { services: ['Panel Cleaning', 'x'.repeat(201)] });
    expect(service.statusCode).toBe(400);
    expect(service.json().message).toBe('Each service can be at most 200 characters');
    for (const serviceRadius of [-5, 1e3 * 3]) {
      const radius = await send('PATCH', `/api/providers/${owned.id}`, owner.cookie, { serviceRadius });
      expect(radius.statusCode).toBe(400);
      expect(radius.json().message).toBe(serviceRadius < 0 ? M.radiusPositive : M.radiusTooLarge);
    }
  });

  it('stores the point of the suggestion the owner chose, and refuses a point that is not a suggestion for the text', async () => {
    const geocoded = await send('GET', `/api/geocode?q=Newport&types=${PLACE_SEARCH_TYPES.join(',')}`);
    const features = geocoded.json().features as Array<{ place_name: string; center: [number, number] }>;
    expect(features.length).toBeGreaterThan(1);
    const second = features[1]!;
    const res = await send('POST', `/api/providers/${owned.id}/place`, owner.cookie, { location: 'Newport', locationCenter: second.center });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.ctx.database.db.select().from(providers).where(eq(providers.id, owned.id));
    expect([row!.longitude, row!.latitude]).toEqual(second.center);
    // Typed without choosing: the first suggestion, as the directory's search places the same text.
    await send('POST', `/api/providers/${owned.id}/place`, owner.cookie, { location: 'Newport', locationCenter: [0.5, 51] });
    const [typed] = await t.ctx.database.db.select().from(providers).where(eq(providers.id, owned.id));
    expect([typed!.longitude, typed!.latitude]).toEqual(features[0]!.center);
  });
});
