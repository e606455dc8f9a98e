import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { insertTender } from '../../src/features/tenders/tenders.repository';
import { fixedClock } from '../../src/platform/clock';
import { createTestApp, databaseKinds, type TestApp } from '../harness';
import { actor, insertProviderRow, type Actor } from './fixtures';

const NOW = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;
const PRICE = 48_250;
const REASON = 'cancel-reason-known-to-participants-only: the site was sold';

/**
 * Issue 25 findings 3 and 10 (decision 0441): a tender's outcome is told to those with a stake and
 * no one else. The winning price to the owner, the winner and admins; the winner's name to the
 * participants; the public record (visitors, signed-in strangers, the board) says Closed, with no
 * award and no cancellation reason.
 */
describe.each(databaseKinds)('who sees a tender’s outcome on %s', (kind) => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  const who: Record<'owner' | 'admin' | 'winner' | 'loser' | 'asker' | 'stranger', Actor> = {} as never;
  let awardedId = '';
  let cancelledId = '';

  const call = (as: Actor | null, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as HTTPMethods, url, headers: as ? { cookie: as.cookie } : {}, ...(payload && { payload }) });
  const ok = async (as: Actor, method: string, url: string, payload?: object) => {
    const res = await call(as, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res.json();
  };
  const open = (title: string) =>
    insertTender(t.ctx.database.db, {
      source: 'Solar Manager',
      type: 'open',
      service: 'Panel Cleaning',
      title,
      description: `${title} brief`,
      userId: who.owner.user.id,
      publishedDate: NOW,
      closingDate: new Date(NOW.getTime() + 5 * DAY),
      createdAt: NOW,
    }, []);

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    for (const name of Object.keys({ owner: 1, admin: 1, winner: 1, loser: 1, asker: 1, stranger: 1 }) as Array<keyof typeof who>) {
      who[name] = await actor(t, `outcome-${name}`, { admin: name === 'admin' });
    }
    await insertProviderRow(t, 'Winning Works Ltd', who.winner.user.id);
    await insertProviderRow(t, 'Losing Labs Ltd', who.loser.user.id);

    awardedId = await open('outcome-awarded-tender');
    const win = await ok(who.winner, 'PUT', `/api/tenders/${awardedId}/my-responses`, { message: 'We clean panels well.', priceMinimum: PRICE, priceMaximum: PRICE, leadTimeDays: 7 });
    await ok(who.loser, 'PUT', `/api/tenders/${awardedId}/my-responses`, { message: 'We clean panels too.', priceMinimum: 51_000, priceMaximum: 51_000, leadTimeDays: 3 });
    await ok(who.asker, 'POST', `/api/tenders/${awardedId}/questions`, { question: 'Is there parking at the site?' });
    await ok(who.owner, 'POST', `/api/tenders/${awardedId}/close`, { reason: 'Closed early for the test of this cycle.' });
    await ok(who.owner, 'POST', `/api/tenders/${awardedId}/award`, { responseId: win.data.id });

    cancelledId = await open('outcome-cancelled-tender');
    await ok(who.loser, 'PUT', `/api/tenders/${cancelledId}/my-responses`, { message: 'We clean panels too.', priceMinimum: 9_000, priceMaximum: 9_000, leadTimeDays: 3 });
    await ok(who.asker, 'POST', `/api/tenders/${cancelledId}/questions`, { question: 'Is there parking at the site?' });
    await ok(who.owner, 'POST', `/api/tenders/${cancelledId}/cancel`, { reason: REASON });
  });
  afterAll(() => t.close());

  it('shows the public an awarded tender as Closed, with no award, on the page and the board', async () => {
    for (const as of [null, who.stranger]) {
      const res = await call(as, 'GET', `/api/tenders/${awardedId}`);
      expect(res.json().data).toMatchObject({ status: 'closed', stage: 'active', award: null, viewerRelation: null });
      expect(res.body).not.toContain(String(PRICE));
      expect(res.body).not.toContain('Winning Works');
      const board = await call(as, 'GET', '/api/tenders/public?status=all&source=Solar%20Manager&limit=50');
      const row = board.json().data.find((x: { id: string }) => x.id === awardedId);
      expect(row).toMatchObject({ status: 'closed', award: null });
      expect(board.body).not.toContain(String(PRICE));
      expect(board.body).not.toContain('Winning Works');
    }
  });

  it('tells the winner’s name to participants, and the price only to the owner, the winner and admins', async () => {
    const seen = async (as: Actor) => (await call(as, 'GET', `/api/tenders/${awardedId}`)).json().data;
    for (const as of [who.owner, who.admin]) expect(await seen(as)).toMatchObject({ status: 'awarded', viewerRelation: 'manager', award: { supplier: 'Winning Works Ltd', value: PRICE } });
    expect(await seen(who.winner)).toMatchObject({ status: 'awarded', viewerRelation: 'winner', award: { supplier: 'Winning Works Ltd', value: PRICE } });
    expect(await seen(who.loser)).toMatchObject({ status: 'awarded', viewerRelation: 'responder', award: { supplier: 'Winning Works Ltd', value: null } });
    expect(await seen(who.asker)).toMatchObject({ status: 'awarded', viewerRelation: 'participant', award: { supplier: 'Winning Works Ltd', value: null } });
    // The same rule on the signed-in lists: saved tenders show what the viewer's relation allows.
    for (const as of [who.loser, who.stranger]) await ok(as, 'PUT', `/api/tenders/${awardedId}/saves/saved`);
    const saved = async (as: Actor) => (await ok(as, 'GET', '/api/tenders/saved')).data[0].tender;
    expect(await saved(who.loser)).toMatchObject({ award: { supplier: 'Winning Works Ltd', value: null } });
    expect(await saved(who.stranger)).toMatchObject({ status: 'closed', award: null });
  });

  it('gives the cancellation reason to the owner and those told of it, and to the public only that it was cancelled', async () => {
    for (const as of [null, who.stranger]) {
      const res = await call(as, 'GET', `/api/tenders/${cancelledId}`);
      expect(res.json().data).toMatchObject({ stage: 'cancelled', status: 'closed', cancelReason: null });
      expect(res.body).not.toContain(REASON);
      const board = await call(as, 'GET', '/api/tenders/public?status=all&source=Solar%20Manager&limit=50');
      expect(board.body).not.toContain(REASON);
    }
    for (const as of [who.owner, who.admin, who.loser, who.asker]) {
      expect((await call(as, 'GET', `/api/tenders/${cancelledId}`)).json().data.cancelReason).toBe(REASON);
    }
  });
});
