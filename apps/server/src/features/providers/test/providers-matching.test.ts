import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_INVITE_LIMITS, PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { ACCOUNT_MESSAGES } from '@solar/shared/constants/accounts';
import { outbox, providerInvitations } from '../../../db/schema/index';
import { migrationsDir } from '../../../paths';
import { buildOperatorProfiles } from '../providers.seed';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';

/**
 * Directory matching (issue 19; decisions 0360, 0361): 'Nearest first' with the distance on each
 * result, REPD planning applicants typed and kept out of service matching, and 'Invite a provider'.
 */

const KM_PER_DEG = (6371 * Math.PI) / 180;
const BRISTOL = { lat: 51.4545, lng: -2.5879 };
const northOf = (km: number) => ({ latitude: BRISTOL.lat + km / KM_PER_DEG, longitude: BRISTOL.lng });
const centre = `locationCenter=${BRISTOL.lng},${BRISTOL.lat}`;

type Result = { businessName: string; type: string; distanceKm: number | null };

describe.each(databaseKinds)('directory matching on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    const p = (v: Parameters<typeof insertProvider>[1]) => insertProvider(t, v);
    // The default order would put the approved, complete far one first.
    await p({
      businessName: 'Far Cleaners',
      type: 'O&M Provider',
      services: ['Panel Cleaning'],
      serviceRadius: 100,
      claimed: true,
      claimApproved: true,
      description: 'x',
      ...northOf(40),
    });
    await p({
      businessName: 'Near Cleaners',
      type: 'O&M Provider',
      services: ['Panel Cleaning'],
      serviceRadius: 20,
      ...northOf(2.34),
    });
    await p({
      businessName: 'Mid Drones',
      type: 'Drone surverying',
      services: ['Drone Surveys'],
      serviceRadius: 50,
      ...northOf(12.6),
    });
    await p({ businessName: 'Everywhere Ltd', type: 'O&M Provider', services: ['Panel Cleaning'], serviceRadius: -1 });
    // A planning applicant as the REPD import leaves it (decision 0360): typed, no services, no radius.
    await p({
      businessName: 'Severn Solar Developments',
      type: 'Project Developer',
      technologies: ['Solar PV'],
      source: 'repd',
      serviceRadius: null,
      ...northOf(5),
    });
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const res = await t.app.inject(`/api/providers/search?pageSize=60&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Result[] }).data;
  };

  it("'Nearest first' orders by distance from the searched point and gives each result its distance", async () => {
    const nearest = await search(`${centre}&radius=50&sort=distance`);
    expect(nearest.map((r) => [r.businessName, r.distanceKm])).toEqual([
      ['Near Cleaners', 2.3],
      ['Severn Solar Developments', 5],
      ['Mid Drones', 12.6],
      ['Far Cleaners', 40],
      // Countrywide, with no base: last, no distance.
      ['Everywhere Ltd', null],
    ]);
    // The spec's default order stays when asked for, now with distances.
    const byDefault = await search(`${centre}&radius=50&sort=default`);
    expect(byDefault[0]).toMatchObject({ businessName: 'Far Cleaners', distanceKm: 40 });
  });

  it('with a location and no sort asked for, nearest comes first (decision 0502)', async () => {
    const unsorted = await search(`${centre}&radius=50`);
    expect(unsorted.map((r) => r.businessName)).toEqual((await search(`${centre}&radius=50&sort=distance`)).map((r) => r.businessName));
    expect(unsorted[0]).toMatchObject({ businessName: 'Near Cleaners', distanceKm: 2.3 });
    // A location the gazetteer knows, typed without a centre, orders the same way.
    const typed = await search('location=Bristol&radius=50');
    expect(typed[0]!.businessName).toBe('Near Cleaners');
  });

  it('without a location there is no distance, and Nearest first is the default order', async () => {
    const results = await search('sort=distance');
    expect(results.every((r) => r.distanceKm === null)).toBe(true);
    expect(results.map((r) => r.businessName)).toEqual((await search('')).map((r) => r.businessName));
  });

  it('a planning applicant is found where it is based and under Developer, never by a service', async () => {
    expect((await search(`${centre}&radius=25`)).map((r) => r.businessName)).toContain('Severn Solar Developments');
    expect((await search('types=Developer')).map((r) => r.businessName)).toEqual(['Severn Solar Developments']);
    const cleaning = (await search(`${centre}&radius=50&services=Panel%20Cleaning`)).map((r) => r.businessName);
    expect(cleaning.sort()).toEqual(['Everywhere Ltd', 'Far Cleaners', 'Near Cleaners']);
  });
});

describe('the REPD operator import (decision 0360)', () => {
  it('REPD operators become planning applicants with no service radius (was at least 1 km)', () => {
    const profiles = buildOperatorProfiles();
    expect(profiles.length).toBeGreaterThan(3000);
    const types = new Set(profiles.map((p) => p.type));
    expect([...types].sort()).toEqual(['Asset Owner', 'Project Developer']);
    expect(profiles.every((p) => !('serviceRadius' in p))).toBe(true);
  });
});

describe.each(databaseKinds)('migration 0017 on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());

  it('retypes unowned, untyped REPD profiles, drops their radius and keeps completeness true; leaves owned or typed ones', async () => {
    const repd = { source: 'repd', technologies: ['Solar PV'], latitude: 51.4, longitude: -2.6, serviceRadius: 3 };
    const owner = await insertProvider(t, {
      businessName: 'Operating Co',
      phase: ['Operational', 'Development'],
      ...repd,
    });
    const developer = await insertProvider(t, { businessName: 'Planning Co', phase: ['Development'], ...repd });
    const typed = await insertProvider(t, { businessName: 'Typed Co', type: 'EPC', phase: ['Development'], ...repd });
    const approved = await insertProvider(t, {
      businessName: 'Approved Co',
      claimed: true,
      claimApproved: true,
      phase: ['Development'],
      ...repd,
    });
    // Section 1 of the migration, run again on rows shaped as the old seed left them.
    const sql = readFileSync(path.join(migrationsDir, '0017_directory_matching.sql'), 'utf8');
    await t.ctx.database.exec(sql.slice(sql.indexOf('UPDATE providers'), sql.indexOf('-- 2.')));
    const rows = await t.ctx.database.query<{
      id: string;
      type: string;
      service_radius: number | null;
      completeness: number;
    }>('SELECT id, type, service_radius, completeness FROM providers WHERE id = ANY($1::uuid[])', [
      [owner.id, developer.id, typed.id, approved.id],
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(owner.id)).toEqual({
      id: owner.id,
      type: 'Asset Owner',
      service_radius: null,
      completeness: owner.completeness,
    });
    expect(byId.get(developer.id)).toMatchObject({
      type: 'Project Developer',
      service_radius: null,
      completeness: developer.completeness,
    });
    expect(byId.get(typed.id)).toMatchObject({ type: 'EPC', service_radius: 3 });
    expect(byId.get(approved.id)).toMatchObject({ type: '', service_radius: 3 });
  });
});

describe.each(databaseKinds)('inviting a provider on %s (decision 0360)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());

  const invite = (cookie: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/providers/invitations',
      headers: cookie ? { cookie } : {},
      payload: body,
    });
  const mailsTo = (address: string) => t.ctx.database.db.select().from(outbox).where(eq(outbox.toAddress, address));
  const body = {
    name: 'Bristol Panel Care',
    email: 'hello@panelcare.example',
    service: 'Panel Cleaning',
    location: 'Bristol',
    message: 'We need 2 MW cleaned in May.',
  };

  it('mails the invited company once, naming who asked and what for', async () => {
    const { cookie } = await signedInUser(t, { name: 'Asha Patel', company: 'Avon Solar Farms' });
    const res = await invite(cookie, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true, message: M.inviteSent('hello@panelcare.example') });
    await t.ctx.mailer.idle();
    const [mail] = await mailsTo('hello@panelcare.example');
    expect(mail?.subject).toBe('Asha Patel (Avon Solar Farms) invites you to list your services on Solar Marketplace');
    expect(mail?.textBody).toContain('looking for a provider for Panel Cleaning near Bristol');
    expect(mail?.textBody).toContain('We need 2 MW cleaned in May.');
    expect(mail?.textBody).toContain('http://localhost:3000/services/list');
  });

  it('never mails one address twice in 30 days, whoever asks and however it is spelt', async () => {
    const other = await signedInUser(t);
    const res = await invite(other.cookie, { ...body, email: 'HELLO@PanelCare.example' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.inviteRecent);
    await t.ctx.mailer.idle();
    expect(await mailsTo('HELLO@PanelCare.example')).toHaveLength(0);
    expect(await mailsTo('hello@panelcare.example')).toHaveLength(1);
  });

  it('needs a signed-in, verified account and refuses the inviter’s own address', async () => {
    expect((await invite('', { ...body, email: 'a@b.example' })).statusCode).toBe(401);
    const unverified = await signedInUser(t, { verified: false });
    const refused = await invite(unverified.cookie, { ...body, email: 'c@d.example' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ACCOUNT_MESSAGES.verifyToInvite);
    const me = await signedInUser(t);
    const own = await invite(me.cookie, { ...body, email: me.email.toUpperCase() });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(M.inviteOwnAddress);
    const bad = await invite(me.cookie, { ...body, email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(
      await t.ctx.database.db.select().from(providerInvitations).where(eq(providerInvitations.invitedBy, me.user.id)),
    ).toHaveLength(0);
  });

  it(`limits an account to ${PROVIDER_INVITE_LIMITS.perAccountPerDay} invitations a day`, async () => {
    const { cookie } = await signedInUser(t);
    for (let i = 0; i < PROVIDER_INVITE_LIMITS.perAccountPerDay; i++) {
      expect((await invite(cookie, { ...body, email: `firm${i}@limit.example` })).statusCode).toBe(201);
    }
    const over = await invite(cookie, { ...body, email: 'one-more@limit.example' });
    expect(over.statusCode).toBe(429);
    await t.ctx.mailer.idle();
    expect(await mailsTo('one-more@limit.example')).toHaveLength(0);
  });
});
