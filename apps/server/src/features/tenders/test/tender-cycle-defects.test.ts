import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENDER_SEALED_MESSAGES as S } from '@solar/shared/constants/tender-sealed';
import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { createTestApp, databaseKinds, type TestApp } from '../../../../test/harness';
import { fixedClock } from '../../../platform/clock';
import { addProvider, signIn } from './helpers';

const NOW = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;

/**
 * Issue 27, "Defects": the tender cycle where a real officer or bidder stopped, through the API on
 * a real database. Each test fails on the code before the fix.
 */
describe.each(databaseKinds)('the tender cycle’s defects on %s', (kind) => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, dana: Who, eve: Who, fay: Who, admin: Who;
  const providers: Record<string, string> = {};
  let ip = 1;
  const call = (method: string, url: string, who: Who | null, payload?: unknown) =>
    t.app.inject({
      method: method as 'GET',
      url,
      remoteAddress: `10.27.0.${(ip++ % 250) + 1}`,
      ...(payload !== undefined && { payload: payload as object }),
      headers: who ? { cookie: who.cookie } : {},
    });
  const ok = async (method: string, url: string, who: Who, payload?: unknown) => {
    const res = await call(method, url, who, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
    return res.json();
  };
  const mailsTo = async (to: string) => {
    await t.ctx.mailer.idle();
    return t.ctx.database.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM outbox WHERE to_address = $1 ORDER BY created_at', [to]);
  };
  const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
  const bristol = { location: 'Bristol, City of Bristol, England', latitude: 51.4545, longitude: -2.5879 };

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olive Owner', company: 'Avon Energy Ltd', email: 'olive@avon-energy.example.com' });
    dana = await signIn(t, { name: 'Dana Directory', type: 'provider' });
    eve = await signIn(t, { name: 'Eve Added', type: 'provider' });
    fay = await signIn(t, { name: 'Fay Loser', type: 'provider' });
    admin = await signIn(t, { name: 'Ada Admin', admin: true });
    providers.dana = await addProvider(t, { name: 'Dana Thermal', services: ['Thermographic Surveys'], lat: 51.45, lng: -2.6, radius: 100, ownerId: dana.user.id, reviewedClaim: true });
    providers.eve = await addProvider(t, { name: 'Eve Drones', services: ['Thermographic Surveys'], lat: 51.5, lng: -2.5, radius: 100, ownerId: eve.user.id });
    providers.fay = await addProvider(t, { name: 'Fay Inspections', services: ['Thermographic Surveys'], lat: 51.4, lng: -2.7, radius: 100, ownerId: fay.user.id });
  });
  afterAll(() => t.close());

  let draftId = '';

  it('defect 1: a private draft saved with nobody invited is edited in full (service, place, radius, closing date, invitees) and published to them', async () => {
    const draft = await ok('POST', '/api/tenders', owner, { service: 'Panel Cleaning', type: 'private', draft: true, title: 'Survey 12 MW at Avonmouth' });
    draftId = draft.data.id;
    expect((await call('POST', `/api/tenders/${draftId}/publish`, owner)).json().message).toBe('Select at least one provider to invite');
    const edit = await ok('PATCH', `/api/tenders/${draftId}`, owner, {
      service: 'Thermographic Surveys',
      ...bristol,
      searchRadius: 100,
      closingDate: inDays(10),
      invitedProviders: [providers.dana],
      inviteEmails: ['bea@outside.example.com'],
    });
    expect(edit.data).toMatchObject({ stage: 'draft', service: 'Thermographic Surveys', searchRadius: 100, closingDate: inDays(10), invitedProviders: [providers.dana] });
    // A draft mails nobody; publication does.
    expect(await mailsTo(dana.email)).toEqual([]);
    await ok('POST', `/api/tenders/${draftId}/publish`, owner);
    expect((await mailsTo(dana.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Invitation to tender: Survey 12 MW at Avonmouth, closes 2 Dec 2026$/)]);
    expect(await mailsTo('bea@outside.example.com')).toHaveLength(1);
    // The History says whom the published draft invited, as it does for a tender launched at once (defect 11).
    const events = (await ok('GET', `/api/tenders/${draftId}/events`, owner)).data as Array<{ kind: string; subject: string | null }>;
    expect(events.map((e) => `${e.kind}:${e.subject ?? ''}`)).toContain('invited:Dana Thermal, bea@outside.example.com');
  });

  it('defect 1: a draft may change type, a published tender may not; providers are added to a live private tender (told, in the History), never taken off', async () => {
    expect((await call('PATCH', `/api/tenders/${draftId}`, owner, { type: 'open' })).json().message).toBe(M.typeFixed);
    await ok('PATCH', `/api/tenders/${draftId}`, owner, { invitedProviders: [providers.dana, providers.eve, providers.fay] });
    expect((await mailsTo(eve.email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^Invitation to tender: Survey 12 MW at Avonmouth/)]);
    expect((await call('GET', `/api/tenders/${draftId}`, eve)).statusCode).toBe(200);
    const removed = await call('PATCH', `/api/tenders/${draftId}`, owner, { invitedProviders: [providers.dana] });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toBe(M.uninviteAfterPublish);
    const invited = await ok('GET', `/api/tenders/${draftId}/invited-providers`, owner);
    expect(invited.data.map((p: { name: string }) => p.name)).toEqual(['Dana Thermal', 'Eve Drones', 'Fay Inspections']);
    expect((await call('GET', `/api/tenders/${draftId}/invited-providers`, dana)).statusCode).toBe(404);
  });

  it('defect 3: an address invited by email that has not used its link is told of edits, extensions and the cancellation, with the reason', async () => {
    const other = await ok('POST', '/api/tenders', owner, { service: 'Thermographic Surveys', type: 'private', inviteEmails: ['cal@outside.example.com'], closingDate: inDays(5) });
    await ok('PATCH', `/api/tenders/${other.data.id}`, owner, { description: 'Now includes the inverter stations.' });
    await ok('POST', `/api/tenders/${other.data.id}/extend`, owner, { closingDate: inDays(8) });
    await ok('POST', `/api/tenders/${other.data.id}/cancel`, owner, { reason: 'The site has been sold to another operator.' });
    const subjects = (await mailsTo('cal@outside.example.com')).map((m) => m.subject);
    expect(subjects.slice(1).map((s) => s.replace(/: .*/, ''))).toEqual(['A tender you are taking part in has changed', 'Closing date extended', 'Tender cancelled']);
    expect((await mailsTo('cal@outside.example.com')).at(-1)!.text_body).toContain('The site has been sold to another operator.');
    const preview = await call('POST', '/api/tenders/invitations/preview', null, { token: 'x'.repeat(43) });
    expect(preview.statusCode).toBe(400);
  });

  let responses: Record<string, string> = {};
  let bea: Who;

  it('defect 6: an outside invitee who signs up at the invited address and redeems the link finds the tender on her Invitations', async () => {
    const [mail] = await mailsTo('bea@outside.example.com');
    const token = /#invite=([\w-]+)/.exec(mail!.text_body)![1]!;
    bea = await signIn(t, { email: 'bea@outside.example.com', type: 'provider', verified: false });
    expect((await ok('GET', '/api/tenders/mine', bea)).data.invitations).toEqual([]);
    expect((await ok('POST', '/api/tenders/invitations/accept', bea, { token })).data).toEqual({ tenderId: draftId, emailConfirmed: true });
    expect((await ok('GET', '/api/tenders/mine', bea)).data.invitations.map((x: { id: string }) => x.id)).toEqual([draftId]);
  });

  it('defect 8: the response form’s amounts and lead time are read as people type them; an empty maximum is the price itself', async () => {
    const dres = await ok('PUT', `/api/tenders/${draftId}/my-responses`, dana, { message: 'Drone and handheld thermography.', priceMinimum: '£495,000', priceMaximum: '', leadTimeDays: '30 days' });
    expect(dres.data).toMatchObject({ priceMinimum: 495000, priceMaximum: 495000, leadTimeDays: 30 });
    const eres = await ok('PUT', `/api/tenders/${draftId}/my-responses`, eve, { message: 'Drones only, one visit.', priceMinimum: '480,000', priceMaximum: '£510,000', leadTimeDays: '6 weeks' });
    expect(eres.data).toMatchObject({ priceMinimum: 480000, priceMaximum: 510000, leadTimeDays: 42 });
    const fres = await ok('PUT', `/api/tenders/${draftId}/my-responses`, fay, { message: 'Handheld only, two visits.', priceMinimum: 520000, leadTimeDays: 14 });
    responses = { dana: dres.data.id, eve: eres.data.id, fay: fres.data.id };
    const bad = await call('PUT', `/api/tenders/${draftId}/my-responses`, fay, { message: 'Handheld only, two visits.', priceMinimum: 'lots', leadTimeDays: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(new RegExp(`${M.moneyNotNumber}|${M.leadTimeNotDays}`));
  });

  it('defect 11: no award while responses are open; no shortlisting or clarification after the award', async () => {
    const early = await call('POST', `/api/tenders/${draftId}/award`, owner, { responseId: responses.dana });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(M.awardBeforeClosing);
    // Sealed while open (decision 0512): evaluation waits for the responses to open.
    expect((await call('PUT', `/api/tenders/${draftId}/responses/${responses.eve}/shortlist`, owner, { shortlisted: true })).json().message).toBe(S.sealedAction);
    await ok('POST', `/api/tenders/${draftId}/questions`, eve, { question: 'Is there a site induction?' });
    // Each responder sees where their response stands.
    const state = async (who: Who) => (await ok('GET', '/api/tenders/mine', who)).data.responses.find((r: { id: string }) => r.id === draftId).response.state;
    expect([await state(dana), await state(eve), await state(fay)]).toEqual(['open', 'open', 'open']);
    await ok('POST', `/api/tenders/${draftId}/close`, owner, { reason: 'Closed early for the test of this cycle.' });
    await ok('PUT', `/api/tenders/${draftId}/responses/${responses.eve}/shortlist`, owner, { shortlisted: true });
    clock.set(new Date(clock.now().getTime() + 60_000));
    await ok('POST', `/api/tenders/${draftId}/responses/${responses.fay}/clarifications`, owner, { message: 'Which camera do you use?' });
    expect([await state(dana), await state(eve), await state(fay)]).toEqual(['under-review', 'shortlisted', 'clarification-requested']);
    await ok('POST', `/api/tenders/${draftId}/award`, owner, { responseId: responses.dana });
    for (const [method, url, body] of [
      ['PUT', `/api/tenders/${draftId}/responses/${responses.eve}/shortlist`, { shortlisted: false }],
      ['POST', `/api/tenders/${draftId}/responses/${responses.fay}/clarifications`, { message: 'One more question for you.' }],
    ] as const) {
      const res = await call(method, url, owner, body);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(M.notEditable);
    }
  });

  it('defect 6: "My responses" shows each provider its own outcome; an email invitee finds the tender it was invited to', async () => {
    const mine = async (who: Who) => (await ok('GET', '/api/tenders/mine', who)).data;
    expect((await mine(dana)).responses.map((r: { id: string; response: { state: string; providerName: string } }) => [r.id, r.response.providerName, r.response.state])).toEqual([
      [draftId, 'Dana Thermal', 'won'],
    ]);
    expect((await mine(eve)).responses[0].response.state).toBe('unsuccessful');
    expect((await mine(eve)).responses[0]).toMatchObject({ status: 'awarded', viewerRelation: 'responder', award: { supplier: 'Dana Thermal', value: null } });
    expect((await mine(dana)).responses[0]).toMatchObject({ viewerRelation: 'winner', award: { supplier: 'Dana Thermal', value: 495000 } });
    // Bea, invited by email, redeemed her link while it was open: the tender stays on her Invitations.
    expect((await mine(bea)).invitations.map((x: { id: string; invitedProviderNames: string[] }) => [x.id, x.invitedProviderNames])).toEqual([
      [draftId, ['bea@outside.example.com']],
    ]);
  });

  it('defect 11: the History tells the whole cycle by name, never naming an asker; counts include email invitations; the buyer is the owner’s company; "verified" means a reviewed claim', async () => {
    const events = (await ok('GET', `/api/tenders/${draftId}/events`, owner)).data as Array<{ kind: string; subject: string | null; actor: { name: string } | null }>;
    const seen = events.map((e) => `${e.kind}:${e.subject ?? ''}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'invited:Eve Drones, Fay Inspections',
        'response-submitted:Dana Thermal',
        'shortlisted:Eve Drones',
        'clarification-requested:Fay Inspections',
        'question-asked:Is there a site induction?',
        'awarded:Dana Thermal',
      ]),
    );
    expect(events.find((e) => e.kind === 'question-asked')!.actor).toBeNull();
    const own = (await ok('GET', '/api/tenders/mine', owner)).data.own.find((x: { id: string }) => x.id === draftId);
    expect(own).toMatchObject({ emailInvitations: 1, invitedProviders: expect.arrayContaining([providers.dana]) });
    expect((await ok('GET', `/api/tenders/${draftId}`, admin)).data.organisationName).toBe('Avon Energy Ltd');
    const compared = (await ok('GET', `/api/tenders/${draftId}/responses`, owner)).data as Array<{ provider: { name: string; verified: boolean; since: string } }>;
    expect(compared.map((r) => [r.provider.name, r.provider.verified])).toEqual(expect.arrayContaining([['Dana Thermal', true], ['Eve Drones', false], ['Fay Inspections', false]]));
    expect(compared[0]!.provider.since).toMatch(/^\d{4}-/);
  });
});
