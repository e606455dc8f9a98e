import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { InjectOptions } from 'fastify';
import { AwsV4Signer } from 'aws4fetch';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage, type S3Config } from '../src/platform/storage';
import { createTestApp, signedInUser, type SignedInUser, type TestApp } from './harness';
import { insertProvider } from './fixtures/providers';
import { fields, multipart } from './fixtures/multipart';
import { pdf, png } from './fixtures/files';

const bytesOf = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Uploads in an S3-compatible bucket (decision 0382), against s3rver on 127.0.0.1: the storage
 * contract, and the app with STORAGE_URL set serving both classes only through its own routes.
 */
describe('S3-compatible storage', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solar-s3-'));
  let server: S3rver;
  let config: S3Config;

  beforeAll(async () => {
    server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: 'solar-test' }] });
    const { port } = await server.run();
    // s3rver knows one key pair (its documented default) and refuses any other access key id.
    config = { storageUrl: 's3://solar-test/uploads', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores under server-generated keys, keeps the classes apart and deletes', async () => {
    const storage = createS3Storage(config);
    const bytes = Buffer.from('%PDF-1.4 private words');
    const file = await storage.put('private', bytes, 'pdf');
    expect(file).toEqual({ key: expect.stringMatching(/^[0-9a-f-]{36}\.pdf$/), size: bytes.length });
    expect(await storage.open('public', file.key)).toBeNull();
    const opened = await storage.open('private', file.key);
    expect(opened?.size).toBe(bytes.length);
    expect(await bytesOf(opened!.stream)).toEqual(bytes);
    expect(await storage.open('private', '../../etc/passwd')).toBeNull();
    await expect(storage.put('public', Buffer.from('x'), '../sh')).rejects.toThrow();
    await storage.delete('private', file.key);
    expect(await storage.open('private', file.key)).toBeNull();
    await storage.delete('private', file.key); // deleting twice is not an error
    expect(storage.publicUrl(file.key)).toBe(`/uploads/${file.key}`);
  });

  it('fails loudly with credentials the server does not know instead of pretending to store', async () => {
    const storage = createS3Storage({ ...config, accessKeyId: 'NOBODY' });
    await expect(storage.put('public', Buffer.from('x'), 'png')).rejects.toThrow(/S3 PUT answered 403/);
  });

  it("signs exactly as AWS's published SigV4 example (s3rver does not check v4 signatures)", async () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: PUT Object".
    const signed = await new AwsV4Signer({
      url: 'https://examplebucket.s3.amazonaws.com/test$file.text',
      method: 'PUT',
      body: 'Welcome to Amazon S3.',
      headers: {
        date: 'Fri, 24 May 2013 00:00:00 GMT',
        'x-amz-storage-class': 'REDUCED_REDUNDANCY',
        'x-amz-content-sha256': '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
      },
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      service: 's3',
      region: 'us-east-1',
      datetime: '20130524T000000Z',
    }).sign();
    expect(signed.headers.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, ' +
        'Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
    );
  });

  describe('the app with STORAGE_URL', () => {
    let t: TestApp;
    let owner: SignedInUser;
    let providerId: string;
    const answers: string[] = [];
    const inject = async (options: InjectOptions | string) => {
      const res = await t.app.inject(options);
      answers.push(res.body);
      return res;
    };

    beforeAll(async () => {
      t = await createTestApp({
        build: { serveWeb: true },
        env: {
          STORAGE_URL: config.storageUrl,
          S3_ENDPOINT: config.endpoint,
          S3_REGION: config.region,
          S3_ACCESS_KEY_ID: config.accessKeyId,
          S3_SECRET_ACCESS_KEY: config.secretAccessKey,
        },
      });
      owner = await signedInUser(t, { name: 'Sam Storage' });
      providerId = (await insertProvider(t, { businessName: 'Bucket Solar', userId: owner.user.id, claimed: true, claimApproved: true })).id;
    });
    afterAll(() => t.close());

    it('keeps a logo in the bucket, serves it at /uploads and deletes it when cleared', async () => {
      const logo = await png();
      const body = multipart([{ field: 'logo', filename: 'logo.png', bytes: logo }]);
      const res = await inject({ method: 'POST', url: `/api/providers/${providerId}/logo`, remoteAddress: '10.16.0.1', payload: body.payload, headers: { ...body.headers, cookie: owner.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      const url = res.json().logoUrl as string;
      expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
      const key = url.slice('/uploads/'.length);
      expect(existsSync(path.join(t.ctx.env.DATA_DIR, 'uploads'))).toBe(false); // nothing on local disk
      expect(await t.ctx.storage.open('public', key)).not.toBeNull();
      const served = await inject({ url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBeGreaterThan(0);
      expect((await inject({ url: `/api/providers/${providerId}` })).json().logo).toBe(url);

      expect((await inject({ method: 'PATCH', url: `/api/providers/${providerId}`, payload: { logo: '' }, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
      expect(await t.ctx.storage.open('public', key)).toBeNull();
      expect((await inject({ url })).statusCode).toBe(404);
    });

    it('serves a private attachment only through the authorised route, never by a bucket address', async () => {
      const sender = await signedInUser(t, { name: 'Quinn Quoter' });
      const nda = pdf('bucket-nda');
      const body = multipart([
        ...fields({ providerId, name: 'Quinn Quoter', email: 'quinn@example.com', phone: '+44 113 496 0000', description: 'Please quote for cleaning', requiresNDA: 'true' }),
        { field: 'nda', filename: 'nda.pdf', bytes: nda, type: 'application/pdf' },
      ]);
      const sent = await inject({ method: 'POST', url: '/api/quotes', remoteAddress: '10.16.0.2', payload: body.payload, headers: { ...body.headers, cookie: sender.cookie } });
      expect(sent.statusCode, sent.body).toBe(201);
      const attachmentUrl = sent.json().data.attachments[0].url as string;
      expect(attachmentUrl.startsWith('/api/')).toBe(true);

      const stranger = await signedInUser(t, { name: 'Stranger' });
      expect((await inject({ url: attachmentUrl })).statusCode).toBe(401);
      expect([403, 404]).toContain((await inject({ url: attachmentUrl, headers: { cookie: stranger.cookie } })).statusCode);
      const mine = await inject({ url: attachmentUrl, headers: { cookie: sender.cookie } });
      expect(mine.statusCode).toBe(200);
      expect(mine.rawPayload).toEqual(nda);
      // A private key is not served at the public address either.
      const [row] = await t.ctx.database.query<{ storage_key: string }>('SELECT storage_key FROM quote_attachments LIMIT 1');
      expect((await inject({ url: `/uploads/${row!.storage_key}` })).statusCode).toBe(404);

      // No answer of the app ever named the bucket or its endpoint.
      const host = new URL(config.endpoint).host;
      expect(answers.filter((a) => a.includes(host) || a.includes('solar-test'))).toEqual([]);
    });
  });
});
