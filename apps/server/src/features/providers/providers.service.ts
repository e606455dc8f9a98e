import { and, eq, sql } from 'drizzle-orm';
import type { MediaFile, Provider, ProviderPoint, ProviderSummary, UserClaim } from '@solar/shared/contracts/providers';
import type { z } from 'zod';
import type {
  claimProviderBody,
  createProviderBody,
  searchProvidersQuery,
  updateProviderBody,
} from '@solar/shared/contracts/providers';
import {
  COVER_MIME_TYPES,
  COVER_MAX_BYTES,
  DEFAULT_RADIUS_KM,
  LOGO_MAX_BYTES,
  LOGO_MIME_TYPES,
  MEDIA_MAX_BYTES,
  MEDIA_MIME_TYPES,
  PROVIDER_MESSAGES as M,
  PROVIDER_STORAGE_QUOTA_BYTES,
  typesMatching,
} from '@solar/shared/constants/providers';
import { parseCoordinate } from '@solar/shared/domain/geo';
import { searchProviders as searchProvidersContract, UPLOAD_ADDRESS } from '@solar/shared/contracts/providers';
import type { Db } from '../../db/client';
import { isUniqueViolation, isUuid } from '../../db/sql-helpers';
import {
  providerClaims,
  providerMediaFiles,
  providers,
  signupClaimIntents,
  type ProviderRow,
  type StoredFileKind,
  type UserRow,
} from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { cacheKey, createReadCache, encodeResponse, type CachedJson } from '../../platform/read-cache';
import type { AppContext } from '../../plugins/context';
import { requireVerifiedEmail } from '../../plugins/auth';
import {
  providerOwnsFile,
  providerStoredBytes,
  purgeUnownedFiles,
  recordStoredFiles,
  releaseProviderFiles,
  type NewStoredFile,
} from '../../platform/stored-files';
import type { SignupProviderHook } from '../accounts/accounts.hooks';
import { geocode } from '../geo/gazetteer';
import { toMediaFile, toProvider, toProviderSummary, toUserClaim } from './providers.mapper';
import { completenessOf, uniqueSlug, slugify } from './providers.profile';
import * as repo from './providers.repository';
import { extensionOf, reencodeImage, thumbnailOf, type CheckedFile, type UploadRule } from './providers.uploads';

type Ctx = Pick<AppContext, 'database' | 'storage' | 'log' | 'clock'>;
type CreateInput = z.output<typeof createProviderBody>;
type UpdateInput = z.output<typeof updateProviderBody>;
type SearchInput = z.output<typeof searchProvidersQuery>;

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

/** Profile owner (docs/product/accounts.md#roles): userId matches and the claim is approved; admins may edit any profile. */
export function canEdit(user: UserRow | null, row: Pick<ProviderRow, 'userId' | 'claimApproved'>): boolean {
  if (!user) return false;
  return user.isAdmin || (row.userId === user.id && row.claimApproved);
}

async function requireProvider(ctx: Ctx, idOrSlug: string): Promise<ProviderRow> {
  if (!idOrSlug.trim()) throw new AppError('BAD_REQUEST', M.providerIdRequired);
  const row = await repo.findProvider(ctx.database.db, idOrSlug.trim());
  if (!row) throw new AppError('NOT_FOUND', M.providerNotFound);
  return row;
}

async function requireEditable(ctx: Ctx, user: UserRow, idOrSlug: string): Promise<ProviderRow> {
  const row = await requireProvider(ctx, idOrSlug);
  if (!canEdit(user, row)) throw new AppError('FORBIDDEN', M.notOwner);
  return row;
}

export async function getProvider(ctx: Ctx, idOrSlug: string, viewer: UserRow | null): Promise<Provider> {
  const row = await requireProvider(ctx, idOrSlug);
  return buildProfile(ctx, row, viewer);
}

async function buildProfile(ctx: Ctx, row: ProviderRow, viewer: UserRow | null): Promise<Provider> {
  const db = ctx.database.db;
  const [ownerName, media, claims] = await Promise.all([
    repo.ownerName(db, row.userId),
    repo.listMedia(db, row.id),
    // Claims are shown only to the owner and admins, with names only (docs/product/platform.md#access-and-visibility).
    canEdit(viewer, row) ? repo.listClaimsOfProvider(db, row.id) : Promise.resolve([]),
  ]);
  return toProvider(row, {
    ownerName,
    mediaFiles: media.map((m) => toMediaFile(m, ctx.storage.publicUrl)),
    claims,
  });
}

export async function listProviders(ctx: Ctx, page: number, limit: number): Promise<ProviderSummary[]> {
  return (await repo.listProvidersPage(ctx.database.db, page, limit)).map(toProviderSummary);
}

const lowerAll = (items: string[]) => [...new Set(items.map((i) => i.trim().toLowerCase()).filter(Boolean))];
const trimAll = (items: string[]) => [...new Set(items.map((i) => i.trim()).filter(Boolean))];

/** `lng,lat` from the address; invalid or out of range gives null. */
export function parseCenter(value: string | undefined): { lat: number; lng: number } | null {
  if (!value) return null;
  const [lngText, latText] = value.split(',');
  const lng = parseCoordinate(lngText);
  const lat = parseCoordinate(latText);
  if (lng === null || lat === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

const MAP_POINT_CAP = 60_000;

/** Map positions to 5 decimals (about a metre): enough for a pin, a fifth of the bytes. */
const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * Identical searches are answered from memory while no provider row has changed (at most 10 minutes)
 * (docs/decisions/0300). Bounded at 2,000 answers or 64 MB per database (a 50,000-point map answer is ~6 MB).
 */
const searchCache = createReadCache('providers', { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, ttlMs: 10 * 60_000 });

/** GET /api/providers/search as the JSON of its 200 response (cached; see searchCache). */
export async function searchProvidersJson(ctx: Ctx, query: SearchInput): Promise<CachedJson> {
  const filters = searchFilters(query);
  const key = cacheKey({ filters, mode: query.mode, sort: query.sort, page: query.page, pageSize: query.pageSize });
  return searchCache(ctx.database, key, async () =>
    encodeResponse(searchProvidersContract.response[200], { success: true, ...(await runSearch(ctx, filters, query)) }),
  );
}

function searchFilters(query: SearchInput): repo.SearchFilters {
  let center = parseCenter(query.locationCenter);
  // An address with a location but no centre (typed by hand) is geocoded with the gazetteer.
  if (!center && query.location?.trim()) {
    const [hit] = geocode(query.location.trim(), { limit: 1 });
    if (hit) center = { lng: hit.center[0], lat: hit.center[1] };
  }
  return {
    companies: trimAll(query.companies),
    services: trimAll(query.services),
    servicesMatch: query.mode === 'map' ? 'all' : 'any',
    types: typesMatching(query.types),
    technologies: lowerAll(query.technologies),
    scales: lowerAll(query.scales),
    phases: lowerAll(query.phases),
    near: center ? { ...center, radiusKm: query.radius ?? DEFAULT_RADIUS_KM } : null,
  };
}

async function runSearch(
  ctx: Ctx,
  filters: repo.SearchFilters,
  query: SearchInput,
): Promise<{ data: ProviderSummary[] | ProviderPoint[]; pagination: { page: number; pages: number; total: number } }> {
  if (query.mode === 'map') {
    const rows = await repo.searchProviderPoints(ctx.database, filters, MAP_POINT_CAP);
    const data: ProviderPoint[] = rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      businessName: r.business_name,
      position: [round5(r.longitude), round5(r.latitude)],
      radius: r.service_radius,
      countrywide: r.service_radius === -1,
    }));
    return { data, pagination: { page: 1, pages: 1, total: data.length } };
  }
  const { ids, total } = await repo.searchProviderIds(ctx.database, filters, query.sort, query.page, query.pageSize);
  const rows = await repo.providersByIds(ctx.database.db, ids);
  return {
    data: rows.map(toProviderSummary),
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / query.pageSize)), total },
  };
}

export async function checkName(ctx: Ctx, name: string) {
  const trimmed = name.trim();
  const found = trimmed ? await repo.findProviderByName(ctx.database.db, trimmed) : undefined;
  return { exists: Boolean(found), provider: found ?? null };
}

const nullIfEmpty = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();

/** Provider creation (ruling): owned by the creator, claimed and claim-approved at once; unique name. */
export async function createProvider(ctx: Ctx, user: UserRow, input: CreateInput): Promise<Provider> {
  requireVerifiedEmail(user, 'provider'); // an approved profile speaks for a business (decision 0337)
  const db = ctx.database.db;
  // A profile names only its own uploads, and a new one has none yet (decision 0330).
  if (nullIfEmpty(input.logo)) throw new AppError('BAD_REQUEST', M.logoNotOwnUpload);
  if (await repo.findProviderByName(db, input.businessName)) throw new AppError('CONFLICT', M.nameExists);
  const values = {
    businessName: input.businessName,
    description: input.description,
    type: input.type,
    services: input.services,
    expertise: input.expertise ?? [],
    technologies: input.technologies ?? [],
    scale: input.scale ?? [],
    phase: input.phase ?? [],
    certifications: input.certifications ?? [],
    industryAssociations: input.industryAssociations ?? [],
    location: input.location,
    serviceRadius: input.serviceRadius ?? null,
    website: nullIfEmpty(input.website) ?? null,
    linkedin: nullIfEmpty(input.linkedin) ?? null,
    twitter: nullIfEmpty(input.twitter) ?? null,
    facebook: nullIfEmpty(input.facebook) ?? null,
    email: nullIfEmpty(input.email) ?? null,
    phone: nullIfEmpty(input.phone) ?? null,
  };
  // Coordinates from the gazetteer so the new profile is found by location searches at once.
  const [hit] = geocode(input.location, { limit: 1 });
  const coords = hit ? { latitude: hit.center[1], longitude: hit.center[0] } : { latitude: null, longitude: null };
  for (let attempt = 0; ; attempt++) {
    const taken = await repo.slugsStartingWith(db, slugify(input.businessName));
    const slug = uniqueSlug(input.businessName, (s) => taken.has(s));
    try {
      const [row] = await db
        .insert(providers)
        .values({
          ...values,
          ...coords,
          slug,
          userId: user.id,
          claimed: true,
          claimApproved: true,
          source: 'user',
          completeness: completenessOf({ ...values, ...coords }),
        })
        .returning();
      return buildProfile(ctx, row!, user);
    } catch (error) {
      if (isUniqueViolation(error, 'providers_business_name_key')) throw new AppError('CONFLICT', M.nameExists);
      if (isUniqueViolation(error, 'providers_slug_key') && attempt < 3) continue;
      throw error;
    }
  }
}

export async function updateProvider(ctx: Ctx, user: UserRow, idOrSlug: string, input: UpdateInput): Promise<Provider> {
  const current = await requireEditable(ctx, user, idOrSlug);
  const changes: Partial<typeof providers.$inferInsert> = {};
  for (const [key, value] of Object.entries(input) as Array<[keyof UpdateInput, unknown]>) {
    if (value === undefined) continue;
    if (['website', 'linkedin', 'twitter', 'facebook', 'email', 'phone', 'logo', 'coverImage'].includes(key)) {
      (changes as Record<string, unknown>)[key] = nullIfEmpty(value as string | null);
    } else {
      (changes as Record<string, unknown>)[key] = value;
    }
  }
  if (changes.businessName && changes.businessName.toLowerCase() !== current.businessName.trim().toLowerCase()) {
    const other = await repo.findProviderByName(ctx.database.db, changes.businessName);
    if (other && other.id !== current.id) throw new AppError('CONFLICT', M.nameExists);
  }
  let released: string[] = [];
  try {
    const row = await ctx.database.db.transaction(async (tx) => {
      const locked = await requireLocked(tx, current.id);
      await requireOwnImages(tx, locked, changes);
      const next = { ...locked, ...changes } as ProviderRow;
      const [updated] = await tx
        .update(providers)
        .set({ ...changes, completeness: completenessOf(next), updatedAt: ctx.clock.now() })
        .where(eq(providers.id, locked.id))
        .returning();
      released = await releaseReplacedImages(tx, locked, updated!);
      return updated!;
    });
    await purgeUnownedFiles(ctx, { storageClass: 'public', keys: released });
    return buildProfile(ctx, row, user);
  } catch (error) {
    if (isUniqueViolation(error, 'providers_business_name_key')) throw new AppError('CONFLICT', M.nameExists);
    throw error;
  }
}

/** Which stored-file kind each image field names, and the message when it names anything else (decision 0330). */
const IMAGE_FIELDS = {
  logo: { kind: 'logo', refused: M.logoNotOwnUpload },
  coverImage: { kind: 'cover', refused: M.coverNotOwnUpload },
} as const satisfies Record<string, { kind: StoredFileKind; refused: string }>;

/** The storage key a profile image address names, when it is one of our uploads. */
const uploadKeyOf = (address: string | null | undefined) => (address ? (UPLOAD_ADDRESS.exec(address)?.[1] ?? null) : null);

/** The provider's row, locked for the rest of the transaction (see repo.lockProvider). */
async function requireLocked(tx: Db, id: string): Promise<ProviderRow> {
  const row = await repo.lockProvider(tx, id);
  if (!row) throw new AppError('NOT_FOUND', M.providerNotFound);
  return row;
}

/**
 * A logo or cover may be cleared, left as it is, or set to an upload the records say this profile
 * owns as that kind: never another profile's file, which clearing it later would delete.
 */
async function requireOwnImages(tx: Db, row: ProviderRow, changes: Partial<typeof providers.$inferInsert>) {
  for (const [field, rule] of Object.entries(IMAGE_FIELDS) as Array<[keyof typeof IMAGE_FIELDS, (typeof IMAGE_FIELDS)[keyof typeof IMAGE_FIELDS]]>) {
    const next = changes[field];
    if (next === undefined || next === null || next === row[field]) continue;
    const key = uploadKeyOf(next);
    if (!key || !(await providerOwnsFile(tx, row.id, key, [rule.kind]))) throw new AppError('BAD_REQUEST', rule.refused);
  }
}

/** Gives up the uploads a profile's logo or cover no longer names (only files it owns as that kind). */
async function releaseReplacedImages(tx: Db, before: ProviderRow, after: ProviderRow): Promise<string[]> {
  const released: string[] = [];
  for (const [field, rule] of Object.entries(IMAGE_FIELDS) as Array<[keyof typeof IMAGE_FIELDS, (typeof IMAGE_FIELDS)[keyof typeof IMAGE_FIELDS]]>) {
    if (before[field] === after[field]) continue;
    released.push(...(await releaseProviderFiles(tx, before.id, [uploadKeyOf(before[field])], [rule.kind])));
  }
  return released;
}

/** Refuses (413) what would take the profile's stored files over its quota (decision 0331). */
async function requireRoom(
  db: Db,
  providerId: string,
  adding: number,
  replacing: { keys: string[]; kind: StoredFileKind } | null = null,
) {
  const used = await providerStoredBytes(db, providerId, replacing);
  if (used + adding > PROVIDER_STORAGE_QUOTA_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', M.storageQuota);
}

/**
 * Files a claim inside the caller's transaction: pending for admin review (ruling), recorded as a
 * dispute on a profile that already has an approved owner (decision 0146); one open claim per user
 * and profile (a second submission updates it). The first claim marks the profile claimed.
 */
async function fileClaim(
  tx: Db,
  row: Pick<ProviderRow, 'id' | 'userId' | 'claimed' | 'claimApproved'>,
  userId: string,
  input: { companyRole: string; message: string },
  now: Date,
) {
  const kind = row.claimApproved && row.userId ? ('dispute' as const) : ('claim' as const);
  const [open] = await tx
    .select()
    .from(providerClaims)
    .where(
      and(
        eq(providerClaims.providerId, row.id),
        eq(providerClaims.userId, userId),
        eq(providerClaims.status, 'pending'),
      ),
    );
  if (open) {
    const [updated] = await tx
      .update(providerClaims)
      .set({ companyRole: input.companyRole, message: input.message, kind, updatedAt: now })
      .where(eq(providerClaims.id, open.id))
      .returning();
    return updated!;
  }
  const [created] = await tx
    .insert(providerClaims)
    .values({
      providerId: row.id,
      userId,
      companyRole: input.companyRole,
      message: input.message,
      kind,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row.claimed)
    await tx
      .update(providers)
      .set({ claimed: true })
      .where(and(eq(providers.id, row.id), eq(providers.claimed, false)));
  return created!;
}

/** `POST /api/providers/{id}/claim`: a verified address only (403, decision 0337); the owner cannot claim their own profile (409). */
export async function claimProvider(
  ctx: Ctx,
  user: UserRow,
  idOrSlug: string,
  input: z.output<typeof claimProviderBody>,
) {
  requireVerifiedEmail(user, 'claim');
  const row = await requireProvider(ctx, idOrSlug);
  if (row.userId === user.id && row.claimApproved) throw new AppError('CONFLICT', M.alreadyOwner);
  const now = ctx.clock.now();
  const claim = await ctx.database.db.transaction((tx) =>
    fileClaim(tx as unknown as Db, row, user.id, { companyRole: input.companyRole, message: input.message ?? '' }, now),
  );
  return { id: claim.id, status: 'pending' as const, kind: claim.kind };
}

/**
 * The accounts hook for a sign-up with `providerId` (decisions 0102, 0148): files a pending claim
 * (or a dispute) in the sign-up's own transaction and marks the intent processed. An unknown id or
 * slug files nothing and never fails the sign-up.
 */
export const claimAtSignup: SignupProviderHook = async (tx, { userId, providerId, company }) => {
  const row = await repo.findProvider(tx, providerId.trim());
  if (!row) return;
  // The intent carries the sign-up's time (the accounts feature's clock): the claim uses it too.
  const intent = and(eq(signupClaimIntents.userId, userId), eq(signupClaimIntents.providerId, providerId));
  const [recorded] = await tx
    .select({ createdAt: signupClaimIntents.createdAt })
    .from(signupClaimIntents)
    .where(intent);
  const now = recorded?.createdAt ?? new Date();
  await fileClaim(tx, row, userId, { companyRole: M.signupClaimRole, message: M.signupClaimMessage(company) }, now);
  await tx.update(signupClaimIntents).set({ processedAt: now }).where(intent);
};

/**
 * Stores a re-encoded logo or cover, records it as the profile's, and points the profile at it;
 * the upload it replaces is given up and deleted. The quota is checked before anything is stored,
 * and again under the profile's lock.
 */
export async function setProviderImage(
  ctx: Ctx,
  user: UserRow,
  idOrSlug: string,
  field: 'logo' | 'coverImage',
  file: CheckedFile,
) {
  const current = await requireEditable(ctx, user, idOrSlug);
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
      const [row] = await tx
        .update(providers)
        .set({ [field]: url, completeness: completenessOf({ ...locked, [field]: url }), updatedAt: ctx.clock.now() })
        .where(eq(providers.id, locked.id))
        .returning();
      released = await releaseReplacedImages(tx, locked, row!);
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
    const media: Array<typeof providerMediaFiles.$inferInsert> = [];
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
      media.push({
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
    const rows = await ctx.database.db.transaction(async (tx) => {
      await requireLocked(tx, row.id);
      await requireRoom(tx, row.id, adding);
      await recordStoredFiles(tx, records);
      return tx.insert(providerMediaFiles).values(media).returning();
    });
    return rows.map((m) => toMediaFile(m, ctx.storage.publicUrl));
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

export async function requireEditableProvider(ctx: Ctx, user: UserRow, idOrSlug: string) {
  return requireEditable(ctx, user, idOrSlug);
}

export async function deleteMedia(ctx: Ctx, user: UserRow, idOrSlug: string, fileId: string) {
  const row = await requireEditable(ctx, user, idOrSlug);
  if (!isUuid(fileId)) throw new AppError('NOT_FOUND', 'File not found');
  // The row goes with the profile's ownership of its files; only files the records say the
  // profile owns as media are then deleted (decision 0330).
  const released = await ctx.database.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(providerMediaFiles)
      .where(and(eq(providerMediaFiles.id, fileId), eq(providerMediaFiles.providerId, row.id)))
      .returning();
    if (!deleted) throw new AppError('NOT_FOUND', 'File not found');
    return releaseProviderFiles(tx, row.id, [deleted.storageKey, deleted.thumbnailKey], ['media', 'media-thumbnail']);
  });
  await purgeUnownedFiles(ctx, { storageClass: 'public', keys: released });
}

/**
 * Geocodes the location with the bundled gazetteer and stores the coordinates (docs/product/providers.md#calls
 * POST /place). `placeId` is for Google reviews and is only set with a Places key (none here).
 */
export async function updatePlace(ctx: Ctx, user: UserRow, idOrSlug: string, body: { location?: string }) {
  const row = await requireEditable(ctx, user, idOrSlug);
  const location = body.location?.trim() || row.location;
  const [hit] = location ? geocode(location, { limit: 1 }) : [];
  if (!hit) throw new AppError('BAD_REQUEST', 'Could not determine coordinates from either direct values or geocoding');
  const latitude = hit.center[1];
  const longitude = hit.center[0];
  const next = { ...row, latitude, longitude };
  await ctx.database.db
    .update(providers)
    .set({ latitude, longitude, completeness: completenessOf(next), updatedAt: ctx.clock.now() })
    .where(eq(providers.id, row.id));
  return { location: row.location, latitude, longitude, placeId: row.placeId };
}

/** GET /api/providers/user/{userId}: that user or an admin (403 otherwise). */
export async function listUserProviders(
  ctx: Ctx,
  user: UserRow,
  userId: string,
): Promise<{ claims: UserClaim[]; providers: ProviderSummary[] }> {
  if (user.id !== userId && !user.isAdmin) throw new AppError('FORBIDDEN', 'You can only view your own claims');
  if (!isUuid(userId)) return { claims: [], providers: [] };
  const db = ctx.database.db;
  const [claims, owned] = await Promise.all([repo.listClaimsOfUser(db, userId), repo.listProvidersOfUser(db, userId)]);
  return { claims: claims.map(toUserClaim), providers: owned.map(toProviderSummary) };
}

export const countProviders = async (ctx: Ctx) =>
  (await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(providers))[0]?.n ?? 0;
