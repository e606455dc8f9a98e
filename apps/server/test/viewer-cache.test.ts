import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/platform/clock';
import { readCacheFeed } from '../src/platform/read-cache-feed';
import { addProvider, addTender, signIn } from '../src/features/tenders/test/helpers';
import { createTestApp, databaseKinds, type TestApp } from './harness';

/**
 * Decisions 0412, 0430: a signed-in user's saved tenders (GET /api/tenders/saved) and Tenders tab (GET
 * /api/tenders/mine) are answered from memory per user (`cache: { scope: 'user' }`), dropped by the
 * writes that can change them (their own rows, any tender, invitation, response or question), and
 * expire when a listed tender's closing date passes. Tests run in order on one app.
 */
describe.each(databaseKinds)('signed-in tender lists from memory on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-22T09:00:00Z'));
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, viewer: Who, other: Who, bystander: Who;
  let viewerProvider = '';
  let otherProvider = '';
  let bystanderProvider = '';
  let openTender = '';
  let privateTender = '';
  let soonTender = '';
  let ip = 1;

  const call = (method: string, url: string, who: Who, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.41.0.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: { cookie: who.cookie },
    });
  const read = async (who: Who, path: '/api/tenders/saved' | '/api/tenders/mine') => {
    const res = await call('GET', path, who);
    expect(res.statusCode, res.body).toBe(200);
    return { cache: res.headers['x-read-cache'], data: res.json().data, body: res.body };
  };
  const saved = (who: Who) => read(who, '/api/tenders/saved');
  const mine = (who: Who) => read(who, '/api/tenders/mine');
  /** Both answers of `who` are in memory now. */
  const warm = async (...who: Who[]) => {
    for (const w of who) {
      await saved(w);
      await mine(w);
      expect((await saved(w)).cache).toBe('hit');
      expect((await mine(w)).cache).toBe('hit');
    }
  };
  /** SQL from outside a request, heard before the next request (a write request waits for the same). */
  const sql = async (text: string, params: unknown[] = []) => {
    const rows = await t.ctx.database.query(text, params);
    await readCacheFeed(t.ctx.database).sync();
    return rows;
  };
  const inHours = (hours: number) => new Date(clock.now().getTime() + hours * 3_600_000);

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olive Owner' });
    viewer = await signIn(t, { name: 'Vera Viewer', type: 'provider' });
    other = await signIn(t, { name: 'Otto Other', type: 'provider' });
    bystander = await signIn(t, { name: 'Bea Bystander', type: 'provider' });
    viewerProvider = await addProvider(t, { name: 'Vera Solar', services: ['Panel Cleaning'], ownerId: viewer.user.id });
    otherProvider = await addProvider(t, { name: 'Otto Energy', services: ['Panel Cleaning'], ownerId: other.user.id });
    bystanderProvider = await addProvider(t, { name: 'Bea Power', services: ['Panel Cleaning'], ownerId: bystander.user.id });
    const common = { userId: owner.user.id, service: 'Panel Cleaning', stage: 'active' as const, publishedDate: clock.now() };
    openTender = await addTender(t, { ...common, title: 'Clean the Avonmouth array', closingDate: inHours(24 * 10) });
    privateTender = await addTender(t, { ...common, title: 'Private survey at Fenland', type: 'private', closingDate: inHours(24 * 10) }, [otherProvider]);
    soonTender = await addTender(t, { ...common, title: 'Closing within the hour', closingDate: inHours(1) });
    await sql(`INSERT INTO tender_saves (user_id, tender_id, kind) VALUES ($1, $2, 'saved'), ($1, $3, 'later')`, [viewer.user.id, openTender, soonTender]);
    await readCacheFeed(t.ctx.database).sync();
  });
  afterAll(() => t.close());

  it('answers a repeat from memory, and never one user with another’s answer', async () => {
    const first = await saved(viewer);
    expect(first.cache).toBe('miss');
    expect(first.data.map((s: { tender: { title: string } }) => s.tender.title).sort()).toEqual(['Clean the Avonmouth array', 'Closing within the hour']);
    expect((await saved(viewer)).cache).toBe('hit');
    expect((await mine(viewer)).cache).toBe('miss');
    expect((await mine(viewer)).cache).toBe('hit');

    // Another user asks right after: their own answer, never the one in memory.
    const theirs = await saved(other);
    expect(theirs.cache).toBe('miss');
    expect(theirs.data).toEqual([]);
    const theirTab = await mine(other);
    expect(theirTab.cache).toBe('miss');
    expect(theirTab.data.invitations.map((x: { id: string }) => x.id)).toEqual([privateTender]);
    expect(theirTab.body).not.toContain('Vera Solar');
    expect((await mine(viewer)).body).not.toContain('Private survey at Fenland');
    expect((await mine(owner)).data.own).toHaveLength(3);
    // Signed out: still refused (the cache is looked up after the session check).
    expect((await t.app.inject({ url: '/api/tenders/mine' })).statusCode).toBe(401);
  });

  it('keeps them through other users’ writes', async () => {
    await warm(viewer);
    expect((await call('PUT', `/api/tenders/${openTender}/saves/saved`, other)).statusCode).toBe(200);
    expect((await call('PUT', '/api/tenders/alerts', other, { enabled: true })).statusCode).toBe(200);
    await sql('UPDATE providers SET description = $1 WHERE id = $2', ['Edited by its owner', otherProvider]);
    await sql('UPDATE users SET name = $1 WHERE id = $2', ['Bea Renamed', bystander.user.id]);
    expect((await saved(viewer)).cache).toBe('hit');
    expect((await mine(viewer)).cache).toBe('hit');
    expect((await saved(other)).data.map((s: { tender: { id: string } }) => s.tender.id)).toEqual([openTender]);
    // Any tender or invitation write drops every user's tender lists (decision 0430: a saved tender
    // hidden from a list may show again, and the list does not say which): recomputed, unchanged.
    await addTender(t, { userId: bystander.user.id, title: 'Someone else’s new tender', stage: 'active', publishedDate: clock.now(), closingDate: inHours(48) });
    await sql(`INSERT INTO tender_invitations (tender_id, provider_id) VALUES ($1, $2)`, [privateTender, bystanderProvider]);
    const after = await mine(viewer);
    expect(after.cache).toBe('miss');
    expect(after.data.own).toEqual([]);
  });

  it('drops them on the user’s save, unsave and alert switch', async () => {
    await warm(viewer);
    expect((await call('DELETE', `/api/tenders/${openTender}/saves/saved`, viewer)).statusCode).toBe(200);
    const unsaved = await saved(viewer);
    expect(unsaved.cache).toBe('miss');
    expect(unsaved.data.map((s: { tender: { id: string } }) => s.tender.id)).toEqual([soonTender]);
    expect((await mine(viewer)).data.saved).toHaveLength(1);

    await warm(viewer);
    expect((await call('PUT', `/api/tenders/${openTender}/saves/saved`, viewer)).statusCode).toBe(200);
    expect((await saved(viewer)).data).toHaveLength(2);

    await warm(viewer);
    expect((await call('PUT', '/api/tenders/alerts', viewer, { enabled: true })).statusCode).toBe(200);
    const switched = await mine(viewer);
    expect(switched.cache).toBe('miss');
    expect(switched.data.alerts).toEqual({ enabled: true, hasProviderProfile: true });
  });

  it('drops the owner’s tab when they edit, publish or cancel a tender, and a saver’s list when a saved tender changes', async () => {
    await warm(owner, viewer);
    const edit = await call('PATCH', `/api/tenders/${openTender}`, owner, { title: 'Clean the Avonmouth array, twice' });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = await mine(owner);
    expect(edited.cache).toBe('miss');
    expect(edited.data.own.map((x: { title: string }) => x.title)).toContain('Clean the Avonmouth array, twice');
    const theirs = await saved(viewer);
    expect(theirs.cache).toBe('miss');
    expect(theirs.data.map((s: { tender: { title: string } }) => s.tender.title)).toContain('Clean the Avonmouth array, twice');

    await warm(owner, viewer);
    const draft = await call('POST', '/api/tenders', owner, { service: 'Drone Surveys', description: 'A draft', draft: true });
    expect(draft.statusCode, draft.body).toBe(201);
    const drafted = await mine(owner);
    expect(drafted.cache).toBe('miss');
    expect(drafted.data.own.find((x: { id: string }) => x.id === draft.json().data.id)?.stage).toBe('draft');
    // Nobody else's lists hold the new tender.
    expect((await mine(viewer)).data.own).toEqual([]);

    await warm(owner);
    expect((await call('POST', `/api/tenders/${draft.json().data.id}/publish`, owner)).statusCode).toBe(200);
    const published = await mine(owner);
    expect(published.cache).toBe('miss');
    expect(published.data.own.find((x: { id: string }) => x.id === draft.json().data.id)?.stage).toBe('active');

    await warm(owner);
    const cancel = await call('POST', `/api/tenders/${draft.json().data.id}/cancel`, owner, { reason: 'The survey is no longer needed.' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await mine(owner);
    expect(cancelled.cache).toBe('miss');
    expect(cancelled.data.own.find((x: { id: string }) => x.id === draft.json().data.id)).toMatchObject({ stage: 'cancelled', status: 'closed' });

    // The owner's name is shown on every list holding their tenders.
    await warm(viewer);
    await sql('UPDATE users SET name = $1 WHERE id = $2', ['Olive Renamed', owner.user.id]);
    const renamed = await saved(viewer);
    expect(renamed.cache).toBe('miss');
    expect(renamed.data[0].tender.user).toEqual({ name: 'Olive Renamed' });
  });

  it('drops the owner’s tab on a response or a question, and the responder’s on their response', async () => {
    await warm(owner, other, viewer);
    const body = { message: 'We can survey the whole site in one visit.', priceMinimum: 5000, priceMaximum: 6000, leadTimeDays: 7 };
    const response = await call('PUT', `/api/tenders/${privateTender}/my-responses`, other, body);
    expect(response.statusCode, response.body).toBe(200);
    const owned = await mine(owner);
    expect(owned.cache).toBe('miss');
    expect(owned.data.own.find((x: { id: string }) => x.id === privateTender).responseCount).toBe(1);
    const responder = await mine(other);
    expect(responder.cache).toBe('miss');
    expect(responder.data.invitations[0].responded).toBe(true);
    // Not invited, nothing of theirs listed: unchanged.
    expect((await mine(viewer)).data.invitations).toEqual([]);

    await warm(owner, viewer);
    const question = await call('POST', `/api/tenders/${openTender}/questions`, viewer, { question: 'Can the cleaning happen at weekends?' });
    expect(question.statusCode, question.body).toBe(201);
    const asked = await mine(owner);
    expect(asked.cache).toBe('miss');
    expect(asked.data.own.find((x: { id: string }) => x.id === openTender).unansweredQuestions).toBe(1);
    // The asker's saved list shows no counts.
    expect((await saved(viewer)).data.every((x: { tender: object }) => !('unansweredQuestions' in x.tender))).toBe(true);
  });

  it('drops the provider owner’s tab on an invitation, the tender owner’s too, and a change of the user’s account', async () => {
    await warm(owner, viewer);
    await sql(`INSERT INTO tender_invitations (tender_id, provider_id) VALUES ($1, $2)`, [privateTender, viewerProvider]);
    const invited = await mine(viewer);
    expect(invited.cache).toBe('miss');
    expect(invited.data.invitations.map((x: { id: string; invitedProviderNames: string[] }) => [x.id, x.invitedProviderNames])).toEqual([
      [privateTender, ['Vera Solar']],
    ]);
    const owned = await mine(owner);
    expect(owned.cache).toBe('miss');
    expect(owned.data.own.find((x: { id: string }) => x.id === privateTender).invitedProviders).toContain(viewerProvider);

    // The provider losing its approval takes the invitation away.
    await warm(viewer);
    await sql('UPDATE providers SET claim_approved = false WHERE id = $1', [viewerProvider]);
    const unapproved = await mine(viewer);
    expect(unapproved.cache).toBe('miss');
    expect(unapproved.data.invitations).toEqual([]);
    expect(unapproved.data.alerts.hasProviderProfile).toBe(false);

    // The admin right widens what a user's lists may hold.
    await sql(`INSERT INTO tender_saves (user_id, tender_id, kind) VALUES ($1, $2, 'saved')`, [bystander.user.id, privateTender]);
    await sql(`DELETE FROM tender_invitations WHERE provider_id = $1`, [bystanderProvider]);
    expect((await saved(bystander)).data).toEqual([]);
    expect((await saved(bystander)).cache).toBe('hit');
    await sql('UPDATE users SET is_admin = true WHERE id = $1', [bystander.user.id]);
    const admin = await saved(bystander);
    expect(admin.cache).toBe('miss');
    expect(admin.data.map((s: { tender: { id: string } }) => s.tender.id)).toEqual([privateTender]);

    // A saved private tender hidden from the user shows again when the user's provider is invited.
    await sql('UPDATE users SET is_admin = false WHERE id = $1', [bystander.user.id]);
    expect((await saved(bystander)).data).toEqual([]);
    expect((await saved(bystander)).cache).toBe('hit');
    await sql(`INSERT INTO tender_invitations (tender_id, provider_id) VALUES ($1, $2)`, [privateTender, bystanderProvider]);
    const shown = await saved(bystander);
    expect(shown.cache).toBe('miss');
    expect(shown.data).toHaveLength(1);
  });

  it('expires when a listed tender’s closing date passes, not before', async () => {
    await warm(viewer, owner);
    const before = (await saved(viewer)).data.find((s: { tender: { id: string } }) => s.tender.id === soonTender);
    expect(before.tender.status).toBe('open');
    clock.advance(59 * 60_000 + 59_000);
    expect((await saved(viewer)).cache).toBe('hit');
    expect((await mine(owner)).cache).toBe('hit');
    clock.advance(1_000);
    const after = await saved(viewer);
    expect(after.cache).toBe('miss');
    expect(after.data.find((s: { tender: { id: string } }) => s.tender.id === soonTender).tender.status).toBe('closed');
    const owned = await mine(owner);
    expect(owned.cache).toBe('miss');
    expect(owned.data.own.find((x: { id: string }) => x.id === soonTender).status).toBe('closed');
    // Closed stays closed: the new answers are kept again.
    expect((await saved(viewer)).cache).toBe('hit');
    expect((await mine(owner)).cache).toBe('hit');
  });
});

/** Decision 0412: the dashboard's profile tab (GET /api/providers/user/:userId) from memory per user. */
describe.each(databaseKinds)('a user’s providers and claims from memory on %s', (kind) => {
  let t: TestApp;
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, claimant: Who, stranger: Who, admin: Who;
  let owned = '';
  let claimed = '';
  let unrelated = '';
  const get = async (who: Who, userId: string) => {
    const res = await t.app.inject({ url: `/api/providers/user/${userId}`, headers: { cookie: who.cookie } });
    return { status: res.statusCode, cache: res.headers['x-read-cache'], data: res.statusCode === 200 ? res.json().data : null };
  };
  /** SQL from outside a request, heard before the next request (a write request waits for the same). */
  const sql = async (text: string, params: unknown[] = []) => {
    const rows = await t.ctx.database.query(text, params);
    await readCacheFeed(t.ctx.database).sync();
    return rows;
  };
  const warm = async (who: Who, userId = who.user.id) => {
    await get(who, userId);
    expect((await get(who, userId)).cache).toBe('hit');
  };

  beforeAll(async () => {
    t = await createTestApp({ kind });
    owner = await signIn(t, { name: 'Olga Owner', type: 'provider' });
    claimant = await signIn(t, { name: 'Cal Claimant', type: 'provider' });
    stranger = await signIn(t, { name: 'Stan Stranger', type: 'provider' });
    admin = await signIn(t, { name: 'Ada Admin', admin: true });
    owned = await addProvider(t, { name: 'Olga Solar', services: ['Panel Cleaning'], ownerId: owner.user.id });
    claimed = await addProvider(t, { name: 'Unclaimed Works', services: ['Panel Cleaning'] });
    unrelated = await addProvider(t, { name: 'Somebody Else Ltd', services: ['Panel Cleaning'], ownerId: stranger.user.id });
    await sql(`INSERT INTO provider_claims (provider_id, user_id, company_role) VALUES ($1, $2, 'Director')`, [claimed, claimant.user.id]);
    await readCacheFeed(t.ctx.database).sync();
  });
  afterAll(() => t.close());

  it('answers a repeat from memory; another user is refused, an admin gets their own copy', async () => {
    expect(await get(owner, owner.user.id)).toMatchObject({ status: 200, cache: 'miss' });
    const again = await get(owner, owner.user.id);
    expect(again.cache).toBe('hit');
    expect(again.data.providers.map((p: { id: string }) => p.id)).toEqual([owned]);
    expect((await get(stranger, owner.user.id)).status).toBe(403);
    expect((await get(admin, owner.user.id)).cache).toBe('miss');
    const theirs = await get(stranger, stranger.user.id);
    expect(theirs.cache).toBe('miss');
    expect(theirs.data.providers.map((p: { id: string }) => p.id)).toEqual([unrelated]);
  });

  it('drops it on an edit of a provider the user owns, their claim’s review and the claimed provider’s rename; keeps it through others’ edits', async () => {
    await warm(owner);
    await warm(claimant);
    await sql('UPDATE providers SET description = $1 WHERE id = $2', ['Another owner edits', unrelated]);
    expect((await get(owner, owner.user.id)).cache).toBe('hit');
    expect((await get(claimant, claimant.user.id)).cache).toBe('hit');

    await sql('UPDATE providers SET description = $1 WHERE id = $2', ['Now with drones', owned]);
    const edited = await get(owner, owner.user.id);
    expect(edited.cache).toBe('miss');
    expect(edited.data.providers[0].description).toBe('Now with drones');

    await sql('UPDATE providers SET business_name = $1 WHERE id = $2', ['Unclaimed Works Renamed', claimed]);
    const renamed = await get(claimant, claimant.user.id);
    expect(renamed.cache).toBe('miss');
    expect(renamed.data.claims[0].providerName).toBe('Unclaimed Works Renamed');

    await warm(claimant);
    await sql(`UPDATE provider_claims SET status = 'approved' WHERE user_id = $1`, [claimant.user.id]);
    await sql('UPDATE providers SET user_id = $1, claimed = true, claim_approved = true WHERE id = $2', [claimant.user.id, claimed]);
    const approved = await get(claimant, claimant.user.id);
    expect(approved.cache).toBe('miss');
    expect(approved.data.claims[0].status).toBe('approved');
    expect(approved.data.providers.map((p: { id: string }) => p.id)).toEqual([claimed]);
    expect((await get(owner, owner.user.id)).cache).toBe('hit');
  });
});
