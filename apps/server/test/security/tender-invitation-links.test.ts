import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_INTENT_MESSAGES as I } from '@solar/shared/constants/tender-sealed';
import { fixedClock } from '../../src/platform/clock';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../harness';
import { actor, type Actor } from './fixtures';

const NOW = new Date('2026-11-22T09:00:00Z');

/**
 * Issue 25 finding 7 (decision 0443): an invitation link's token is in no stored row and no log
 * line. The mailed link carries it in the fragment (never sent to a server); an old `?invite=` link
 * is redacted from the request log and stripped from page views; the landing asks for what the link
 * is for with the token in a body. And (decision 0440) an unconfirmed account that redeems a link
 * mailed to its own address has its address confirmed by it.
 */
describe.each(databaseKinds)('invitation link tokens on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(NOW);
  let owner: Actor;
  let tenderId = '';
  const tokens: Record<string, string> = {};

  const call = (who: Actor | null, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as HTTPMethods, url, headers: who ? { cookie: who.cookie } : {}, ...(payload && { payload }) });
  /**
   * Every row of every table as text (a token must be in none of them), but the outbox: without
   * SMTP it is the delivery itself (the mail in the invitee's inbox), as for reset links.
   */
  const everyRow = async () => {
    const tables = await t.ctx.database.query<{ name: string }>(
      `SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'outbox'`,
    );
    const texts = await Promise.all(tables.map((r) => t.ctx.database.query<{ row: string }>(`SELECT x::text AS row FROM ${r.name} x`)));
    return texts.flat().map((r) => r.row).join('\n');
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await actor(t, 'links-owner');
    const res = await call(owner, 'POST', '/api/tenders', {
      service: 'Panel Cleaning',
      title: 'Links tender',
      type: 'private',
      closingDate: '2026-12-01T12:00:00.000Z',
      inviteEmails: ['same@invitee.example.com', 'other@invitee.example.com', 'declines@invitee.example.com', 'late@invitee.example.com'],
    });
    expect(res.statusCode, res.body).toBe(201);
    tenderId = res.json().data.id;
    await t.ctx.mailer.idle();
    for (const to of ['same@invitee.example.com', 'other@invitee.example.com', 'declines@invitee.example.com', 'late@invitee.example.com']) {
      const [mail] = await t.ctx.database.query<{ text_body: string }>('SELECT text_body FROM outbox WHERE to_address = $1', [to]);
      // In the fragment, never the query.
      expect(mail!.text_body).toMatch(new RegExp(`/tender/${tenderId}/respond#invite=[\\w-]{43}`));
      expect(mail!.text_body).not.toContain('?invite=');
      tokens[to] = /#invite=([\w-]{43})/.exec(mail!.text_body)![1]!;
    }
  });
  afterAll(() => t.close());

  it('shows what the link is for (title, buyer, deadline, invited address) with the token in the body, and nothing for a wrong one', async () => {
    const preview = await call(null, 'POST', '/api/tenders/invitations/preview', { token: tokens['same@invitee.example.com'] });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toEqual({
      tenderId,
      title: 'Links tender',
      buyer: owner.user.company,
      closingDate: '2026-12-01T12:00:00.000Z',
      email: 'same@invitee.example.com',
      open: true,
      cancelled: false,
      declinedAt: null,
      redeemed: false,
    });
    const wrong = await call(null, 'POST', '/api/tenders/invitations/preview', { token: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(M.inviteInvalid);
  });

  it('keeps an old link’s token out of the request log and the page views', async () => {
    const token = tokens['other@invitee.example.com']!;
    await call(null, 'GET', `/tender/${tenderId}/respond?invite=${token}`);
    const view = await call(null, 'POST', '/api/analytics/pageview', { path: `/tender/${tenderId}/respond?invite=${token}` });
    expect(view.statusCode, view.body).toBeLessThan(300);
    await call(null, 'POST', '/api/analytics/pageview', { path: `/tender/${tenderId}/respond#invite=${token}` });
    const [stored] = await t.ctx.database.query<{ n: string }>('SELECT count(*) AS n FROM page_views WHERE path = $1', [`/tender/${tenderId}/respond`]);
    expect(Number(stored!.n)).toBe(2);
    expect(t.logs.join('\n')).not.toContain(token);
    for (const value of Object.values(tokens)) expect(await everyRow()).not.toContain(value);
  });

  it('confirms an unconfirmed account’s address when it redeems the link mailed to that address, and only then', async () => {
    const same = await signedInUser(t, { email: 'same@invitee.example.com', verified: false });
    const other = await signedInUser(t, { email: 'forwarded@colleague.example.com', verified: false });
    const a = await call(same, 'POST', '/api/tenders/invitations/accept', { token: tokens['same@invitee.example.com'] });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json().data).toEqual({ tenderId, emailConfirmed: true });
    const b = await call(other, 'POST', '/api/tenders/invitations/accept', { token: tokens['other@invitee.example.com'] });
    expect(b.json().data).toEqual({ tenderId, emailConfirmed: false });
    const verified = async (id: string) => (await t.ctx.database.query<{ v: boolean }>('SELECT email_verified_at IS NOT NULL AS v FROM users WHERE id = $1', [id]))[0]!.v;
    expect(await verified(same.user.id)).toBe(true);
    expect(await verified(other.user.id)).toBe(false);
    // Both see the tender: the link binds it to the account that redeemed it.
    for (const who of [same, other]) expect((await call(who, 'GET', `/api/tenders/${tenderId}`)).statusCode).toBe(200);
  });

  it('declines from the link signed out, with a reason: the token is the authority, once; a forged, reused or redeemed link is refused and changes nothing (decision 0558)', async () => {
    const decline = (token: string, reason = 'Outside the area we cover.', who: Actor | null = null) => call(who, 'POST', '/api/tenders/invitations/decline', { token, reason });
    const intents = () => t.ctx.database.query<{ invitee: string; intent: string; reason: string; user_id: string | null }>('SELECT invitee, intent, reason, user_id FROM tender_intents ORDER BY invitee');
    const token = tokens['declines@invitee.example.com']!;
    const forged = await decline('x'.repeat(43));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(M.inviteInvalid);
    const bare = await decline(token, 'No.');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(I.declineReasonRequired);
    expect(await intents()).toEqual([]);

    const res = await decline(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: I.linkDeclined, data: { tenderId, declinedAt: NOW.toISOString() } });
    const [row] = await intents();
    expect(row).toMatchObject({ intent: 'declined', reason: 'Outside the area we cover.', user_id: null });
    expect(row!.invitee).toMatch(/^email:/);
    // The landing says so; the owner's list shows the reason.
    expect((await call(null, 'POST', '/api/tenders/invitations/preview', { token })).json().data).toMatchObject({ declinedAt: NOW.toISOString(), redeemed: false });
    const invitees = (await call(owner, 'GET', `/api/tenders/${tenderId}/invitees`)).json().data;
    expect(invitees.find((i: { name: string }) => i.name === 'declines@invitee.example.com')).toMatchObject({ status: 'declined', reason: 'Outside the area we cover.' });

    // Once: the same link cannot decline again, nor change the reason.
    const again = await decline(token, 'A different reason this time.');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(I.linkAlreadyDeclined);
    expect((await intents()).map((r) => r.reason)).toEqual(['Outside the area we cover.']);
    // A link redeemed by an account: that account replies, signed in.
    const redeemed = await decline(tokens['same@invitee.example.com']!);
    expect(redeemed.statusCode).toBe(409);
    expect(redeemed.json().message).toBe(I.linkRedeemed);
    // After the closing time by the server's clock, nothing.
    clock.set(new Date('2026-12-01T12:00:00.000Z'));
    const late = await decline(tokens['late@invitee.example.com']!);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(I.closed);
    expect(await intents()).toHaveLength(1);
    // No token is stored by any of it.
    for (const value of Object.values(tokens)) expect(await everyRow()).not.toContain(value);
  });
});
