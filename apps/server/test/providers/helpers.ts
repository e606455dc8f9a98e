import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { providers, storedFiles } from '../../src/db/schema/index';
import { completenessOf, slugify } from '../../src/features/providers/providers.profile';
import type { TestApp } from '../harness';

export { signedInUser } from '../harness';

export async function insertProvider(
  t: TestApp,
  values: Partial<typeof providers.$inferInsert> & { businessName: string },
) {
  const [row] = await t.ctx.database.db
    .insert(providers)
    .values({
      slug: `${slugify(values.businessName)}-${randomUUID().slice(0, 6)}`,
      completeness: completenessOf(values),
      ...values,
    })
    .returning();
  return row!;
}

/** A multipart body with the given files (field name, file name, bytes). */
export function multipart(files: Array<{ field: string; filename: string; bytes: Buffer; type?: string }>) {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const png = (w = 32, h = 32) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
export const jpeg = (w = 32, h = 32) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#cc6633' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .jpeg()
    .toBuffer();
export const gif = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#00ff00' } })
    .gif()
    .toBuffer();
export const pdf = () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
/** A PNG signature followed by random bytes: over a limit before any decoding happens. */
export const bigPng = (bytes: number) =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes)]);

/**
 * A public file as an upload leaves it: stored, and recorded as a provider's media (only files
 * with an owner are served at /uploads; decision 0330).
 */
export async function putOwnedPublicFile(t: TestApp, bytes: Buffer, extension: string) {
  const owner = await insertProvider(t, { businessName: `File Owner ${randomUUID().slice(0, 8)}` });
  const stored = await t.ctx.storage.put('public', bytes, extension);
  await t.ctx.database.db
    .insert(storedFiles)
    .values({ storageClass: 'public', key: stored.key, kind: 'media', providerId: owner.id, sizeBytes: stored.size });
  return stored;
}
