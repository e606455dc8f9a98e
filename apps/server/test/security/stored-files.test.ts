import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { readMigrations } from '../../src/db/migrate';
import { fixedClock } from '../../src/platform/clock';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from '../harness';
import { insertProvider } from '../fixtures/providers';
import { multipart, fields } from '../fixtures/multipart';
import { png, pdf, privateFiles } from '../fixtures/files';

/**
 * Issue 14, finding 1 (decision 0330): every stored file has an owner. A profile may only name its
 * own uploads, and clean-up (replacing or clearing a logo or cover, deleting media, deleting an
 * account) deletes only files the ownership records say the owner had.
 */
describe.each(databaseKinds)('stored files have owners on %s', (kind) => {
  const clock = fixedClock(new Date('2026-11-22T09:00:00Z'));
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let providerA: string;
  let providerB: string;
  let aliceLogo: string;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock, build: { serveWeb: true } });
    alice = await signedInUser(t, { name: 'Alice Owner' });
    bob = await signedInUser(t, { name: 'Bob Owner' });
    providerA = (await insertProvider(t, { businessName: 'Alice Arrays', userId: alice.user.id, claimed: true, claimApproved: true })).id;
    providerB = (await insertProvider(t, { businessName: 'Bob Batteries', userId: bob.user.id, claimed: true, claimApproved: true })).id;
    const res = await upload(`/api/providers/${providerA}/logo`, alice, [{ field: 'logo', filename: 'a.png', bytes: await png() }]);
    expect(res.statusCode, res.body).toBe(200);
    aliceLogo = res.json().logoUrl;
  });
  afterAll(() => t.close());

  let ip = 1;
  const upload = (url: string, who: SignedInUser, files: Parameters<typeof multipart>[0]) => {
    const body = multipart(files);
    return t.app.inject({ method: 'POST', url, remoteAddress: `10.14.1.${ip++ % 250}`, payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  };
  const patch = (who: SignedInUser, id: string, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/providers/${id}`, payload, headers: { cookie: who.cookie } });
  const publicFile = (address: string) => path.join(t.ctx.env.DATA_DIR, 'uploads', 'public', address.replace('/uploads/', ''));
  const records = (where: string, params: unknown[]) =>
    t.ctx.database.query<{ key: string; kind: string; provider_id: string | null; quote_id: string | null }>(
      `SELECT key, kind, provider_id::text, quote_id::text FROM stored_files WHERE ${where} ORDER BY key`,
      params,
    );

  it("refuses a logo or cover that names another provider's upload, so clearing it later cannot delete that file", async () => {
    const asLogo = await patch(bob, providerB, { logo: aliceLogo });
    expect(asLogo.statusCode, asLogo.body).toBe(400);
    expect(asLogo.json().message).toBe(M.logoNotOwnUpload);
    const asCover = await patch(bob, providerB, { coverImage: aliceLogo });
    expect(asCover.statusCode).toBe(400);
    expect(asCover.json().message).toBe(M.coverNotOwnUpload);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/providers',
      headers: { cookie: bob.cookie },
      payload: { businessName: 'Bob Second', description: 'A second profile of Bob.', services: ['Panel Cleaning'], location: 'Leeds', type: 'Installer', logo: aliceLogo },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(M.logoNotOwnUpload);
    // Other sites' images are not accepted either (the CSP would not show them).
    const external = await patch(bob, providerB, { logo: 'https://images.example.com/logo.png' });
    expect(external.statusCode).toBe(400);
    expect(external.json().message).toBe(M.logoNotOwnUpload);

    // The attack of the finding: name the file, then clear the field. Neither step touches it.
    expect((await patch(bob, providerB, { logo: '', coverImage: null })).statusCode).toBe(200);
    expect(existsSync(publicFile(aliceLogo))).toBe(true);
    expect((await t.app.inject(aliceLogo)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/providers/${providerA}`)).json().logo).toBe(aliceLogo);
  });

  it('lets the owner keep or clear its own logo; clearing it deletes the file and its record', async () => {
    const res = await upload(`/api/providers/${providerB}/logo`, bob, [{ field: 'logo', filename: 'b.png', bytes: await png(40, 40) }]);
    const bobLogo = res.json().logoUrl as string;
    expect(await records('key = $1', [bobLogo.slice(9)])).toEqual([{ key: bobLogo.slice(9), kind: 'logo', provider_id: providerB, quote_id: null }]);
    expect((await patch(bob, providerB, { logo: bobLogo, description: 'Unchanged logo, new words.' })).statusCode).toBe(200);
    expect(existsSync(publicFile(bobLogo))).toBe(true);
    expect((await patch(bob, providerB, { logo: '' })).statusCode).toBe(200);
    expect(existsSync(publicFile(bobLogo))).toBe(false);
    expect(await records('key = $1', [bobLogo.slice(9)])).toEqual([]);
  });

  it('deleting a media entry deletes only files the records say the profile owns', async () => {
    // A media row of Bob's that names Alice's logo (data written before ownership records existed).
    const [row] = await t.ctx.database.query<{ id: string }>(
      `INSERT INTO provider_media_files (provider_id, uploaded_by, title, type, mime_type, storage_key, size_bytes)
       VALUES ($1, $2, 'borrowed', 'image', 'image/png', $3, 10) RETURNING id::text AS id`,
      [providerB, bob.user.id, aliceLogo.slice(9)],
    );
    const res = await t.app.inject({ method: 'DELETE', url: `/api/providers/${providerB}/media/${row!.id}`, headers: { cookie: bob.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(existsSync(publicFile(aliceLogo))).toBe(true);
    expect((await t.app.inject(aliceLogo)).statusCode).toBe(200);
  });

  it('serves a public file only while it has an owner', async () => {
    const stray = await t.ctx.storage.put('public', await png(), 'png');
    expect((await t.app.inject(`/uploads/${stray.key}`)).statusCode).toBe(404);
    expect((await t.app.inject(aliceLogo)).statusCode).toBe(200);
  });

  it('serves a quote attachment only when the records say that quote owns it', async () => {
    const send = async (description: string) => {
      const body = multipart([
        ...fields({ providerId: providerA, name: 'Quinn Quoter', email: 'quinn@example.com', phone: '+44 113 496 0000', description, requiresNDA: 'true' }),
        { field: 'nda', filename: 'nda.pdf', bytes: pdf(description), type: 'application/pdf' },
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/quotes', remoteAddress: `10.14.2.${ip++ % 250}`, payload: body.payload, headers: { ...body.headers, cookie: bob.cookie } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data as { id: string; attachments: Array<{ id: string; url: string }> };
    };
    const first = await send('first request');
    const second = await send('second request');
    expect((await t.app.inject({ url: first.attachments[0]!.url, headers: { cookie: bob.cookie } })).statusCode).toBe(200);
    // Point the first quote's attachment row at the second quote's file: the record still says
    // the second quote owns it, so the first quote's route does not serve it.
    await t.ctx.database.query(
      `UPDATE quote_attachments SET storage_key = (SELECT storage_key FROM quote_attachments WHERE quote_id = $2) WHERE quote_id = $1`,
      [first.id, second.id],
    );
    expect((await t.app.inject({ url: first.attachments[0]!.url, headers: { cookie: bob.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: second.attachments[0]!.url, headers: { cookie: bob.cookie } })).statusCode).toBe(200);
  });

  it("deleting an account deletes the private files of the quotes it sent, and nobody else's", async () => {
    const leaving = await signedInUser(t, { name: 'Lee Leaving' });
    const body = multipart([
      ...fields({ providerId: providerA, name: 'Lee Leaving', email: 'lee@example.com', phone: '+44 113 496 0001', description: 'Please quote', requiresNDA: 'true' }),
      { field: 'nda', filename: 'lee-nda.pdf', bytes: pdf('lee-nda'), type: 'application/pdf' },
    ]);
    const sent = await t.app.inject({ method: 'POST', url: '/api/quotes', remoteAddress: '10.14.3.1', payload: body.payload, headers: { ...body.headers, cookie: leaving.cookie } });
    expect(sent.statusCode, sent.body).toBe(201);
    const [attachment] = await t.ctx.database.query<{ storage_key: string }>('SELECT storage_key FROM quote_attachments WHERE quote_id = $1', [sent.json().data.id]);
    const others = privateFiles(t).filter((f) => f !== attachment!.storage_key);
    expect(privateFiles(t)).toContain(attachment!.storage_key);

    const request = await t.app.inject({ method: 'POST', url: '/api/auth/request-deletion', payload: {}, headers: { cookie: leaving.cookie } });
    expect(request.statusCode, request.body).toBe(200);
    const start = clock.now();
    try {
      clock.advance(31 * 86_400_000);
      const ran = await t.ctx.jobs.runDue();
      expect(ran).toContain('process-account-deletions');
      expect(await t.ctx.database.query('SELECT 1 FROM users WHERE id = $1', [leaving.user.id])).toEqual([]);
      expect(privateFiles(t)).toEqual(others);
      expect(await records('key = $1', [attachment!.storage_key])).toEqual([]);
      expect(existsSync(publicFile(aliceLogo))).toBe(true);
    } finally {
      clock.set(start);
    }
  });

  it('every stored file on disk has a record naming its owner', async () => {
    const onDisk = (cls: string) => {
      try {
        return readdirSync(path.join(t.ctx.env.DATA_DIR, 'uploads', cls));
      } catch {
        return [];
      }
    };
    const owned = await t.ctx.database.query<{ storage_class: string; key: string }>(
      'SELECT storage_class, key FROM stored_files WHERE provider_id IS NOT NULL OR quote_id IS NOT NULL',
    );
    const ownedKeys = new Set(owned.map((r) => `${r.storage_class}/${r.key}`));
    // The stray file of the serving test is the one file nobody owns.
    const unowned = [...onDisk('public').map((k) => `public/${k}`), ...onDisk('private').map((k) => `private/${k}`)].filter((k) => !ownedKeys.has(k));
    expect(unowned).toHaveLength(1);
  });
});

describe.each(databaseKinds)('migration 0015 backfills the owners of existing files on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());

  it('records media, thumbnails, logos, covers and quote attachments with their owners; a key two profiles name goes to the older', async () => {
    const key = (ext = 'png') => `${randomUUID()}.${ext}`;
    const keys = { media: key('pdf'), thumb: key(), logo: key(), cover: key(), shared: key(), attachment: key('pdf') };
    const owner = await signedInUser(t, { name: 'Legacy Owner' });
    const older = await insertProvider(t, { businessName: 'Legacy Older', userId: owner.user.id, logo: `/uploads/${keys.logo}`, coverImage: `/uploads/${keys.shared}` });
    await t.ctx.database.query("UPDATE providers SET created_at = now() - interval '1 year' WHERE id = $1", [older.id]);
    const newer = await insertProvider(t, { businessName: 'Legacy Newer', logo: `/uploads/${keys.shared}`, coverImage: `/uploads/${keys.cover}` });
    await insertProvider(t, { businessName: 'Legacy External', logo: 'https://images.example.com/logo.png' });
    await t.ctx.database.query(
      `INSERT INTO provider_media_files (provider_id, uploaded_by, title, type, mime_type, storage_key, thumbnail_key, size_bytes)
       VALUES ($1, $2, 'brochure', 'document', 'application/pdf', $3, $4, 1234)`,
      [newer.id, owner.user.id, keys.media, keys.thumb],
    );
    const [quote] = await t.ctx.database.query<{ id: string }>(
      `INSERT INTO quotes (provider_id, sender_id, contact_name, contact_email, contact_phone, routed_to)
       VALUES ($1, $2, 'Legacy Sender', 'legacy@example.com', '+44 113 496 0002', 'provider') RETURNING id::text AS id`,
      [older.id, owner.user.id],
    );
    await t.ctx.database.query(
      `INSERT INTO quote_attachments (quote_id, kind, filename, mime_type, storage_key, size_bytes) VALUES ($1, 'nda', 'nda.pdf', 'application/pdf', $2, 4321)`,
      [quote!.id, keys.attachment],
    );

    // The state before migration 0015, then the migration as shipped.
    await t.ctx.database.exec('DROP TABLE stored_files');
    await t.ctx.database.exec(readMigrations().find((m) => m.name === '0015_stored_files.sql')!.sql);

    const rows = await t.ctx.database.query<Record<string, unknown>>(
      `SELECT storage_class, key, kind, provider_id::text, quote_id::text, uploaded_by::text, size_bytes::int FROM stored_files ORDER BY kind, key`,
    );
    const row = (k: string) => rows.find((r) => r.key === k);
    expect(rows).toHaveLength(6);
    expect(row(keys.media)).toMatchObject({ storage_class: 'public', kind: 'media', provider_id: newer.id, uploaded_by: owner.user.id, size_bytes: 1234 });
    expect(row(keys.thumb)).toMatchObject({ kind: 'media-thumbnail', provider_id: newer.id, size_bytes: 0 });
    expect(row(keys.logo)).toMatchObject({ kind: 'logo', provider_id: older.id, uploaded_by: owner.user.id });
    expect(row(keys.cover)).toMatchObject({ kind: 'cover', provider_id: newer.id });
    expect(row(keys.shared)).toMatchObject({ kind: 'cover', provider_id: older.id });
    expect(row(keys.attachment)).toMatchObject({ storage_class: 'private', kind: 'quote-attachment', quote_id: quote!.id, provider_id: null, uploaded_by: owner.user.id, size_bytes: 4321 });
  });
});
