import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/clock';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { addTender, signIn } from './helpers';

const NOW = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;

/**
 * Save Tender / Save for Later (decision 0179) checks that the caller may see the tender and writes
 * in one statement (decision 0633): the same 404 as before for a tender they may not see, and
 * nothing written then.
 */
describe.each(databaseKinds)('saving a tender on %s', (kind) => {
  let t: TestApp;
  let statements: string[] | null = null;
  beforeAll(async () => {
    t = await createTestApp({ kind, clock: fixedClock(NOW), logQuery: (sql) => statements?.push(sql) });
  });
  afterAll(() => t.close());

  const call = async (method: 'PUT' | 'DELETE', url: string, who: { cookie: string }) => {
    statements = [];
    try {
      const res = await t.app.inject({ method, url, headers: { cookie: who.cookie } });
      // The session's own lookup (once per session, then from memory) is not the save's.
      const own = statements.filter((sql) => !/\bsessions\b/.test(sql));
      return { status: res.statusCode, body: res.json() as { success?: boolean; message?: string }, statements: own.length };
    } finally {
      statements = null;
    }
  };
  const savesOf = async (userId: string) =>
    (await t.ctx.database.query<{ tender_id: string; kind: string }>('SELECT tender_id::text AS tender_id, kind FROM tender_saves WHERE user_id = $1 ORDER BY kind', [userId])).map((r) => [r.tender_id, r.kind]);

  it('saves and unsaves a tender the caller may see, one statement each, and saving twice keeps one row', async () => {
    const owner = await signIn(t, { name: 'Olga Owner' });
    const saver = await signIn(t, { name: 'Sid Saver' });
    const open = await addTender(t, { publishedDate: NOW, closingDate: new Date(NOW.getTime() + 20 * DAY), createdAt: NOW, userId: owner.user.id, title: 'Open clean', service: 'Panel Cleaning' });
    const saved = await call('PUT', `/api/tenders/${open}/saves/saved`, saver);
    expect([saved.status, saved.body.success, saved.statements]).toEqual([200, true, 1]);
    expect((await call('PUT', `/api/tenders/${open}/saves/saved`, saver)).status).toBe(200);
    expect((await call('PUT', `/api/tenders/${open}/saves/later`, saver)).status).toBe(200);
    expect(await savesOf(saver.user.id)).toEqual([[open, 'later'], [open, 'saved']]);
    const gone = await call('DELETE', `/api/tenders/${open}/saves/saved`, saver);
    expect([gone.status, gone.statements]).toEqual([200, 1]);
    expect(await savesOf(saver.user.id)).toEqual([[open, 'later']]);
  });

  it("answers 404 for a tender the caller may not see, an unknown id or one that is not an id, and writes nothing", async () => {
    const owner = await signIn(t, { name: 'Pia Private' });
    const stranger = await signIn(t, { name: 'Stan Stranger' });
    const dates = { publishedDate: NOW, closingDate: new Date(NOW.getTime() + 20 * DAY), createdAt: NOW, userId: owner.user.id };
    const hidden = await addTender(t, { ...dates, title: 'Private works', type: 'private', service: 'Panel Cleaning' });
    const draft = await addTender(t, { ...dates, title: 'Draft works', stage: 'draft', service: 'Panel Cleaning' });
    for (const id of [hidden, draft, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const refused = await call('PUT', `/api/tenders/${id}/saves/saved`, stranger);
      expect([refused.status, refused.body.message]).toEqual([404, 'Tender not found']);
    }
    expect(await savesOf(stranger.user.id)).toEqual([]);
    // The owner may save their own private tender and draft.
    expect((await call('PUT', `/api/tenders/${hidden}/saves/saved`, owner)).status).toBe(200);
    expect((await call('PUT', `/api/tenders/${draft}/saves/later`, owner)).status).toBe(200);
    expect(await savesOf(owner.user.id)).toHaveLength(2);
  });

  it('keeps the save of a tender the caller can no longer see, and answers its unsave 404', async () => {
    const owner = await signIn(t, { name: 'Quinn Quits' });
    const saver = await signIn(t, { name: 'Rae Remembers' });
    const id = await addTender(t, { publishedDate: NOW, closingDate: new Date(NOW.getTime() + 20 * DAY), createdAt: NOW, userId: owner.user.id, title: 'Soon private', service: 'Panel Cleaning' });
    expect((await call('PUT', `/api/tenders/${id}/saves/saved`, saver)).status).toBe(200);
    await t.ctx.database.query("UPDATE tenders SET type = 'private' WHERE id = $1", [id]);
    expect((await call('DELETE', `/api/tenders/${id}/saves/saved`, saver)).status).toBe(404);
    expect(await savesOf(saver.user.id)).toEqual([[id, 'saved']]);
  });
});
