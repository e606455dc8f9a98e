import { randomUUID } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { UserRow } from '../../src/db/schema/index';
import { insertTender } from '../../src/features/tenders/tenders.repository';
import { hashPassword } from '../../src/platform/passwords';
import { signedInUser, type TestApp } from '../harness';
import { fields, multipart, type Part } from '../fixtures/multipart';
import { pdf, png } from '../fixtures/files';

export interface Actor {
  user: UserRow;
  cookie: string;
  email: string;
}

/** A user with a live session (inserted directly: sign-up itself is tested in accounts.test.ts). */
export async function actor(t: TestApp, label: string, opts: { admin?: boolean; password?: string } = {}): Promise<Actor> {
  return signedInUser(t, {
    email: `${label}-${randomUUID().slice(0, 8)}@walk.example.com`,
    name: `${label} Walker`,
    company: `${label} Walk Ltd`,
    admin: opts.admin,
    passwordHash: opts.password ? await hashPassword(opts.password) : 'x',
  });
}

export async function insertProviderRow(t: TestApp, name: string, ownerId: string | null) {
  const [row] = await t.ctx.database.query<{ id: string; slug: string }>(
    `INSERT INTO providers (slug, business_name, description, location, services, user_id, claimed, claim_approved)
     VALUES ($1, $2, 'Walk test provider', 'Leeds', ARRAY['Panel Cleaning'], $3, $4, $4) RETURNING id::text AS id, slug`,
    [`walk-${randomUUID().slice(0, 8)}`, name, ownerId, ownerId !== null],
  );
  return row!;
}


/** Private records of user A (another user may not see or change them), created through the API where it exists. */
export interface PrivateWorld {
  a: Actor;
  b: Actor;
  admin: Actor;
  providerA: { id: string; slug: string };
  mediaA: string;
  claimA: string;
  unclaimed: { id: string; slug: string };
  quoteA: string;
  attachmentA: string;
  privateTenderA: string;
  /** On A's private tender: a document, Carol's response with an attachment, Carol's question (issue 18). */
  tenderDocumentA: string;
  tenderResponseA: string;
  tenderAttachmentA: string;
  tenderQuestionA: string;
  /** The clarification log's entry of that question (issue 27 part C, decision 0524). */
  tenderLogEntryA: string;
  /** A's API key (decision 0492): its id, and the key itself. */
  apiKeyA: { id: string; secret: string };
  /** A's saved search of the tender board (issue 30). */
  savedSearchA: string;
  /** Issue 31: an accreditation of A's provider with private evidence, and a review of A's provider by Carol. */
  accreditationA: string;
  reviewOfA: string;
  /** Strings that must never appear in anything B is shown. */
  secrets: string[];
}

export async function privateWorld(t: TestApp): Promise<PrivateWorld> {
  const a = await actor(t, 'alice');
  const b = await actor(t, 'bob');
  const c = await actor(t, 'carol');
  const admin = await actor(t, 'admin', { admin: true });
  const providerA = await insertProviderRow(t, 'Alice Solar Services', a.user.id);
  const providerC = await insertProviderRow(t, 'Carol Commissioning', c.user.id);
  const unclaimed = await insertProviderRow(t, 'Unclaimed Farm Services', null);

  const media = multipart([{ field: 'files', filename: 'site.png', bytes: await png(24, 24), type: 'image/png' }]);
  const up = await t.app.inject({ method: 'POST', url: `/api/providers/${providerA.id}/media`, payload: media.payload, headers: { ...media.headers, cookie: a.cookie } });
  if (up.statusCode >= 300) throw new Error(`media upload: ${up.statusCode} ${up.body}`);
  const [mediaRow] = await t.ctx.database.query<{ id: string }>('SELECT id::text AS id FROM provider_media_files WHERE provider_id = $1', [providerA.id]);

  const claim = await t.app.inject({
    method: 'POST',
    url: `/api/providers/${unclaimed.id}/claim`,
    payload: { companyRole: 'Director', message: 'alice-private-claim-message' },
    headers: { cookie: a.cookie },
  });
  if (claim.statusCode !== 201) throw new Error(`claim: ${claim.statusCode} ${claim.body}`);

  const parts: Part[] = [
    ...fields({
      service: 'Panel Cleaning',
      location: 'Bristol, City of Bristol',
      timePreference: '2weeks',
      description: 'alice-private-quote-description for 12,000 panels.',
      name: 'Alice Walker',
      email: 'alice.quote@walk.example.com',
      phone: '+44 117 496 0123',
      providerId: providerC.id,
      requiresNDA: 'true',
    }),
    { field: 'nda', filename: 'alice-nda.pdf', bytes: pdf('alice-nda'), type: 'application/pdf' },
  ];
  const body = multipart(parts);
  const quote = await t.app.inject({ method: 'POST', url: '/api/quotes', payload: body.payload, headers: { ...body.headers, cookie: a.cookie } });
  if (quote.statusCode !== 201) throw new Error(`quote: ${quote.statusCode} ${quote.body}`);
  const quoteData = quote.json().data;

  const tender = await insertTender(
    t.ctx.database.db,
    { source: 'Solar Manager', type: 'private', title: 'alice-private-tender', description: 'alice-private-tender-text', userId: a.user.id },
    [providerC.id],
  );
  const asA = { cookie: a.cookie };
  const asC = { cookie: c.cookie };
  const doc = multipart([{ field: 'files', filename: 'alice-brief.pdf', bytes: pdf('alice-private-tender-document'), type: 'application/pdf' }]);
  const docRes = await t.app.inject({ method: 'POST', url: `/api/tenders/${tender}/documents`, payload: doc.payload, headers: { ...doc.headers, ...asA } });
  if (docRes.statusCode !== 201) throw new Error(`tender document: ${docRes.statusCode} ${docRes.body}`);
  const response = await t.app.inject({
    method: 'PUT',
    url: `/api/tenders/${tender}/my-responses`,
    payload: { message: 'carol-private-response to alice', priceMinimum: 9000, priceMaximum: 9500, leadTimeDays: 7 },
    headers: asC,
  });
  if (response.statusCode !== 200) throw new Error(`tender response: ${response.statusCode} ${response.body}`);
  const responseId = response.json().data.id;
  const att = multipart([{ field: 'files', filename: 'carol-method.pdf', bytes: pdf('carol-private-method'), type: 'application/pdf' }]);
  const attRes = await t.app.inject({ method: 'POST', url: `/api/tenders/${tender}/responses/${responseId}/attachments`, payload: att.payload, headers: { ...att.headers, ...asC } });
  if (attRes.statusCode !== 201) throw new Error(`tender attachment: ${attRes.statusCode} ${attRes.body}`);
  const question = await t.app.inject({ method: 'POST', url: `/api/tenders/${tender}/questions`, payload: { question: 'carol-private-question about access?' }, headers: asC });
  if (question.statusCode !== 201) throw new Error(`tender question: ${question.statusCode} ${question.body}`);
  const search = await t.app.inject({
    method: 'POST',
    url: '/api/saved-searches',
    payload: { kind: 'tenders', name: 'alice-private-search', criteria: { keywords: 'alice private keywords' }, frequency: 'daily' },
    headers: asA,
  });
  if (search.statusCode !== 201) throw new Error(`saved search: ${search.statusCode} ${search.body}`);

  const key = await t.app.inject({ method: 'POST', url: '/api/api-keys', payload: { name: 'alice-private-key-name' }, headers: asA });
  if (key.statusCode !== 201) throw new Error(`api key: ${key.statusCode} ${key.body}`);
  const apiKeyA = { id: key.json().data.id as string, secret: key.json().secret as string };
  const evidence = multipart([
    ...fields({ scheme: 'mcs-solar-pv', number: 'MCS-ALICE-1', scope: 'Solar PV' }),
    { field: 'evidence', filename: 'alice-mcs-evidence.pdf', bytes: pdf('alice-mcs-evidence'), type: 'application/pdf' },
  ]);
  const accreditation = await t.app.inject({ method: 'POST', url: `/api/providers/${providerA.id}/accreditations`, payload: evidence.payload, headers: { ...evidence.headers, ...asA } });
  if (accreditation.statusCode !== 201) throw new Error(`accreditation: ${accreditation.statusCode} ${accreditation.body}`);
  // Carol's completed work with A's provider (a replied quote A marked completed), then her review.
  const [work] = await t.ctx.database.query<{ id: string }>(
    `INSERT INTO quotes (provider_id, sender_id, contact_name, contact_email, contact_phone, routed_to, status, reply_message, replied_at)
     VALUES ($1, $2, 'Carol', 'carol@walk.example.com', '0117 496 0000', 'provider', 'responded', 'ok', now()) RETURNING id::text AS id`,
    [providerA.id, c.user.id],
  );
  const completed = await t.app.inject({ method: 'POST', url: `/api/quotes/${work!.id}/complete`, headers: asA });
  if (completed.statusCode !== 200) throw new Error(`complete quote: ${completed.statusCode} ${completed.body}`);
  const review = await t.app.inject({
    method: 'POST',
    url: '/api/reviews',
    payload: { workKind: 'quote', workId: work!.id, quality: 4, value: 4, reliability: 5, body: 'carol reviews alice: good work overall.' },
    headers: asC,
  });
  if (review.statusCode !== 201) throw new Error(`review: ${review.statusCode} ${review.body}`);

  return {
    a,
    b,
    admin,
    apiKeyA,
    providerA,
    accreditationA: accreditation.json().data.id,
    reviewOfA: review.json().data.id,
    mediaA: mediaRow!.id,
    claimA: claim.json().data.id,
    unclaimed,
    quoteA: quoteData.id,
    attachmentA: quoteData.attachments[0].id,
    privateTenderA: tender,
    tenderDocumentA: docRes.json().data[0].id,
    tenderResponseA: responseId,
    tenderAttachmentA: attRes.json().data[0].id,
    tenderQuestionA: question.json().data.id,
    tenderLogEntryA: (await t.ctx.database.query<{ id: string }>('SELECT id::text AS id FROM tender_log_entries WHERE question_id = $1', [question.json().data.id]))[0]!.id,
    savedSearchA: search.json().data.id,
    secrets: [apiKeyA.secret, 'alice-private-key-name', 'alice-private-search', 'alice private keywords', 'alice-mcs-evidence.pdf', 'alice-brief.pdf', 'carol-private-response', 'carol-method.pdf', 'carol-private-question', responseId, 'alice-private-claim-message', 'alice-private-quote-description', 'alice.quote@walk.example.com', 'alice-private-tender', a.email, quoteData.id, claim.json().data.id, tender],
  };
}

/** Valid JSON bodies per route, so a refusal is about who asks and not about the input. */
export const SAMPLE_BODIES: Record<string, object> = {
  updateProvider: { description: 'bob was here' },
  updateProviderPlace: { location: 'York' },
  replyToQuote: { status: 'declined', replyMessage: '' },
  contactTenderOwner: { message: 'Hello from Bob, please share more.' },
  updateTender: { title: 'bob was here' },
  extendTender: { closingDate: '2027-06-01T00:00:00.000Z' },
  closeTenderEarly: { reason: 'bob closes this tender early' },
  setTenderIntent: { intent: 'declined', reason: 'bob declines this tender' },
  cancelTender: { reason: 'bob cancels this tender' },
  awardTender: { responseId: '00000000-0000-4000-8000-000000000000' },
  submitTenderResponse: { message: 'bob responds to this', priceMinimum: 1, priceMaximum: 2, leadTimeDays: 1 },
  shortlistTenderResponse: { shortlisted: true },
  requestTenderClarification: { message: 'bob asks for clarity' },
  askTenderQuestion: { question: 'bob asks a question here?' },
  answerTenderQuestion: { answer: 'bob answers' },
  publishTenderClarification: { message: 'bob publishes to all' },
  replyTenderClarification: { message: 'bob replies here', publish: true, confirmedMessages: 1 },
  inviteTenderEmails: { emails: ['bob-friend@walk.example.com'] },
  acceptTenderInvitation: { token: 'bob-guesses-a-token-of-forty-three-chars-x' },
  declineTenderInvitation: { token: 'bob-guesses-a-token-of-forty-three-chars-x', reason: 'bob declines for someone else' },
  createSavedSearch: { kind: 'providers', name: 'bob saves a search', criteria: {}, frequency: 'daily' },
  updateSavedSearch: { kind: 'tenders', name: 'bob was here', paused: true },
  markNotificationsRead: { all: true },
  updateAdminUserSuspension: { suspended: true },
  updateProviderCompany: { companyNumber: '01234567' },
  replyToReview: { reply: 'bob replies for alice' },
  flagReview: { reason: 'bob flags it' },
  createReview: { workKind: 'quote', workId: '00000000-0000-4000-8000-000000000000', quality: 5, value: 5, reliability: 5, body: 'bob reviews without any work done' },
  verifyAccreditation: { decision: 'verify' },
  moderateReview: { action: 'remove', reason: 'bob removes' },
  decideSupplierMatch: { tenderId: '00000000-0000-4000-8000-000000000000', supplierName: 'x', providerId: '00000000-0000-4000-8000-000000000000', decision: 'confirm' },
  createSupplierProfile: { tenderId: '00000000-0000-4000-8000-000000000000', supplierName: 'x' },
  updateTenderCriteria: { criteria: [{ name: 'bob criterion', weight: 100 }] },
  inviteTenderEvaluator: { email: 'bob-colleague@walk.example.com' },
  declareTenderInterest: { decision: 'no-conflict', statementAccepted: true },
  scoreTenderResponse: { scores: [{ criterionId: '00000000-0000-4000-8000-000000000000', score: 5 }] },
  updateTenderPricingSchedule: { items: [{ description: 'bob line', quantity: 1, unit: 'each' }] },
  submitTenderResponsePrices: { prices: [] },
};

/**
 * Row count and checksum of every table, plus the stored files: equal before and after a refusal.
 * Rate-limit counters are left out: counting a request is not a write the request made (on
 * PostgreSQL the counters live in `rate_limit_windows`, decision 0381; on PGlite in memory).
 */
export async function databaseState(t: TestApp): Promise<Record<string, string>> {
  // The outbox worker delivers mail in the background (decision 0470): let it finish what an earlier
  // request queued, so its bookkeeping is not read as this request's write.
  await t.ctx.mailer.idle();
  const tables = await t.ctx.database.query<{ name: string }>(
    `SELECT quote_ident(table_name) AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'rate_limit_windows' ORDER BY table_name`,
  );
  const union = tables
    .map((r) => `SELECT '${r.name.replace(/'/g, "''")}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(md5(x::text), '' ORDER BY md5(x::text))), '') AS state FROM ${r.name} x`)
    .join(' UNION ALL ');
  const rows = await t.ctx.database.query<{ name: string; state: string }>(union);
  const state = Object.fromEntries(rows.map((r) => [r.name, r.state]));
  state['(files)'] = listFiles(path.join(t.ctx.env.DATA_DIR, 'uploads')).join(',');
  return state;
}

function listFiles(dir: string): string[] {
  let out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(listFiles(full));
    else out.push(`${full}:${statSync(full).size}`);
  }
  return out.sort();
}

/** Concrete URL for a contract path, filling each :param from the map (a fixed unknown uuid otherwise). */
export function fillPath(pathTemplate: string, values: Record<string, string> = {}) {
  return pathTemplate.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(values[name] ?? '00000000-0000-0000-0000-000000000000'));
}

/** Which of A's records a path's parameters point at, by path prefix. */
export const OWNED = (w: PrivateWorld): Array<[string, Record<string, string>]> => [
  ['/api/providers/', { id: w.providerA.id, fileId: w.mediaA, userId: w.a.user.id, accreditationId: w.accreditationA }],
  ['/api/reviews/', { id: w.reviewOfA }],
  ['/api/quotes/', { id: w.quoteA, attachmentId: w.attachmentA }],
  ['/api/api-keys/', { id: w.apiKeyA.id }],
  ['/api/saved-searches/', { id: w.savedSearchA }],
  [
    '/api/tenders/',
    {
      id: w.privateTenderA,
      kind: 'saved',
      documentId: w.tenderDocumentA,
      responseId: w.tenderResponseA,
      attachmentId: w.tenderAttachmentA,
      questionId: w.tenderQuestionA,
      entryId: w.tenderLogEntryA,
      file: 'audit-log.csv',
    },
  ],
];
