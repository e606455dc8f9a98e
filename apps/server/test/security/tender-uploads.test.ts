import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { insertTender } from '../../src/features/tenders/tenders.repository';
import { fixedClock } from '../../src/platform/clock';
import { createTestApp, databaseKinds, type TestApp } from '../harness';
import { privateFiles } from '../fixtures/files';
import { multipart } from '../fixtures/multipart';
import { actor, insertProviderRow, type Actor } from './fixtures';

const NOW = new Date('2026-11-22T09:00:00Z');
const HOUR = 3_600_000;
/** A PDF big enough that its upload is read in several chunks. */
const bigPdf = Buffer.concat([Buffer.from('%PDF-1.4\n%'), Buffer.alloc(400_000, 0x41), Buffer.from('\n%%EOF\n')]);

/**
 * Issue 25 findings 4 and 8: an upload is let in on the tender's state before its body is read,
 * and judged again on the state it lands in. A slow upload whose tender closed, was awarded or
 * cancelled, or whose response was withdrawn, while its body was on the way is refused with the
 * usual message (never a 500), and nothing it carried is kept: no row, no file.
 */
describe.each(databaseKinds)('uploads that outlive the state they began in, on %s', (kind) => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let owner: Actor;
  let responder: Actor;
  let providerId: string;

  const call = (who: Actor, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as HTTPMethods, url, headers: { cookie: who.cookie }, ...(payload && { payload }) });

  /**
   * Starts an upload, sends half its body, waits until the server is reading it (so the check made
   * before the body has passed), runs `meanwhile`, then sends the rest.
   */
  async function slowUpload(who: Actor, url: string, meanwhile: () => Promise<unknown>) {
    const body = multipart([{ field: 'files', filename: 'method.pdf', bytes: bigPdf, type: 'application/pdf' }]);
    const stream = new PassThrough({ highWaterMark: 1024 });
    const half = Math.floor(body.payload.length / 2);
    const done = t.app.inject({ method: 'POST', url, payload: stream, headers: { ...body.headers, cookie: who.cookie } });
    stream.write(body.payload.subarray(0, half));
    for (let i = 0; stream.readableLength > 0; i++) {
      if (i > 500) throw new Error('the server never started reading the upload');
      await new Promise((r) => setTimeout(r, 10));
    }
    await meanwhile();
    stream.end(body.payload.subarray(half));
    return done;
  }

  async function openTender(title: string) {
    const id = await insertTender(t.ctx.database.db, {
      source: 'Solar Manager', type: 'open', service: 'Panel Cleaning', title, description: title, userId: owner.user.id,
      publishedDate: clock.now(), closingDate: new Date(clock.now().getTime() + HOUR), createdAt: clock.now(),
    }, []);
    const res = await call(responder, 'PUT', `/api/tenders/${id}/my-responses`, { providerId, message: 'We will do it well.', priceMinimum: 100, priceMaximum: 100, leadTimeDays: 2 });
    expect(res.statusCode, res.body).toBe(200);
    return { id, responseId: res.json().data.id as string };
  }
  const attachmentRows = async (responseId: string) =>
    Number((await t.ctx.database.query<{ n: string }>('SELECT count(*) AS n FROM tender_response_attachments WHERE response_id = $1', [responseId]))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
    owner = await actor(t, 'upload-owner');
    responder = await actor(t, 'upload-responder');
    providerId = (await insertProviderRow(t, 'Slow Upload Solar', responder.user.id)).id;
  });
  afterAll(() => t.close());

  it('keeps an attachment that lands while the tender is open (the slow path works)', async () => {
    const { id, responseId } = await openTender('slow-but-in-time');
    const res = await slowUpload(responder, `/api/tenders/${id}/responses/${responseId}/attachments`, async () => undefined);
    expect(res.statusCode, res.body).toBe(201);
    expect(await attachmentRows(responseId)).toBe(1);
  });

  it('refuses an attachment whose tender closed while it was uploading, and keeps nothing of it', async () => {
    const { id, responseId } = await openTender('closes-mid-upload');
    const files = privateFiles(t);
    const res = await slowUpload(responder, `/api/tenders/${id}/responses/${responseId}/attachments`, async () => clock.set(new Date(clock.now().getTime() + 2 * HOUR)));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(M.responseClosed);
    expect(await attachmentRows(responseId)).toBe(0);
    expect(privateFiles(t)).toEqual(files);
  });

  it('refuses an attachment whose tender was closed early (and awarded) while it was uploading', async () => {
    const { id, responseId } = await openTender('awarded-mid-upload');
    const files = privateFiles(t);
    const res = await slowUpload(responder, `/api/tenders/${id}/responses/${responseId}/attachments`, async () => {
      expect((await call(owner, 'POST', `/api/tenders/${id}/close`, { reason: 'Closed early for the test of this cycle.' })).statusCode).toBe(200);
      expect((await call(owner, 'POST', `/api/tenders/${id}/award`, { responseId })).statusCode).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(await attachmentRows(responseId)).toBe(0);
    expect(privateFiles(t)).toEqual(files);
  });

  it('answers 404, not 500, for an attachment whose response was withdrawn while it was uploading', async () => {
    const { id, responseId } = await openTender('withdrawn-mid-upload');
    const files = privateFiles(t);
    const res = await slowUpload(responder, `/api/tenders/${id}/responses/${responseId}/attachments`, async () => {
      expect((await call(responder, 'DELETE', `/api/tenders/${id}/responses/${responseId}`)).statusCode).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: M.responseNotFound });
    expect(privateFiles(t)).toEqual(files);
  });

  it('refuses a document whose tender was cancelled while it was uploading', async () => {
    const { id } = await openTender('cancelled-mid-upload');
    const files = privateFiles(t);
    const res = await slowUpload(owner, `/api/tenders/${id}/documents`, async () => {
      expect((await call(owner, 'POST', `/api/tenders/${id}/cancel`, { reason: 'Cancelled during an upload.' })).statusCode).toBe(200);
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(M.notEditable);
    expect(Number((await t.ctx.database.query<{ n: string }>('SELECT count(*) AS n FROM tender_documents WHERE tender_id = $1', [id]))[0]!.n)).toBe(0);
    expect(privateFiles(t)).toEqual(files);
  });
});
