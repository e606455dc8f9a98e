import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../../../../test/harness';
import { bigPng, gif, jpeg, pdf, png } from '../../../../test/fixtures/files';
import { insertProvider } from '../../../../test/fixtures/providers';
import { multipart } from '../../../../test/fixtures/multipart';

describe.each(databaseKinds)('provider uploads and media on %s (docs/product/providers.md#uploads)', (kind) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInUser>>;
  let other: Awaited<ReturnType<typeof signedInUser>>;
  let providerId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, build: { serveWeb: true } });
    owner = await signedInUser(t);
    other = await signedInUser(t);
    providerId = (
      await insertProvider(t, { businessName: 'Upload Co', userId: owner.user.id, claimed: true, claimApproved: true })
    ).id;
  });
  afterAll(() => t.close());

  const storedFiles = () => {
    try {
      return readdirSync(path.join(t.ctx.env.DATA_DIR, 'uploads', 'public')).sort();
    } catch {
      return [];
    }
  };
  const upload = (url: string, cookie: string | undefined, files: Parameters<typeof multipart>[0]) => {
    const body = multipart(files);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  };

  it('stores a re-encoded logo (metadata stripped) and serves it with nosniff', async () => {
    const res = await upload(`/api/providers/${providerId}/logo`, owner.cookie, [
      { field: 'logo', filename: 'logo.jpg', bytes: await jpeg() },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { logoUrl, message } = res.json();
    expect(message).toBe(M.logoUploaded);
    expect(logoUrl).toMatch(/^\/uploads\/[0-9a-f-]{36}\.jpg$/);
    const served = await t.app.inject(logoUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes(Buffer.from('secret-exif-marker'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    expect((await t.app.inject(`/api/providers/${providerId}`)).json().logo).toBe(logoUrl);
  });

  it('replacing the logo removes the old file', async () => {
    const before = storedFiles();
    const res = await upload(`/api/providers/${providerId}/logo`, owner.cookie, [
      { field: 'logo', filename: 'l.png', bytes: await png() },
    ]);
    expect(res.statusCode).toBe(200);
    expect(storedFiles()).toHaveLength(before.length);
  });

  it.each([
    ['a GIF logo', 'logo', async () => gif(), 415, M.logoType],
    [
      'a text file named .png',
      'logo',
      async () => Buffer.from('<html><script>alert(1)</script></html>'),
      415,
      M.logoType,
    ],
    ['a logo over 2 MB', 'logo', async () => bigPng(2 * 1024 * 1024 + 10), 413, M.logoSize],
  ] as const)(
    'refuses %s with the spec message and leaves nothing behind',
    async (_label, field, bytes, status, message) => {
      const before = storedFiles();
      const res = await upload(`/api/providers/${providerId}/logo`, owner.cookie, [
        { field, filename: 'x.png', bytes: await bytes(), type: 'image/png' },
      ]);
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBe(message);
      expect(storedFiles()).toEqual(before);
    },
  );

  it('accepts a GIF cover; refuses one over 5 MB with the spec message', async () => {
    const ok = await upload(`/api/providers/${providerId}/cover-image`, owner.cookie, [
      { field: 'coverImage', filename: 'c.gif', bytes: await gif() },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().imageUrl).toMatch(/\.gif$/);
    const before = storedFiles();
    const big = await upload(`/api/providers/${providerId}/cover-image`, owner.cookie, [
      { field: 'coverImage', filename: 'c.png', bytes: bigPng(5 * 1024 * 1024 + 10) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(M.coverSize);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses uploads from a visitor (401) and another user (403) without storing anything', async () => {
    const before = storedFiles();
    const file = [{ field: 'logo', filename: 'l.png', bytes: await png() }];
    expect((await upload(`/api/providers/${providerId}/logo`, undefined, file)).statusCode).toBe(401);
    expect((await upload(`/api/providers/${providerId}/logo`, other.cookie, file)).statusCode).toBe(403);
    expect(
      (
        await upload(`/api/providers/${providerId}/media`, other.cookie, [
          { field: 'files', filename: 'a.png', bytes: await png() },
        ])
      ).statusCode,
    ).toBe(403);
    expect(storedFiles()).toEqual(before);
  });

  it('media: images get thumbnails, PDFs are kept, all-or-nothing on a bad file', async () => {
    const before = storedFiles();
    const bad = await upload(`/api/providers/${providerId}/media`, owner.cookie, [
      { field: 'files', filename: 'a.png', bytes: await png() },
      {
        field: 'files',
        filename: 'evil.svg',
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      },
    ]);
    expect(bad.statusCode).toBe(415);
    expect(storedFiles()).toEqual(before);

    const res = await upload(`/api/providers/${providerId}/media`, owner.cookie, [
      { field: 'files', filename: 'site photo.png', bytes: await png(600, 400) },
      { field: 'files', filename: 'brochure.pdf', bytes: pdf() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe(M.filesUploaded);
    expect(data).toEqual([
      expect.objectContaining({
        title: 'site photo.png',
        type: 'image',
        thumbnailUrl: expect.stringMatching(/^\/uploads\//),
      }),
      expect.objectContaining({ title: 'brochure.pdf', type: 'document', thumbnailUrl: null }),
    ]);
    const pdfServed = await t.app.inject(data[1].url);
    expect(pdfServed.headers['content-disposition']).toMatch(/attachment/);
    const profile = (await t.app.inject(`/api/providers/${providerId}`)).json();
    expect(profile.mediaFiles).toHaveLength(2);

    // Delete: others refused, owner succeeds and the files go.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/providers/${providerId}/media/${data[0].id}`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/providers/${providerId}/media/${data[0].id}`,
      headers: { cookie: owner.cookie },
    });
    expect(del.json()).toEqual({ success: true, message: M.fileDeleted });
    expect((await t.app.inject(data[0].url)).statusCode).toBe(404);
    expect((await t.app.inject(data[0].thumbnailUrl)).statusCode).toBe(404);
  });

  it('media over 5 MB is 413 with a message; an empty upload is 400', async () => {
    const big = await upload(`/api/providers/${providerId}/media`, owner.cookie, [
      { field: 'files', filename: 'big.png', bytes: bigPng(5 * 1024 * 1024 + 1) },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(M.mediaSize);
    const none = await upload(`/api/providers/${providerId}/media`, owner.cookie, []);
    expect(none.statusCode).toBe(400);
  });
});
