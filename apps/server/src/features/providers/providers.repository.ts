import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { providers, users, type ProviderRow } from '../../db/schema/index';
import type { Database, Db } from '../../db/client';
import { isUuid } from '../../db/sql-helpers';
import { providerColumns, toProviderRow } from './provider-rows';

export type { ProviderRow };
export type NewProvider = typeof providers.$inferInsert;
export type ProviderChanges = Partial<NewProvider>;

/** A profile by id or slug (docs/product/platform.md#routes: "id may be an id or a slug"). */
export async function findProvider(db: Db, idOrSlug: string): Promise<ProviderRow | undefined> {
  const where = isUuid(idOrSlug)
    ? or(eq(providers.id, idOrSlug), eq(providers.slug, idOrSlug))
    : eq(providers.slug, idOrSlug.toLowerCase());
  const [row] = await db.select().from(providers).where(where).limit(1);
  return row;
}

/** A profile's row with what else its page needs to know first: its owner's name and whether it has media. */
export interface ProfileRow {
  row: ProviderRow;
  ownerName: string | null;
  hasMedia: boolean;
}

/** The profile's statement texts (decision 0627): by id or slug, and by slug alone. */
const profileSql = (where: string) =>
  `SELECT ${providerColumns('p')}, u.name AS "ownerName",
     EXISTS (SELECT 1 FROM provider_media_files m WHERE m.provider_id = p.id) AS "hasMedia"
   FROM providers p LEFT JOIN users u ON u.id = p.user_id WHERE ${where} LIMIT 1`;
const PROFILE_BY_ID_OR_SLUG = profileSql('p.id = $1::uuid OR p.slug = $2');
const PROFILE_BY_SLUG = profileSql('p.slug = $1');

/**
 * `findProvider` for the public profile: the owner's name and whether there is media come in the same
 * statement (a first-time profile answer's cost is its statements' count, not their plans: issue 26,
 * decision 0618), so the media are read only when there are some. Its text is made once (decision 0627).
 */
export async function findProfile(database: Database, idOrSlug: string): Promise<ProfileRow | undefined> {
  const [found] = isUuid(idOrSlug)
    ? await database.query<Record<string, unknown>>(PROFILE_BY_ID_OR_SLUG, [idOrSlug, idOrSlug])
    : await database.query<Record<string, unknown>>(PROFILE_BY_SLUG, [idOrSlug.toLowerCase()]);
  if (!found) return undefined;
  return { row: toProviderRow(found), ownerName: (found.ownerName as string | null) ?? null, hasMedia: found.hasMedia === true };
}

/**
 * The profile's row, locked until the transaction ends: uploads, edits and deletions of one
 * profile's files are decided one after another (its quota and references; decision 0331).
 */
export async function lockProvider(tx: Db, id: string): Promise<ProviderRow | undefined> {
  const [row] = await tx.select().from(providers).where(eq(providers.id, id)).for('update');
  return row;
}

export async function findProviderByName(db: Db, name: string) {
  const [row] = await db
    .select({ id: providers.id, slug: providers.slug, businessName: providers.businessName })
    .from(providers)
    .where(sql`lower(trim(${providers.businessName})) = lower(trim(${name}))`)
    .limit(1);
  return row;
}

export async function slugsStartingWith(db: Db, base: string): Promise<Set<string>> {
  const rows = await db
    .select({ slug: providers.slug })
    .from(providers)
    .where(sql`${providers.slug} = ${base} OR ${providers.slug} LIKE ${`${base}-%`}`);
  return new Set(rows.map((r) => r.slug));
}

export async function ownerName(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

export function listProvidersOfUser(db: Db, userId: string): Promise<ProviderRow[]> {
  return db
    .select()
    .from(providers)
    .where(eq(providers.userId, userId))
    .orderBy(asc(sql`lower(${providers.businessName})`));
}

/** Rows by id, returned in the order of `ids`. */
export async function providersByIds(db: Db, ids: string[]): Promise<ProviderRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(providers).where(inArray(providers.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ProviderRow => Boolean(r));
}

/** GET /api/providers and /public: server order, bounded. */
export function listProvidersPage(db: Db, page: number, limit: number): Promise<ProviderRow[]> {
  return db
    .select()
    .from(providers)
    .orderBy(
      desc(providers.claimApproved),
      desc(providers.completeness),
      asc(sql`lower(${providers.businessName})`),
      asc(providers.id),
    )
    .limit(limit)
    .offset((page - 1) * limit);
}

/**
 * Profiles worth a search result: the opposite of `isThinProfile` (packages/shared/src/domain/seo.ts),
 * which marks the rest `noindex`. A test checks the two agree on every profile.
 */
const INDEXABLE_SQL = `(p.claimed OR coalesce(cardinality(p.services), 0) > 0 OR btrim(coalesce(p.description, '')) <> '')`;

/** The sitemap's blocks of indexable profiles (in id order, `size` a block) and each block's last change. */
export function sitemapProviderBlocks(database: Database, size: number) {
  return database.query<{ block: number; lastmod: string }>(
    `SELECT block::int AS block, to_char(max(updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
       FROM (SELECT (row_number() OVER (ORDER BY p.id) - 1) / $1 + 1 AS block, p.updated_at FROM providers p WHERE ${INDEXABLE_SQL}) b
      GROUP BY block ORDER BY block`,
    [size],
  );
}

/** One block of indexable profiles: the address part (slug, else id) and the last change. */
export function listSitemapProviders(database: Database, block: number, size: number) {
  return database.query<{ id: string; slug: string | null; lastmod: string }>(
    `SELECT p.id, p.slug, to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS lastmod
       FROM providers p WHERE ${INDEXABLE_SQL} ORDER BY p.id OFFSET $1 LIMIT $2`,
    [(block - 1) * size, size],
  );
}

export async function insertProvider(db: Db, values: NewProvider): Promise<ProviderRow> {
  const [row] = await db.insert(providers).values(values).returning();
  return row!;
}

export async function updateProviderRow(db: Db, id: string, changes: ProviderChanges): Promise<ProviderRow> {
  const [row] = await db.update(providers).set(changes).where(eq(providers.id, id)).returning();
  return row!;
}
