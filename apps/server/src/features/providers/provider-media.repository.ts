import { and, asc, desc, eq } from 'drizzle-orm';
import { providerMediaFiles, type ProviderMediaFileRow } from '../../db/schema/index';
import type { Db } from '../../db/client';

export type { ProviderMediaFileRow };
export type NewMediaFile = typeof providerMediaFiles.$inferInsert;

export function listMedia(db: Db, providerId: string): Promise<ProviderMediaFileRow[]> {
  return db
    .select()
    .from(providerMediaFiles)
    .where(eq(providerMediaFiles.providerId, providerId))
    .orderBy(desc(providerMediaFiles.createdAt), asc(providerMediaFiles.id));
}

export function insertMedia(tx: Db, rows: NewMediaFile[]): Promise<ProviderMediaFileRow[]> {
  return tx.insert(providerMediaFiles).values(rows).returning();
}

/** Deletes one of the profile's media rows; the row, or undefined when the profile has no such file. */
export async function deleteMedia(tx: Db, providerId: string, fileId: string): Promise<ProviderMediaFileRow | undefined> {
  const [row] = await tx
    .delete(providerMediaFiles)
    .where(and(eq(providerMediaFiles.id, fileId), eq(providerMediaFiles.providerId, providerId)))
    .returning();
  return row;
}
