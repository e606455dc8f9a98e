import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods, InjectOptions } from 'fastify';
import type { Contract } from '@solar/shared/contracts/contract';
import { boundContracts } from '@solar/shared/contracts/index';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../harness';
import { png } from '../fixtures/files';
import { multipart } from '../fixtures/multipart';
import { OWNED, SAMPLE_BODIES, databaseState, fillPath, privateWorld, type Actor, type PrivateWorld } from './fixtures';

/**
 * docs/security.md#access-control: walks the contracts table (so routes that land later are walked
 * too). A visitor gets 401 where login is needed, a non-admin 403 on admin routes, user B is refused
 * (403, or 404 for records B may not see) on user A's providers, quotes, private tenders, claims
 * and private uploads; and every table's row count and checksum, and the stored files, are the
 * same after each refusal.
 */
const entries = boundContracts;

/**
 * Routes with parameters that B may legitimately call on A's records, or whose parameters name
 * public data, each with the reason. A new route with parameters must be classified here or be
 * covered by OWNED, so nothing is missed silently.
 */
const NOT_PRIVATE: Record<string, string> = {
  getProvider: 'public profile; its claims list is checked to be empty for B below',
  claimProvider: 'B may dispute a claimed provider (a pending dispute, reviewed by an admin)',
  getAsset: 'public REPD data, sign-in only',
  listAssetProviders: 'public providers near a public REPD asset',
  getPart: 'public parts catalogue',
  getMapLayer: 'public map layers',
  getSitemap: 'public sitemaps: only what a visitor may see (open tenders, indexable profiles)',
  listProviderReviews: 'published reviews are public (decision 0480)',
  getBuyer: 'public buyer pages from published notices (decision 0483)',
  exportBuyerAwards: 'a public buyer’s awards from published notices, as on its page (decision 0532)',
};

/**
 * GET routes whose answer to A itself depends on the tender's stage (A's private tender is open and
 * not awarded): a letter is 404 until the award, records are 409 until responses close (issue 27
 * part C, decisions 0527 and 0528), and the responses' attachments are sealed until the closing time
 * (decision 0512; tender-sealed.test.ts tests the seal on every read path). B's refusal is checked all the same.
 */
const OWNER_STATUS: Record<string, number> = { downloadTenderLetter: 404, downloadTenderRecords: 409, downloadTenderResponseAttachment: 409 };

/** Valid bodies, so a refusal is about who is asking and not about the input. */
async function requestBody(name: string, contract: Contract): Promise<Pick<InjectOptions, 'payload' | 'headers'>> {
  if (contract.multipart) {
    const field =
      { uploadProviderLogo: 'logo', uploadProviderCover: 'coverImage', uploadProviderMedia: 'files', uploadTenderDocuments: 'files', uploadTenderResponseAttachments: 'files', issueTenderAddendum: 'files', createProviderAccreditation: 'evidence' }[name] ??
      'file';
    const body = multipart([{ field, filename: 'x.png', bytes: await png(24, 24), type: 'image/png' }]);
    return { payload: body.payload, headers: body.headers };
  }
  if (contract.method === 'GET' || contract.method === 'DELETE' || contract.method === 'HEAD') return {};
  return { payload: SAMPLE_BODIES[name] ?? {} };
}

let ip = 1;
const nextIp = () => `10.9.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`;

describe.each(databaseKinds)('route walk on %s', (kind) => {
  let t: TestApp;
  let w: PrivateWorld;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    w = await privateWorld(t);
  });
  afterAll(() => t.close());

  const call = async (who: Actor | null, name: string, contract: Contract, params: Record<string, string> = {}) => {
    const extra = await requestBody(name, contract);
    return t.app.inject({
      method: contract.method as HTTPMethods,
      url: fillPath(contract.path, params),
      remoteAddress: nextIp(),
      ...extra,
      headers: { ...(extra.headers as Record<string, string>), ...(who && { cookie: who.cookie }) },
    });
  };

  /** Calls, expects one of the statuses, and checks nothing changed in the database or storage. */
  const refused = async (who: Actor | null, name: string, contract: Contract, statuses: number[], params?: Record<string, string>) => {
    // Mail an earlier step sent in the background lands first, so it is not counted against this call.
    await t.ctx.mailer.idle();
    const before = await databaseState(t);
    const res = await call(who, name, contract, params);
    await t.ctx.mailer.idle(); // and mail this call may have started is counted
    expect(statuses, `${name} ${contract.method} ${contract.path} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
    expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    expect(await databaseState(t), `${name} changed the database or storage`).toEqual(before);
    return res;
  };

  it('checksums see a real change (the check can fail)', async () => {
    const before = await databaseState(t);
    await t.ctx.database.query(`UPDATE providers SET description = 'changed' WHERE id = $1`, [w.unclaimed.id]);
    expect(await databaseState(t)).not.toEqual(before);
  });

  it('a visitor gets 401 on every route that needs a login, and nothing changes', async () => {
    const needLogin = entries.filter(([, c]) => c.access !== 'public');
    expect(needLogin.length).toBeGreaterThan(20);
    for (const [name, contract] of needLogin) await refused(null, name, contract, [401]);
  });

  it('a signed-in non-admin gets 403 on every admin route, and nothing changes', async () => {
    const adminOnly = entries.filter(([, c]) => c.access === 'admin');
    expect(adminOnly.length).toBeGreaterThan(5);
    for (const [name, contract] of adminOnly) await refused(w.b, name, contract, [403]);
  });

  it('every route with parameters is either walked on A’s records or classified as not private', () => {
    const owned = OWNED(w);
    const unclassified = entries
      .filter(([name, c]) => c.access !== 'admin' && c.path.includes(':') && !NOT_PRIVATE[name])
      .filter(([, c]) => !owned.some(([prefix]) => c.path.startsWith(prefix)))
      .map(([name, c]) => `${name} ${c.method} ${c.path}`);
    expect(unclassified).toEqual([]);
  });

  it('user B is refused on every route that names A’s provider, quote, attachment, media, claims or private tender', async () => {
    const owned = OWNED(w);
    const walked: string[] = [];
    for (const [name, contract] of entries) {
      if (contract.access === 'admin' || !contract.path.includes(':') || NOT_PRIVATE[name]) continue;
      const params = owned.find(([prefix]) => contract.path.startsWith(prefix))![1];
      const res = await refused(w.b, name, contract, [403, 404], params);
      for (const secret of w.secrets) expect(res.body, `${name} leaks ${secret}`).not.toContain(secret);
      // The same address works for A (so the refusal is about B, not a wrong id).
      if (contract.method === 'GET') {
        const own = await call(w.a, name, contract, params);
        expect(own.statusCode, `${name} for A: ${own.body.slice(0, 200)}`).toBe(OWNER_STATUS[name] ?? 200);
      }
      walked.push(name);
    }
    expect(walked).toEqual(
      expect.arrayContaining([
        'updateProvider',
        'getQuote',
        'downloadQuoteAttachment',
        'getTender',
        'deleteProviderMedia',
        'listUserProviders',
        // Issue 18: every lifecycle route on A's private tender.
        'updateTender',
        'publishTender',
        'extendTender',
        'closeTenderEarly',
        'cancelTender',
        'awardTender',
        'listTenderEvents',
        'listTenderDocuments',
        'uploadTenderDocuments',
        'downloadTenderDocument',
        'deleteTenderDocument',
        'listTenderResponses',
        'getMyTenderResponses',
        'submitTenderResponse',
        'uploadTenderResponseAttachments',
        'downloadTenderResponseAttachment',
        'deleteTenderResponseAttachment',
        'withdrawTenderResponse',
        'shortlistTenderResponse',
        'requestTenderClarification',
        'listTenderQuestions',
        'askTenderQuestion',
        'answerTenderQuestion',
        'listTenderEmailInvitations',
        'inviteTenderEmails',
        // Issue 32: A's API key.
        'revokeApiKey',
        // Issue 30: A's saved search, and watching A's private tender.
        'updateSavedSearch',
        'deleteSavedSearch',
        'listSavedSearchMatches',
        'getTenderWatch',
        'watchTender',
        'unwatchTender',
        // Issue 27: the owner's list of invited providers.
        'listTenderInvitedProviders',
        // Issue 27 part A: an invitee's reply, and the owner's list of invitees (decision 0514).
        'getTenderIntent',
        'setTenderIntent',
        'listTenderInvitees',
        // Issue 31: A's company, accreditations and evidence; the review of A's provider.
        'getProviderCompany',
        'updateProviderCompany',
        'listProviderAccreditations',
        'createProviderAccreditation',
        'deleteProviderAccreditation',
        'downloadAccreditationEvidence',
        'replyToReview',
        'flagReview',
        'completeQuote',
        // Issue 27 part B: criteria, evaluators, scoring and the pricing schedule of A's private tender
        // (each role's expectation in tender-evaluation-walk.test.ts).
        'getTenderCriteria',
        'updateTenderCriteria',
        'listTenderEvaluators',
        'inviteTenderEvaluator',
        'removeTenderEvaluator',
        'declareTenderInterest',
        'getTenderEvaluation',
        'scoreTenderResponse',
        'getTenderPricingSchedule',
        'updateTenderPricingSchedule',
        'getTenderResponsePrices',
        'submitTenderResponsePrices',
        // Issue 27 part C: the clarification log, addenda, the contract, letters and records.
        'listTenderClarifications',
        'publishTenderClarification',
        'replyTenderClarification',
        'listTenderAddenda',
        'issueTenderAddendum',
        'getTenderContract',
        'confirmTenderContract',
        'downloadTenderLetter',
        'downloadTenderRecords',
      ]),
    );
  });

  it('an API key is its account on GET routes only: refused on every admin route, every write and the key routes, and nothing changes', async () => {
    const key = (await t.app.inject({ method: 'POST', url: '/api/api-keys', payload: { name: 'walk admin key' }, headers: { cookie: w.admin.cookie } })).json().secret as string;
    const keyed = async (secret: string, name: string, contract: Contract, statuses: number[], params?: Record<string, string>) => {
      await t.ctx.mailer.idle();
      const before = await databaseState(t);
      const extra = await requestBody(name, contract);
      const res = await t.app.inject({
        method: contract.method as HTTPMethods,
        url: fillPath(contract.path, params ?? {}),
        remoteAddress: nextIp(),
        ...extra,
        headers: { ...(extra.headers as Record<string, string>), authorization: `Bearer ${secret}` },
      });
      await t.ctx.mailer.idle();
      expect(statuses, `${name} ${contract.method} ${contract.path} → ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      expect(await databaseState(t), `${name} with a key changed the database or storage`).toEqual(before);
      return res;
    };
    const owned = OWNED(w);
    const paramsOf = (c: Contract) => owned.find(([prefix]) => c.path.startsWith(prefix))?.[1] ?? { id: w.providerA.id };
    let refusedCount = 0;
    for (const [name, contract] of entries) {
      const refusedForKeys = contract.access === 'admin' || contract.method !== 'GET' || contract.apiKeys === false;
      if (!refusedForKeys) continue;
      // An admin's key: refused all the same (the refusal is about the key, not the account).
      await keyed(key, name, contract, [403], paramsOf(contract));
      refusedCount++;
    }
    expect(refusedCount).toBeGreaterThan(60);
    // On GET routes a key is its account: A's key reads A's records as A's session does; B's key is refused on them.
    const bKey = (await t.app.inject({ method: 'POST', url: '/api/api-keys', payload: { name: 'walk b key' }, headers: { cookie: w.b.cookie } })).json().secret as string;
    // A key's first use records when it was used (at most once a minute): done before the walk's checks.
    for (const secret of [w.apiKeyA.secret, bKey]) await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${secret}` } });
    for (const [name, contract] of entries) {
      if (contract.method !== 'GET' || contract.access === 'admin' || contract.apiKeys === false || !contract.path.includes(':') || NOT_PRIVATE[name]) continue;
      const params = owned.find(([prefix]) => contract.path.startsWith(prefix))![1];
      const res = await keyed(w.apiKeyA.secret, name, contract, [OWNER_STATUS[name] ?? 200], params);
      const viaSession = await call(w.a, name, contract, params);
      expect(res.statusCode).toBe(viaSession.statusCode);
      const refusedB = await keyed(bKey, name, contract, [403, 404], params);
      for (const secret of w.secrets) expect(refusedB.body, `${name} leaks ${secret} to B's key`).not.toContain(secret);
    }
  });

  it('the alerts routes answer every role: each caller sees only their own; a bad unsubscribe link changes nothing (issue 30)', async () => {
    const byName = Object.fromEntries(entries);
    for (const who of [null, w.b, w.admin]) {
      for (const name of ['getUnsubscribe', 'unsubscribe']) {
        const c = byName[name]!;
        expect(c.access).toBe('public');
        const forged = `s.${w.savedSearchA}.${'A'.repeat(32)}`;
        const res = await refused(who, name, { ...c, path: `${c.path}?token=${encodeURIComponent(forged)}` }, [400]);
        for (const secret of w.secrets) expect(res.body).not.toContain(secret);
      }
      if (!who) continue;
      for (const url of ['/api/saved-searches', '/api/notifications', '/api/notifications/unread', '/api/tenders/watched']) {
        const res = await t.app.inject({ url, remoteAddress: nextIp(), headers: { cookie: who.cookie } });
        expect(res.statusCode, url).toBe(200);
        for (const secret of w.secrets) expect(res.body, `${url} leaks ${secret}`).not.toContain(secret);
      }
    }
    // A sees A's own.
    const own = await t.app.inject({ url: '/api/saved-searches', remoteAddress: nextIp(), headers: { cookie: w.a.cookie } });
    expect(own.json().data.map((s: { id: string }) => s.id)).toEqual([w.savedSearchA]);
  });

  it('suspension answers every role: a visitor 401, a member 403, an admin 409 on themselves and 404 on no one, with nothing changed; 200 on another account', async () => {
    const suspension = Object.fromEntries(entries).updateAdminUserSuspension!;
    expect(suspension.access).toBe('admin');
    const target = await signedInUser(t, { email: `suspend-${nextIp()}@walk.example.com` });
    await refused(null, 'updateAdminUserSuspension', suspension, [401], { id: target.user.id });
    await refused(w.b, 'updateAdminUserSuspension', suspension, [403], { id: target.user.id });
    await refused(w.admin, 'updateAdminUserSuspension', suspension, [409], { id: w.admin.user.id });
    await refused(w.admin, 'updateAdminUserSuspension', suspension, [404], { id: '00000000-0000-4000-8000-000000000000' });
    const done = await call(w.admin, 'updateAdminUserSuspension', suspension, { id: target.user.id });
    expect(done.statusCode, done.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: target.cookie } })).statusCode).toBe(401);
  });

  it('nobody can review without completed work: every role is refused, and nothing changes (issue 31)', async () => {
    const create = Object.fromEntries(entries).createReview!;
    const work = await t.ctx.database.query<{ id: string }>(`SELECT id::text AS id FROM quotes WHERE status = 'completed' AND provider_id = $1`, [w.providerA.id]);
    const pending = await t.ctx.database.query<{ id: string }>(`SELECT id::text AS id FROM quotes WHERE sender_id = $1`, [w.a.user.id]);
    const body = (workKind: string, workId: string) => ({ workKind, workId, quality: 5, value: 5, reliability: 5, body: 'a review without work behind it' });
    const attempt = async (who: Actor | null, payload: object, statuses: number[]) => {
      const before = await databaseState(t);
      const res = await t.app.inject({ method: 'POST', url: create.path, payload, remoteAddress: nextIp(), headers: who ? { cookie: who.cookie } : {} });
      expect(statuses, `${who?.email ?? 'visitor'}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
      expect(await databaseState(t)).toEqual(before);
    };
    // The visitor; B, the admin and A (the provider's owner) on Carol's completed work; A on her own pending quote; a tender nobody awarded.
    await attempt(null, body('quote', work[0]!.id), [401]);
    for (const who of [w.b, w.admin, w.a]) await attempt(who, body('quote', work[0]!.id), [403, 404]);
    await attempt(w.a, body('quote', pending[0]!.id), [404]);
    for (const who of [w.a, w.b, w.admin]) await attempt(who, body('tender', w.privateTenderA), [404]);
  });

  it('the email verification routes answer every role, and only an unverified caller gets a new link', async () => {
    const unverified = await signedInUser(t, { email: `unverified-${nextIp()}@walk.example.com`, verified: false });
    const byName = Object.fromEntries(entries);
    const resend = byName.resendVerification!;
    const verify = byName.verifyEmail!;
    expect([resend.access, verify.access]).toEqual(['user', 'public']);
    const post = (url: string, cookie?: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, remoteAddress: nextIp(), ...(payload && { payload }), headers: cookie ? { cookie } : {} });
    for (const who of [null, w.b, w.admin, unverified]) {
      const before = await databaseState(t);
      const res = await post(verify.path, who?.cookie, { token: 'not-a-real-token' });
      expect(res.statusCode).toBe(400);
      expect(await databaseState(t)).toEqual(before);
    }
    await refused(null, 'resendVerification', resend, [401]);
    await refused(w.b, 'resendVerification', resend, [409]);
    await refused(w.admin, 'resendVerification', resend, [409]);
    const own = await post(resend.path, unverified.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().message).toContain(unverified.email);
  });

  it('the data source routes answer admins only: a visitor 401, a user 403, an admin the status (409 to run a source not configured)', async () => {
    const byName = Object.fromEntries(entries);
    const list = byName.listDataSources!;
    const run = byName.runDataSource!;
    expect([list.access, run.access]).toEqual(['admin', 'admin']);
    for (const [contract, name] of [[list, 'listDataSources'], [run, 'runDataSource']] as const) {
      await refused(null, name, contract, [401], { id: 'find-a-tender' });
      await refused(w.b, name, contract, [403], { id: 'find-a-tender' });
    }
    const listed = await call(w.admin, 'listDataSources', list);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.map((s: { id: string }) => s.id)).toEqual(['find-a-tender', 'contracts-finder', 'public-contracts-scotland', 'sell2wales', 'repd']);
    // This deployment has no feed configured: nothing may run, and nothing changes.
    await refused(w.admin, 'runDataSource', run, [409], { id: 'find-a-tender' });
    await refused(w.admin, 'runDataSource', run, [400], { id: 'not-a-source' });
  });

  it("an imported notice's 'not relevant' answers admins only, and only for imported notices (decision 0462)", async () => {
    const mark = Object.fromEntries(entries).markNoticeNotRelevant!;
    expect(mark.access).toBe('admin');
    const [listed] = await t.ctx.database.query<{ id: string }>(`SELECT id FROM tenders WHERE source = 'Solar Manager' LIMIT 1`);
    const params = { id: listed!.id };
    await refused(null, 'markNoticeNotRelevant', mark, [401], params);
    await refused(w.a, 'markNoticeNotRelevant', mark, [403], params);
    await refused(w.b, 'markNoticeNotRelevant', mark, [403], params);
    await refused(w.admin, 'markNoticeNotRelevant', mark, [409], params);
    await refused(w.admin, 'markNoticeNotRelevant', mark, [404], { id: 'not-a-uuid' });
  });

  it('B sees A’s provider without A’s claims, and no list B can read contains A’s private records', async () => {
    const profile = await t.app.inject({ url: `/api/providers/${w.unclaimed.id}`, headers: { cookie: w.b.cookie } });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data?.claims ?? profile.json().claims ?? []).toEqual([]);
    expect(profile.body).not.toContain('alice-private-claim-message');
    const adminView = await t.app.inject({ url: `/api/providers/${w.unclaimed.id}`, headers: { cookie: w.admin.cookie } });
    expect(adminView.body).toContain(w.claimA);

    const lists = entries.filter(([, c]) => c.method === 'GET' && c.access !== 'admin' && !c.path.includes(':') && !c.produces);
    for (const [name, contract] of lists) {
      for (const who of [null, w.b]) {
        const res = await call(who, name, contract);
        expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
        for (const secret of w.secrets) expect(res.body, `${name} shows ${secret} to ${who ? 'B' : 'a visitor'}`).not.toContain(secret);
      }
    }
  });
});
