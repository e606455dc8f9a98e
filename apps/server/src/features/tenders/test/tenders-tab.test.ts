import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { getMyTenders, listSavedTenders } from '../tenders.service';
import { insertResponse } from '../tender-responses.repository';
import { addProvider, addTender, signIn } from './helpers';

const NOW = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;

/**
 * The dashboard's Tenders tab (GET /api/tenders/mine) reads only the lists that have rows (issue 26):
 * one statement says which, so a new account's tab is that statement alone, and each list carries its
 * own counts instead of a statement of per-tender counts after it.
 */
describe.each(databaseKinds)('the Tenders tab on %s', (kind) => {
  let t: TestApp;
  let statements: string[] | null = null;
  const counted = async <T>(read: () => Promise<T>) => {
    statements = [];
    try {
      const answer = await read();
      // The list's own statements (a background job's, such as the outbox worker's poll, may land in between).
      return { answer, statements: statements.filter((sql) => /\btender_saves\b/.test(sql)) };
    } finally {
      statements = null;
    }
  };
  const tabOf = async (user: Awaited<ReturnType<typeof signIn>>['user']) => {
    statements = [];
    try {
      const tab = await getMyTenders(t.ctx, user);
      return { tab, statements: statements.length };
    } finally {
      statements = null;
    }
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, clock: fixedClock(NOW), logQuery: (sql) => statements?.push(sql) });
  });
  afterAll(() => t.close());

  it("answers a new account's tab with one statement", async () => {
    const fresh = await signIn(t, { name: 'Nadia New' });
    const { tab, statements: n } = await tabOf(fresh.user);
    expect(tab).toEqual({ own: [], invitations: [], responses: [], saved: [], alerts: { enabled: false, hasProviderProfile: false } });
    expect(n).toBe(1);
  });

  it('reads each list that has rows, with its counts, and no other', async () => {
    const owner = await signIn(t, { name: 'Olive Owner' });
    const bidder = await signIn(t, { name: 'Barry Bidder', type: 'provider' });
    const providerId = await addProvider(t, { name: 'Barry Solar', services: ['Panel Cleaning'], ownerId: bidder.user.id });
    const dates = { publishedDate: NOW, closingDate: new Date(NOW.getTime() + 20 * DAY), createdAt: NOW };
    const invited = await addTender(t, { ...dates, userId: owner.user.id, title: 'Private cleaning', type: 'private', service: 'Panel Cleaning' }, [providerId]);
    const open = await addTender(t, { ...dates, userId: owner.user.id, title: 'Open cleaning', service: 'Panel Cleaning' });
    await insertResponse(t.ctx.database.db, {
      tenderId: invited, providerId, userId: bidder.user.id, message: 'We can do it', priceMinimum: 1000, priceMaximum: 2000, leadTimeDays: 5, at: NOW,
    });
    await t.ctx.database.query('INSERT INTO tender_questions (tender_id, asker_id, question) VALUES ($1, $2, $3)', [open, bidder.user.id, 'Which roofs?']);
    await t.ctx.database.query("INSERT INTO tender_saves (user_id, tender_id, kind, created_at) VALUES ($1, $2, 'saved', $3)", [bidder.user.id, open, NOW.toISOString()]);

    // The owner: the statement of what there is, then their own tenders with their counts.
    const mine = await tabOf(owner.user);
    expect(mine.statements).toBe(2);
    expect(mine.tab.own.map((x) => [x.title, x.responseCount, x.unansweredQuestions, x.emailInvitations])).toEqual(
      expect.arrayContaining([['Private cleaning', 1, 0, 0], ['Open cleaning', 0, 1, 0]]),
    );
    expect(mine.tab.own.find((x) => x.title === 'Private cleaning')!.invitedProviders).toEqual([providerId]);
    expect([mine.tab.invitations, mine.tab.responses, mine.tab.saved]).toEqual([[], [], []]);

    // The bidder: invited through their provider, behind a response, a saved tender; no tenders of their own.
    const theirs = await tabOf(bidder.user);
    expect(theirs.statements).toBe(4);
    expect(theirs.tab.own).toEqual([]);
    expect(theirs.tab.invitations).toEqual([expect.objectContaining({ title: 'Private cleaning', invitedProviderNames: ['Barry Solar'], responded: true })]);
    expect(theirs.tab.responses).toEqual([expect.objectContaining({ title: 'Private cleaning', response: expect.objectContaining({ providerName: 'Barry Solar' }) })]);
    expect(theirs.tab.saved).toEqual([expect.objectContaining({ kind: 'saved', tender: expect.objectContaining({ title: 'Open cleaning' }) })]);
    expect(theirs.tab.alerts).toEqual({ enabled: false, hasProviderProfile: true });
  });

  // Decision 0632: the list's statement costs its planning even when it finds nothing.
  it('answers the saved list of an account that saved nothing with one index probe, and lists the saves of one that did', async () => {
    const fresh = await signIn(t, { name: 'Sam Saver' });
    const none = await counted(() => listSavedTenders(t.ctx, fresh.user));
    expect(none.answer).toEqual([]);
    expect(none.statements).toHaveLength(1);
    expect(none.statements[0]).not.toMatch(/JOIN/i);

    const owner = await signIn(t, { name: 'Otto Owner' });
    const open = await addTender(t, { publishedDate: NOW, closingDate: new Date(NOW.getTime() + 20 * DAY), createdAt: NOW, userId: owner.user.id, title: 'Open survey', service: 'Drone Surveys' });
    await t.ctx.database.query("INSERT INTO tender_saves (user_id, tender_id, kind, created_at) VALUES ($1, $2, 'later', $3)", [fresh.user.id, open, NOW.toISOString()]);
    const some = await counted(() => listSavedTenders(t.ctx, fresh.user));
    expect(some.statements).toHaveLength(2);
    expect(some.answer).toEqual([expect.objectContaining({ kind: 'later', tender: expect.objectContaining({ title: 'Open survey' }) })]);
  });
});
