import type { z } from 'zod';
import type { createProviderBody, Provider, ProviderSummary, updateProviderBody, UserClaim } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import type { UserRow } from '../../db/rows';
import { isUniqueViolation, isUuid } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import { purgeUnownedFiles } from '../../platform/stored-files';
import { requireVerifiedEmail } from '../../plugins/auth';
import type { AppContext } from '../../plugins/context';
import { placeFor } from '../geo/gazetteer';
import { providerTrust } from '../trust/trust-profile';
import { canEdit, requireEditableProvider, requireLocked } from './provider-access.service';
import { latestClaimOfUser, listClaimsOfProvider, listClaimsOfUser } from './provider-claims.repository';
import { listMedia } from './provider-media.repository';
import { releaseReplacedImages, requireOwnImages } from './provider-media.service';
import { toMediaFile, toProvider, toProviderSummary, toUserClaim } from './providers.mapper';
import { completenessOf, slugify, uniqueSlug } from './providers.profile';
import * as repo from './providers.repository';

/** Profiles: read, create, edit, place (docs/product/providers.md). Search, claims and media have their own services. */

type Ctx = Pick<AppContext, 'database' | 'storage' | 'log' | 'clock'>;
type CreateInput = z.output<typeof createProviderBody>;
type UpdateInput = z.output<typeof updateProviderBody>;

export async function getProvider(ctx: Ctx, idOrSlug: string, viewer: UserRow | null): Promise<Provider> {
  if (!idOrSlug.trim()) throw new AppError('BAD_REQUEST', M.providerIdRequired);
  const found = await repo.findProfile(ctx.database, idOrSlug.trim());
  if (!found) throw new AppError('NOT_FOUND', M.providerNotFound);
  return buildProfile(ctx, found.row, viewer, found);
}

/** What the profile's first statement already told (`findProfile`); read again when not given. */
type Known = Pick<repo.ProfileRow, 'ownerName' | 'hasMedia'>;

async function buildProfile(ctx: Ctx, row: repo.ProviderRow, viewer: UserRow | null, known?: Known): Promise<Provider> {
  const db = ctx.database.db;
  const [ownerName, media, claims, viewerClaim, trust] = await Promise.all([
    known ? known.ownerName : repo.ownerName(db, row.userId),
    !known || known.hasMedia ? listMedia(db, row.id) : [],
    // Claims are shown only to the owner and admins, with names only (docs/product/platform.md#access-and-visibility).
    canEdit(viewer, row) ? listClaimsOfProvider(db, row.id) : Promise.resolve([]),
    // The viewer's own claim: a claimant sees 'Claim pending review' instead of the claim button (decision 0368).
    viewer ? latestClaimOfUser(db, row.id, viewer.id) : Promise.resolve(undefined),
    providerTrust(ctx, row),
  ]);
  return toProvider(row, {
    ownerName,
    mediaFiles: media.map((m) => toMediaFile(m, ctx.storage.publicUrl)),
    claims,
    viewerClaim: viewerClaim ?? null,
    trust,
  });
}

export async function listProviders(ctx: Ctx, page: number, limit: number): Promise<ProviderSummary[]> {
  return (await repo.listProvidersPage(ctx.database.db, page, limit)).map(toProviderSummary);
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
  // The point of the suggestion the user chose, as the directory would place it (decision 0367), so
  // the new profile is found by location searches at once.
  const hit = placeFor(input.location, input.locationCenter);
  const coords = hit ? { latitude: hit.center[1], longitude: hit.center[0] } : { latitude: null, longitude: null };
  for (let attempt = 0; ; attempt++) {
    const taken = await repo.slugsStartingWith(db, slugify(input.businessName));
    const slug = uniqueSlug(input.businessName, (s) => taken.has(s));
    try {
      const row = await repo.insertProvider(db, {
        ...values,
        ...coords,
        slug,
        userId: user.id,
        claimed: true,
        claimApproved: true,
        source: 'user',
        completeness: completenessOf({ ...values, ...coords }),
      });
      return buildProfile(ctx, row, user);
    } catch (error) {
      if (isUniqueViolation(error, 'providers_business_name_key')) throw new AppError('CONFLICT', M.nameExists);
      if (isUniqueViolation(error, 'providers_slug_key') && attempt < 3) continue;
      throw error;
    }
  }
}

const NULL_WHEN_EMPTY: ReadonlySet<string> = new Set(['website', 'linkedin', 'twitter', 'facebook', 'email', 'phone', 'logo', 'coverImage']);

export async function updateProvider(ctx: Ctx, user: UserRow, idOrSlug: string, input: UpdateInput): Promise<Provider> {
  const current = await requireEditableProvider(ctx, user, idOrSlug);
  const changes: repo.ProviderChanges = {};
  for (const [key, value] of Object.entries(input) as Array<[keyof UpdateInput, unknown]>) {
    if (value === undefined) continue;
    (changes as Record<string, unknown>)[key] = NULL_WHEN_EMPTY.has(key) ? nullIfEmpty(value as string | null) : value;
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
      const next = { ...locked, ...changes } as repo.ProviderRow;
      const updated = await repo.updateProviderRow(tx, locked.id, { ...changes, completeness: completenessOf(next), updatedAt: ctx.clock.now() });
      released = await releaseReplacedImages(tx, locked, updated);
      return updated;
    });
    await purgeUnownedFiles(ctx, { storageClass: 'public', keys: released });
    return buildProfile(ctx, row, user);
  } catch (error) {
    if (isUniqueViolation(error, 'providers_business_name_key')) throw new AppError('CONFLICT', M.nameExists);
    throw error;
  }
}

/**
 * Stores the point of the profile's location (docs/product/providers.md#calls POST /place): the suggestion the
 * user chose when the body carries its centre, else the first suggestion for the text (decision
 * 0367). `placeId` is for Google reviews and is only set with a Places key (none here).
 */
export async function updatePlace(
  ctx: Ctx,
  user: UserRow,
  idOrSlug: string,
  body: { location?: string; locationCenter?: [number, number] },
) {
  const row = await requireEditableProvider(ctx, user, idOrSlug);
  const location = body.location?.trim() || row.location;
  const hit = location ? placeFor(location, body.locationCenter) : undefined;
  if (!hit) throw new AppError('BAD_REQUEST', 'Could not determine coordinates from either direct values or geocoding');
  const latitude = hit.center[1];
  const longitude = hit.center[0];
  const next = { ...row, latitude, longitude };
  await repo.updateProviderRow(ctx.database.db, row.id, { latitude, longitude, completeness: completenessOf(next), updatedAt: ctx.clock.now() });
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
  const [claims, owned] = await Promise.all([listClaimsOfUser(db, userId), repo.listProvidersOfUser(db, userId)]);
  return { claims: claims.map(toUserClaim), providers: owned.map(toProviderSummary) };
}
