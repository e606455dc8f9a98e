import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/platform/clock';
import { addProvider, addTender, signIn } from '../../src/features/tenders/test/helpers';
import { createTestApp, databaseKinds, type TestApp } from '../harness';
import { fields, multipart, type Part } from '../fixtures/multipart';
import { quoteRequestFields } from '../fixtures/quotes';

/**
 * Issue 25, finding 9: downloads kept any name and extension (`report.html` for a PDF/HTML
 * polyglot, bidi controls in names). Every private download now goes out under a name made from
 * its checked type, cleaned of control and format characters, as an attachment, never sniffed
 * (decision 0422). One function serves them all (`plugins/downloads.ts#sendDownload`).
 */

/** Starts with %PDF (what the type check sees), and is an HTML page to a browser that sniffs. */
const polyglot = (marker: string) =>
  Buffer.from(`%PDF-1.4\n<html><body><script>alert('${marker}')</script></body></html>\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);

const RLO_NAME = 'invoice\u202Efdp.html'; // shows as "invoicelmth.pdf" in a right-to-left aware list

describe.each(databaseKinds)('downloads on %s', (kind) => {
  let t: TestApp;
  const clock = fixedClock(new Date('2026-11-25T09:00:00Z'));
  type Who = Awaited<ReturnType<typeof signIn>>;
  let owner: Who, provider: Who, sender: Who;
  let tenderId = '';
  let providerId = '';
  let ip = 1;
  const call = (method: string, url: string, who: Who, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: method as 'GET', url, remoteAddress: `10.25.9.${(ip++ % 250) + 1}`, ...(payload !== undefined && { payload: payload as object }), headers: { ...headers, cookie: who.cookie } });
  const upload = (url: string, who: Who, parts: Part[]) => {
    const body = multipart(parts);
    return call('POST', url, who, body.payload, body.headers);
  };

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await signIn(t, { name: 'Olive Owner' });
    provider = await signIn(t, { name: 'Pat Provider', type: 'provider' });
    sender = await signIn(t, { name: 'Sam Sender' });
    providerId = await addProvider(t, { name: 'Pat Solar', services: ['Panel Cleaning'], ownerId: provider.user.id });
    tenderId = (
      await addTender(t, { title: 'Clean 5 MW at Avonmouth', userId: owner.user.id, service: 'Panel Cleaning', closingDate: new Date('2026-12-20T12:00:00Z'), publishedDate: clock.now() })
    ).toString();
  });
  afterAll(() => t.close());

  /** The download's headers say what the bytes are and never let a browser render them. */
  function expectSafeDownload(res: Awaited<ReturnType<typeof call>>, name: string) {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
  }

  it('a tender document: a PDF/HTML polyglot named report.html is listed and downloaded as report.pdf; a U+202E name loses the override', async () => {
    const docs = `/api/tenders/${tenderId}/documents`;
    const res = await upload(docs, owner, [
      { field: 'files', filename: 'report.html', bytes: polyglot('doc'), type: 'text/html' },
      { field: 'files', filename: RLO_NAME, bytes: polyglot('rlo'), type: 'application/pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const listed = (await call('GET', docs, owner)).json().data as Array<{ id: string; filename: string }>;
    expect(listed.map((d) => d.filename).sort()).toEqual(['invoicefdp.pdf', 'report.pdf']);
    for (const doc of listed) expectSafeDownload(await call('GET', `${docs}/${doc.id}`, owner), doc.filename);
  });

  it('a file stored under its old name before this rule is still downloaded under the derived one', async () => {
    const docs = `/api/tenders/${tenderId}/documents`;
    const [doc] = (await call('GET', docs, owner)).json().data as Array<{ id: string }>;
    await t.ctx.database.query('UPDATE tender_documents SET filename = $1 WHERE id = $2', ['old\u202Egpj\u200B.html', doc!.id]);
    expectSafeDownload(await call('GET', `${docs}/${doc!.id}`, owner), 'oldgpj.pdf');
  });

  it('a response attachment', async () => {
    const mine = await call('PUT', `/api/tenders/${tenderId}/my-responses`, provider, { message: 'We can clean all 30,000 modules in two visits.', priceMinimum: 1000, priceMaximum: 2000, leadTimeDays: 5 });
    expect(mine.statusCode, mine.body).toBe(200);
    const responseId = mine.json().data.id as string;
    const url = `/api/tenders/${tenderId}/responses/${responseId}/attachments`;
    const up = await upload(url, provider, [{ field: 'files', filename: RLO_NAME, bytes: polyglot('response'), type: 'text/html' }]);
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json().data[0].filename).toBe('invoicefdp.pdf');
    // Its own bidder downloads it (the owner only once responses are open, decision 0512).
    expectSafeDownload(await call('GET', `${url}/${up.json().data[0].id}`, provider), 'invoicefdp.pdf');
  });

  it('a quote attachment', async () => {
    const res = await upload('/api/quotes', sender, [
      ...fields(quoteRequestFields(providerId)),
      { field: 'nda', filename: 'report.html', bytes: polyglot('quote'), type: 'text/html' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const [attachment] = res.json().data.attachments as Array<{ id: string; filename: string }>;
    expect(attachment!.filename).toBe('report.pdf');
    expectSafeDownload(await call('GET', `/api/quotes/${res.json().data.id}/attachments/${attachment!.id}`, provider), 'report.pdf');
  });
});
