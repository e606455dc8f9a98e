import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROVIDER_MESSAGES as M,
  PROVIDER_STORAGE_QUOTA_BYTES,
  PROVIDER_UPLOAD_BUDGET,
} from '@solar/shared/constants/providers';
import { providerStoredBytes } from '../../../platform/stored-files';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from '../../../../test/harness';
import { insertProvider } from '../../../../test/fixtures/providers';
import { multipart } from '../../../../test/fixtures/multipart';
import { pdf, png } from '../../../../test/fixtures/files';

/**
 * Issue 14, finding 4 (decision 0331): a storage quota per provider, computed from the ownership
 * records, checked before anything is stored; and one upload budget per account across the
 * logo, cover and media routes.
 */
describe.each(databaseKinds)('provider storage quota and upload budget on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, build: { serveWeb: true } });
  });
  afterAll(() => t.close());

  let ip = 1;
  /** A fresh address per call, so only the per-account budget is in play. */
  const upload = (url: string, who: SignedInUser, files: Parameters<typeof multipart>[0], remoteAddress = `10.31.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`) => {
    const body = multipart(files);
    return t.app.inject({ method: 'POST', url, remoteAddress, payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  };
  const publicFiles = () => {
    try {
      return readdirSync(path.join(t.ctx.env.DATA_DIR, 'uploads', 'public')).sort();
    } catch {
      return [];
    }
  };
  const recordCount = async () => (await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM stored_files'))[0]!.n;
  const owner = async () => {
    const who = await signedInUser(t);
    const provider = await insertProvider(t, { businessName: `Quota Co ${randomUUID().slice(0, 6)}`, userId: who.user.id, claimed: true, claimApproved: true });
    return { who, id: provider.id };
  };
  /** Stands for files the provider already stores: one record of `bytes`. */
  const alreadyStored = (providerId: string, bytes: number) =>
    t.ctx.database.query(
      `INSERT INTO stored_files (storage_class, key, kind, provider_id, size_bytes) VALUES ('public', $1, 'media', $2, $3)`,
      [`${randomUUID()}.pdf`, providerId, bytes],
    );

  it('counts what a provider stores from the ownership records', async () => {
    const { who, id } = await owner();
    const res = await upload(`/api/providers/${id}/media`, who, [
      { field: 'files', filename: 'photo.png', bytes: await png(300, 200) },
      { field: 'files', filename: 'brochure.pdf', bytes: pdf() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const sizes = await t.ctx.database.query<{ total: string }>(
      'SELECT sum(size_bytes)::text AS total FROM stored_files WHERE provider_id = $1',
      [id],
    );
    expect(await providerStoredBytes(t.ctx.database.db, id)).toBe(Number(sizes[0]!.total));
    // Image, its thumbnail and the PDF.
    expect((await t.ctx.database.query('SELECT 1 FROM stored_files WHERE provider_id = $1', [id])).length).toBe(3);
  });

  it(`refuses with 413 and the quota message a file that would take the profile over ${PROVIDER_STORAGE_QUOTA_BYTES / 1024 / 1024} MB, storing nothing`, async () => {
    const { who, id } = await owner();
    await alreadyStored(id, PROVIDER_STORAGE_QUOTA_BYTES - 100);
    const files = publicFiles();
    const records = await recordCount();
    for (const [url, parts] of [
      [`/api/providers/${id}/logo`, [{ field: 'logo', filename: 'l.png', bytes: await png() }]],
      [`/api/providers/${id}/cover-image`, [{ field: 'coverImage', filename: 'c.png', bytes: await png(64, 32) }]],
      [`/api/providers/${id}/media`, [{ field: 'files', filename: 'a.pdf', bytes: pdf() }, { field: 'files', filename: 'b.png', bytes: await png() }]],
    ] as const) {
      const res = await upload(url, who, [...parts]);
      expect(res.statusCode, `${url} ${res.body}`).toBe(413);
      expect(res.json()).toEqual({ success: false, message: M.storageQuota });
    }
    expect(publicFiles()).toEqual(files);
    expect(await recordCount()).toBe(records);
    expect((await t.app.inject(`/api/providers/${id}`)).json()).toMatchObject({ logo: null, coverImage: null, mediaFiles: [] });

    // Room made (the files given up), the same upload goes through.
    await t.ctx.database.query('DELETE FROM stored_files WHERE provider_id = $1', [id]);
    expect((await upload(`/api/providers/${id}/logo`, who, [{ field: 'logo', filename: 'l.png', bytes: await png() }])).statusCode).toBe(200);
  });

  it('lets a full profile replace its logo with one no larger (the old file is given up)', async () => {
    const { who, id } = await owner();
    const logo = [{ field: 'logo', filename: 'l.png', bytes: await png(50, 50) }];
    expect((await upload(`/api/providers/${id}/logo`, who, logo)).statusCode).toBe(200);
    await alreadyStored(id, PROVIDER_STORAGE_QUOTA_BYTES - (await providerStoredBytes(t.ctx.database.db, id)));
    expect(await providerStoredBytes(t.ctx.database.db, id)).toBe(PROVIDER_STORAGE_QUOTA_BYTES);
    const again = await upload(`/api/providers/${id}/logo`, who, logo);
    expect(again.statusCode, again.body).toBe(200);
    expect(await providerStoredBytes(t.ctx.database.db, id)).toBe(PROVIDER_STORAGE_QUOTA_BYTES);
    expect((await upload(`/api/providers/${id}/media`, who, [{ field: 'files', filename: 'a.pdf', bytes: pdf() }])).statusCode).toBe(413);
  });

  it(`gives each account one budget of ${PROVIDER_UPLOAD_BUDGET.perAccountPerHour} uploads an hour across the logo, cover and media routes`, async () => {
    const { who, id } = await owner();
    const routes = [
      [`/api/providers/${id}/logo`, 'logo'],
      [`/api/providers/${id}/cover-image`, 'coverImage'],
      [`/api/providers/${id}/media`, 'files'],
    ] as const;
    // Requests without a file are refused (400) but count: the budget is on requests made.
    const statuses: number[] = [];
    for (let i = 0; i < PROVIDER_UPLOAD_BUDGET.perAccountPerHour; i++) {
      const [url] = routes[i % routes.length]!;
      statuses.push((await upload(url, who, [])).statusCode);
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    for (const [url, field] of routes) {
      const over = await upload(url, who, [{ field, filename: 'x.png', bytes: await png() }]);
      expect(over.statusCode, url).toBe(429);
      expect(over.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
    }
    // Keyed on the account, not the session: a second session of the same account shares it.
    const again = await signedInUser(t);
    await t.ctx.database.query('UPDATE sessions SET user_id = $1 WHERE user_id = $2', [who.user.id, again.user.id]);
    expect((await upload(routes[0][0], again, [])).statusCode).toBe(429);
    // Another account has its own budget.
    const other = await owner();
    expect((await upload(`/api/providers/${other.id}/logo`, other.who, [])).statusCode).toBe(400);
  });
});
