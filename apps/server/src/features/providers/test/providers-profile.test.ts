// Over 300 lines: the profile API suite (read, edit, create, claims shown) sharing one app per database kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { providerClaims, providers } from '../../../db/schema/index';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';

describe.each(databaseKinds)('provider profiles, permissions and claims on %s', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let owned: Awaited<ReturnType<typeof insertProvider>>;
  let unclaimed: Awaited<ReturnType<typeof insertProvider>>;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    owner = await signedInUser(t, { name: 'Olivia Owner' });
    other = await signedInUser(t, { name: 'Oscar Other' });
    admin = await signedInUser(t, { admin: true, name: 'Ada Admin' });
    owned = await insertProvider(t, {
      businessName: 'Owned Solar Ltd',
      userId: owner.user.id,
      claimed: true,
      claimApproved: true,
      description: 'Original',
    });
    unclaimed = await insertProvider(t, { businessName: 'Unclaimed Operator', location: 'Devon' });
  });
  afterAll(() => t.close());

  const send = (method: 'PATCH' | 'POST' | 'DELETE' | 'GET', url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as never, headers: cookie ? { cookie } : {} });
  const rowOf = async (id: string) =>
    (await t.ctx.database.db.select().from(providers).where(eq(providers.id, id)))[0]!;

  it('GET /api/providers/{id} answers the provider itself by id or slug; unknown is 404', async () => {
    const byId = (await send('GET', `/api/providers/${owned.id}`)).json();
    expect(byId).toMatchObject({
      id: owned.id,
      businessName: 'Owned Solar Ltd',
      user: { name: 'Olivia Owner' },
      mediaFiles: [],
      claims: [],
    });
    expect((await send('GET', `/api/providers/${owned.slug}`)).json().id).toBe(owned.id);
    const missing = await send('GET', '/api/providers/00000000-0000-0000-0000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Provider not found');
    expect((await send('GET', '/api/providers/new')).statusCode).toBe(404);
  });

  it('an owner edits their profile; URLs get https:// and the edited row is returned', async () => {
    const res = await send('PATCH', `/api/providers/${owned.id}`, owner.cookie, {
      description: '  New text  ',
      website: 'owned.example.com',
      serviceRadius: -1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      description: 'New text',
      website: 'https://owned.example.com',
      serviceRadius: -1,
      service_radius: -1,
    });
  });

  it('refuses a visitor (401), another user (403) and an unapproved owner (403), leaving the row unchanged', async () => {
    const before = await rowOf(owned.id);
    expect((await send('PATCH', `/api/providers/${owned.id}`, undefined, { description: 'Hacked' })).statusCode).toBe(
      401,
    );
    const forbidden = await send('PATCH', `/api/providers/${owned.id}`, other.cookie, { description: 'Hacked' });
    expect(forbidden.statusCode).toBe(403);
    const pending = await insertProvider(t, {
      businessName: 'Pending Owner Ltd',
      userId: other.user.id,
      claimed: true,
      claimApproved: false,
    });
    expect(
      (await send('PATCH', `/api/providers/${pending.id}`, other.cookie, { description: 'Mine?' })).statusCode,
    ).toBe(403);
    expect(await rowOf(owned.id)).toEqual(before);
  });

  it('an admin (not the owner) may edit any profile', async () => {
    const res = await send('PATCH', `/api/providers/${unclaimed.id}`, admin.cookie, {
      type: 'Installer',
      phone: '0161 496 0000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'Installer', phone: '0161 496 0000' });
  });

  it('protected fields are never set through PATCH', async () => {
    for (const field of [{ userId: other.user.id }, { claimed: false }, { claimApproved: false }]) {
      const res = await send('PATCH', `/api/providers/${owned.id}`, owner.cookie, field);
      expect(res.statusCode).toBe(400);
    }
    expect(await rowOf(owned.id)).toMatchObject({ userId: owner.user.id, claimed: true, claimApproved: true });
  });

  it.each([
    [{ description: '   ' }, M.descriptionEmpty],
    [{ businessName: '' }, M.businessNameRequired],
    [{ website: 'javascript:alert(1)' }, M.invalidUrl],
    [{ linkedin: 'ftp://files.example.com' }, M.invalidUrl],
    [{ email: 'not-an-email' }, M.invalidEmail],
    [{ serviceRadius: -2 }, M.radiusPositive],
  ])('edit validation %j → %s', async (payload, message) => {
    const res = await send('PATCH', `/api/providers/${owned.id}`, owner.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('keeps the slug on rename and refuses a name another provider has (case and spaces ignored)', async () => {
    const renamed = (
      await send('PATCH', `/api/providers/${owned.id}`, owner.cookie, { businessName: 'Owned Solar Renamed Ltd' })
    ).json();
    expect(renamed.slug).toBe(owned.slug);
    const clash = await send('PATCH', `/api/providers/${owned.id}`, owner.cookie, {
      businessName: '  unclaimed OPERATOR ',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe(M.nameExists);
  });

  describe('create', () => {
    const valid = {
      businessName: 'Fresh Solar Co',
      description: 'We clean and maintain solar farms.',
      services: ['Panel Cleaning', ' ', 'panel cleaning'],
      location: 'Manchester',
      type: 'Solar Installer',
      website: 'fresh.example.com',
      email: '',
      serviceRadius: 40,
    };

    it('needs a login', async () => {
      expect((await send('POST', '/api/providers', undefined, valid)).statusCode).toBe(401);
    });

    it('makes the creator the owner, claimed and claim-approved, with coordinates from the gazetteer', async () => {
      const res = await send('POST', '/api/providers', other.cookie, valid);
      expect(res.statusCode, res.body).toBe(201);
      const { data } = res.json();
      expect(data).toMatchObject({
        userId: other.user.id,
        claimed: true,
        claimApproved: true,
        slug: 'fresh-solar-co',
        services: ['Panel Cleaning'],
        website: 'https://fresh.example.com',
        email: null,
      });
      expect(data.coordinates).not.toBeNull();
    });

    it('refuses a duplicate name through the unique index, whatever the case or spacing', async () => {
      const res = await send('POST', '/api/providers', owner.cookie, { ...valid, businessName: '  FRESH solar co ' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(M.nameExists);
      await expect(
        t.ctx.database.query("INSERT INTO providers (slug, business_name) VALUES ('x-dup', 'fresh solar co ')"),
      ).rejects.toThrow();
    });

    it('check-name finds it case-insensitively', async () => {
      const res = (await send('GET', '/api/providers/public/check-name?name=fresh%20SOLAR%20co')).json();
      expect(res).toMatchObject({ success: true, exists: true, provider: { slug: 'fresh-solar-co' } });
      expect((await send('GET', '/api/providers/public/check-name?name=nobody')).json()).toEqual({
        success: true,
        exists: false,
        provider: null,
      });
    });

    it.each([
      [{ businessName: ' ' }, M.businessNameRequired],
      [{ description: 'short' }, M.descriptionMin],
      [{ services: [' '] }, M.servicesMin],
      [{ location: '' }, M.locationRequired],
      [{ type: '' }, M.typeRequired],
      [{ website: 'javascript:alert(1)' }, M.invalidUrl],
      [{ email: 'nope' }, M.invalidEmail],
      [{ serviceRadius: -1 }, M.radiusPositive],
    ])('validation %j → %s', async (patch, message) => {
      const res = await send('POST', '/api/providers', owner.cookie, {
        ...valid,
        businessName: 'Another Co',
        ...patch,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    });

    it('gives a name that is a reserved word a different slug', async () => {
      const res = await send('POST', '/api/providers', owner.cookie, { ...valid, businessName: 'New' });
      expect(res.json().data.slug).toBe('new-provider');
    });
  });

  describe('claims', () => {
    it('needs a login and a role', async () => {
      expect(
        (
          await send('POST', `/api/providers/${unclaimed.id}/claim`, undefined, {
            companyRole: 'Director',
            force: true,
          })
        ).statusCode,
      ).toBe(401);
      const noRole = await send('POST', `/api/providers/${unclaimed.id}/claim`, other.cookie, {
        companyRole: ' ',
        force: true,
      });
      expect(noRole.statusCode).toBe(400);
      expect(noRole.json().message).toBe(M.roleRequired);
    });

    it('stores a pending claim; a second submission updates it', async () => {
      const first = await send('POST', `/api/providers/${unclaimed.id}/claim`, other.cookie, {
        companyRole: 'Director',
        message: 'Our company',
        force: true,
      });
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        success: true,
        message: M.claimSubmitted,
        data: { status: 'pending', kind: 'claim' },
      });
      await send('POST', `/api/providers/${unclaimed.id}/claim`, other.cookie, { companyRole: 'Owner', force: true });
      const rows = await t.ctx.database.db
        .select()
        .from(providerClaims)
        .where(eq(providerClaims.providerId, unclaimed.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ companyRole: 'Owner', status: 'pending' });
      // The claim gives no edit rights until approved.
      expect(
        (await send('PATCH', `/api/providers/${unclaimed.id}`, other.cookie, { description: 'Mine now' })).statusCode,
      ).toBe(403);
    });

    it('a claim on a profile with an approved owner is a dispute; the owner cannot claim their own', async () => {
      const dispute = await send('POST', `/api/providers/${owned.id}/claim`, other.cookie, {
        companyRole: 'CEO',
        force: true,
      });
      expect(dispute.json().data.kind).toBe('dispute');
      expect(
        (await send('POST', `/api/providers/${owned.id}/claim`, owner.cookie, { companyRole: 'CEO', force: true }))
          .statusCode,
      ).toBe(409);
    });

    it('claims show on the profile to its owner and admins only, with names and never emails', async () => {
      const asOwner = (await send('GET', `/api/providers/${owned.id}`, owner.cookie)).json();
      expect(asOwner.claims).toEqual([expect.objectContaining({ userName: 'Oscar Other', kind: 'dispute' })]);
      const asAdmin = await send('GET', `/api/providers/${owned.id}`, admin.cookie);
      expect(asAdmin.json().claims).toHaveLength(1);
      const asVisitor = await send('GET', `/api/providers/${owned.id}`);
      expect(asVisitor.json().claims).toEqual([]);
      for (const body of [asOwner, asAdmin.json(), asVisitor.json()]) {
        const text = JSON.stringify(body);
        expect(text).not.toContain(other.email);
        expect(text).not.toContain(owner.email);
        expect(text).not.toContain('password');
      }
    });

    it('GET /api/providers/user/{userId}: that user or an admin; 403 for anyone else', async () => {
      const mine = await send('GET', `/api/providers/user/${other.user.id}`, other.cookie);
      expect(mine.statusCode).toBe(200);
      const { claims, providers: owns } = mine.json().data;
      expect(claims.map((c: { providerName: string }) => c.providerName).sort()).toEqual([
        'Owned Solar Renamed Ltd',
        'Unclaimed Operator',
      ]);
      expect(owns.map((p: { businessName: string }) => p.businessName)).toEqual(
        expect.arrayContaining(['Fresh Solar Co']),
      );
      expect((await send('GET', `/api/providers/user/${other.user.id}`, owner.cookie)).statusCode).toBe(403);
      expect((await send('GET', `/api/providers/user/${other.user.id}`, admin.cookie)).statusCode).toBe(200);
      expect((await send('GET', `/api/providers/user/${other.user.id}`)).statusCode).toBe(401);
    });
  });

  it('POST /place geocodes the location with the gazetteer (owner only)', async () => {
    expect(
      (await send('POST', `/api/providers/${owned.id}/place`, other.cookie, { location: 'Leeds' })).statusCode,
    ).toBe(403);
    const res = await send('POST', `/api/providers/${owned.id}/place`, owner.cookie, { location: 'Inverness' });
    expect(res.statusCode, res.body).toBe(200);
    const { latitude, longitude } = res.json().data;
    expect(latitude).toBeCloseTo(57.48, 0);
    expect(longitude).toBeCloseTo(-4.22, 0);
    expect((await rowOf(owned.id)).latitude).toBe(latitude);
  });
});
