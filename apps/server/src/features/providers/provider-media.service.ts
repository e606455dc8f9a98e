import type { MediaFile } from '@solar/shared/contracts/providers';
import { UPLOAD_ADDRESS } from '@solar/shared/contracts/providers';
import {
  COVER_MAX_BYTES,
  COVER_MIME_TYPES,
  LOGO_MAX_BYTES,
  LOGO_MIME_TYPES,
  MEDIA_MAX_BYTES,
  MEDIA_MIME_TYPES,
  PROVIDER_MESSAGES as M,
  PROVIDER_STORAGE_QUOTA_BYTES,
} from '@solar/shared/constants/providers';
import type { Db } from '../../db/client';
import type { StoredFileKind, UserRow } from '../../db/rows';
import { isUuid } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import {
  providerOwnsFile,
  providerStoredBytes,
  purgeUnownedFiles,
  recordStoredFiles,
  releaseProviderFiles,
  type NewStoredFile,
} from '../../platform/stored-files';
import type { AppContext } from '../../plugins/context';
import { canEdit, requireEditableProvider, requireLocked } from './provider-access.service';
import * as media from './provider-media.repository';
import { toMediaFile } from './providers.mapper';
import { completenessOf } from './providers.profile';
import { updateProviderRow, type ProviderChanges, type ProviderRow } from './providers.repository';
import { extensionOf, reencodeImage, thumbnailOf, type CheckedFile, type UploadRule } from './providers.uploads';

type Ctx = Pick<AppContext, 'database' | 'storage' | 'log' | 'clock'>;

export const LOGO_RULE: UploadRule = {
  mimeTypes: LOGO_MIME_TYPES,
  maxBytes: LOGO_MAX_BYTES,
  typeMessage: M.logoType,
  sizeMessage: M.logoSize,
};
export const COVER_RULE: UploadRule = {
  mimeTypes: COVER_MIME_TYPES,
  maxBytes: COVER_MAX_BYTES,
  typeMessage: M.coverType,
  sizeMessage: M.coverSize,
};
export const MEDIA_RULE: UploadRule = {
  mimeTypes: MEDIA_MIME_TYPES,
  maxBytes: MEDIA_MAX_BYTES,
  typeMessage: M.mediaType,
  sizeMessage: M.mediaSize,
};

/** Which stored-file kind each image field names, and the message when it names anything else (decision 0330). */
const IMAGE_FIELDS = {
  logo: { kind: 'logo', refused: M.logoNotOwnUpload },
  coverImage: { kind: 'cover', refused: M.coverNotOwnUpload },
} as const satisfies Record<string, { kind: StoredFileKind; refused: string }>;

type ImageField = keyof typeof IMAGE_FIELDS;
const imageFields = Object.entries(IMAGE_FIELDS) as Array<[ImageField, (typeof IMAGE_FIELDS)[ImageField]]>;

/** The storage key a profile image address names, when it is one of our uploads. */
const uploadKeyOf = (address: string | null | undefined) => (address ? (UPLOAD_ADDRESS.exec(address)?.[1] ?? null) : null);

/**
 * A logo or cover may be cleared, left as it is, or set to an upload the records say this profile
 * owns as that kind: never another profile's file, which clearing it later would delete.
 */
export async function requireOwnImages(tx: Db, row: ProviderRow, changes: ProviderChanges) {
  for (const [field, rule] of imageFields) {
    const next = changes[field];
    if (next === undefined || next === null || next === row[field]) continue;
    const key = uploadKeyOf(next);
    if (!key || !(await providerOwnsFile(tx, row.id, key, [rule.kind]))) throw new AppError('BAD_REQUEST', rule.refused);
  }
}

/** Gives up the uploads a profile's logo or cover no longer names (only files it owns as that kind). */
export async function releaseReplacedImages(tx: Db, before: ProviderRow, after: ProviderRow): Promise<string[]> {
  const released: string[] = [];
  for (const [field, rule] of imageFields) {
    if (before[field] === after[field]) continue;
    released.push(...(await releaseProviderFiles(tx, before.id, [uploadKeyOf(before[field])], [rule.kind])));
  }
  return released;
}

/** Refuses (413) what would take the profile's stored files over its quota (decision 0331). */
async function requireRoom(db: Db, providerId: string, adding: number, replacing: { keys: string[]; kind: StoredFileKind } | null = null) {
  const used = await providerStoredBytes(db, providerId, replacing);
  if (used + adding > PROVIDER_STORAGE_QUOTA_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', M.storageQuota);
}

/**
 * Stores a re-encoded logo or cover, records it as the profile's, and points the profile at it;
 * the upload it replaces is given up and deleted. The quota is checked before anything is stored,
 * and again under the profile's lock.
 */
export async function setProviderImage(ctx: Ctx, user: UserRow, idOrSlug: string, field: ImageField, file: CheckedFile) {
  const current = await requireEditableProvider(ctx, user, idOrSlug);
  const rule = field === 'logo' ? LOGO_RULE : COVER_RULE;
  const kind = IMAGE_FIELDS[field].kind;
  const bytes = await reencodeImage(file, field === 'logo' ? 800 : 2400, rule.typeMessage);
  const replacing = (row: ProviderRow) => ({ keys: [uploadKeyOf(row[field])].filter((k): k is string => Boolean(k)), kind });
  await requireRoom(ctx.database.db, current.id, bytes.length, replacing(current));
  const stored = await ctx.storage.put('public', bytes, extensionOf(file.mime));
  const url = ctx.storage.publicUrl(stored.key);
  let released: string[] = [];
  try {
    await ctx.database.db.transaction(async (tx) => {
      const locked = await requireLocked(tx, current.id);
      await requireRoom(tx, locked.id, bytes.length, replacing(locked));
      await recordStoredFiles(tx, [
        { storageClass: 'public', key: stored.key, kind, providerId: locked.id, uploadedBy: user.id, sizeBytes: bytes.length },
      ]);
      const row = await updateProviderRow(tx, locked.id, {
        [field]: url,
        completeness: completenessOf({ ...locked, [field]: url }),
        updatedAt: ctx.clock.now(),
      });
      released = await releaseReplacedImages(tx, locked, row);
    });
  } catch (error) {
    await ctx.storage.delete('public', stored.key).catch(() => undefined);
    throw error;
  }
  await purgeUnownedFiles(ctx, { storageClass: 'public', keys: released });
  return url;
}

/**
 * Media files: all checked and re-encoded in memory first, so the quota is checked on the bytes
 * that would be stored before any is; then stored, recorded and listed in one transaction;
 * nothing left behind on failure.
 */
export async function addMedia(ctx: Ctx, user: UserRow, row: ProviderRow, files: CheckedFile[]): Promise<MediaFile[]> {
  if (!canEdit(user, row)) throw new AppError('FORBIDDEN', M.notOwner);
  const prepared: Array<{ file: CheckedFile; bytes: Buffer; thumbnail: { bytes: Buffer; ext: string } | null }> = [];
  for (const file of files) {
    const isImage = file.mime.startsWith('image/');
    const bytes = isImage ? await reencodeImage(file, 2400, M.mediaType) : file.bytes;
    prepared.push({ file, bytes, thumbnail: isImage ? await thumbnailOf({ ...file, bytes }) : null });
  }
  const adding = prepared.reduce((sum, p) => sum + p.bytes.length + (p.thumbnail?.bytes.length ?? 0), 0);
  await requireRoom(ctx.database.db, row.id, adding);
  const written: string[] = [];
  try {
    const rows: media.NewMediaFile[] = [];
    const records: NewStoredFile[] = [];
    const owned = { storageClass: 'public' as const, providerId: row.id, uploadedBy: user.id };
    for (const { file, bytes, thumbnail } of prepared) {
      const main = await ctx.storage.put('public', bytes, extensionOf(file.mime));
      written.push(main.key);
      records.push({ ...owned, key: main.key, kind: 'media', sizeBytes: bytes.length });
      let thumbnailKey: string | null = null;
      if (thumbnail) {
        const t = await ctx.storage.put('public', thumbnail.bytes, thumbnail.ext);
        written.push(t.key);
        records.push({ ...owned, key: t.key, kind: 'media-thumbnail', sizeBytes: thumbnail.bytes.length });
        thumbnailKey = t.key;
      }
      rows.push({
        providerId: row.id,
        uploadedBy: user.id,
        title: titleOf(file.filename),
        type: thumbnail ? 'image' : 'document',
        mimeType: file.mime,
        storageKey: main.key,
        thumbnailKey,
        sizeBytes: bytes.length,
      });
    }
    const inserted = await ctx.database.db.transaction(async (tx) => {
      await requireLocked(tx, row.id);
      await requireRoom(tx, row.id, adding);
      await recordStoredFiles(tx, records);
      return media.insertMedia(tx, rows);
    });
    return inserted.map((m) => toMediaFile(m, ctx.storage.publicUrl));
  } catch (error) {
    await Promise.all(written.map((key) => ctx.storage.delete('public', key).catch(() => undefined)));
    throw error;
  }
}

/** A display title from the uploaded file name (never used as a storage name). */
function titleOf(filename: string): string {
  const base = (filename || 'file')
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f]/g, '')
    .trim();
  return base.slice(0, 200) || 'file';
}

export async function deleteMedia(ctx: Ctx, user: UserRow, idOrSlug: string, fileId: string) {
  const row = await requireEditableProvider(ctx, user, idOrSlug);
  if (!isUuid(fileId)) throw new AppError('NOT_FOUND', 'File not found');
  // The row goes with the profile's ownership of its files; only files the records say the
  // profile owns as media are then deleted (decision 0330).
  const released = await ctx.database.db.transaction(async (tx) => {
    const deleted = await media.deleteMedia(tx, row.id, fileId);
    if (!deleted) throw new AppError('NOT_FOUND', 'File not found');
    return releaseProviderFiles(tx, row.id, [deleted.storageKey, deleted.thumbnailKey], ['media', 'media-thumbnail']);
  });
  await purgeUnownedFiles(ctx, { storageClass: 'public', keys: released });
}
