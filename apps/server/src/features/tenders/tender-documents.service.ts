import {
  TENDER_DOCUMENT_MAX_FILES,
  TENDER_DOCUMENTS_MAX_TOTAL_BYTES,
  TENDER_LIFECYCLE_MESSAGES as M,
} from '@solar/shared/constants/tender-lifecycle';
import type { UserRow } from '../../db/rows';
import { isUuid, toIsoTimestamp } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { purgeUnownedFiles, tenderRowOwnsFile } from '../../platform/stored-files';
import { storePrivateFiles, type TenderFile } from './tender-files';
import { getTender, stateError, tenderForOwner } from './tender-read.service';
import * as repo from './tender-documents.repository';
import { lockTenderState } from './tender-state.repository';

/** The brief's documents (decision 0402): private stored files the owner adds, shown to whoever may see the tender. */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'storage' | 'log'>;

const toStored = (d: repo.DocumentRecord) => ({
  id: String(d.id),
  filename: d.filename,
  mimeType: d.mimeType,
  size: Number(d.sizeBytes),
  createdAt: toIsoTimestamp(d.createdAt),
});

/** Documents follow the tender's visibility: a private tender's to its owner, invitees and admins; an open one's to signed-in users. */
export async function listDocuments(ctx: Ctx, user: UserRow, id: string) {
  await getTender(ctx, id, user);
  return (await repo.listDocuments(ctx.database.db, id)).map(toStored);
}

/** What the owner may still attach: checked before the body is read, and again by the totals after. */
export async function documentRoom(ctx: Ctx, user: UserRow, id: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'cancelled' || tender.stage === 'awarded') throw stateError(tender);
  const existing = await repo.listDocuments(ctx.database.db, id);
  const bytes = existing.reduce((sum, d) => sum + Number(d.sizeBytes), 0);
  const files = TENDER_DOCUMENT_MAX_FILES - existing.length;
  if (files <= 0) throw new AppError('BAD_REQUEST', M.tooManyFiles);
  return { files, bytes: TENDER_DOCUMENTS_MAX_TOTAL_BYTES - bytes, tooMany: M.tooManyFiles };
}

export async function addDocuments(ctx: Ctx, user: UserRow, id: string, files: TenderFile[]) {
  await storePrivateFiles(ctx, files, (stored) =>
    ctx.database.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      // The stage again at commit (issue 25 finding 4): nothing lands after an award or cancellation.
      const state = await lockTenderState(tx, id, now);
      if (!state || state.stage === 'cancelled' || state.stage === 'awarded') throw new AppError('CONFLICT', M.notEditable);
      // The totals again inside the transaction: two uploads at once cannot pass the limits together.
      const existing = await repo.listDocuments(tx, id);
      if (existing.length + stored.length > TENDER_DOCUMENT_MAX_FILES) throw new AppError('BAD_REQUEST', M.tooManyFiles);
      const total = [...existing, ...stored].reduce((sum, d) => sum + Number(d.sizeBytes), 0);
      if (total > TENDER_DOCUMENTS_MAX_TOTAL_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', M.filesTooLarge);
      await repo.insertDocuments(tx, id, user.id, stored, now);
    }),
  );
  return (await repo.listDocuments(ctx.database.db, id)).map(toStored);
}

export async function openDocument(ctx: Ctx, user: UserRow, id: string, documentId: string) {
  await getTender(ctx, id, user);
  const doc = (await repo.listDocuments(ctx.database.db, id)).find((d) => String(d.id) === documentId);
  if (!doc || !(await tenderRowOwnsFile(ctx.database.db, { documentId: doc.id }, doc.storageKey))) throw new AppError('NOT_FOUND', M.documentNotFound);
  const file = await ctx.storage.open('private', doc.storageKey);
  if (!file) throw new AppError('NOT_FOUND', M.documentNotFound);
  return { ...file, filename: doc.filename, mimeType: doc.mimeType };
}

export async function deleteDocument(ctx: Ctx, user: UserRow, id: string, documentId: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'cancelled' || tender.stage === 'awarded') throw stateError(tender);
  const key = isUuid(documentId) ? await repo.deleteDocument(ctx.database.db, id, documentId) : undefined;
  if (!key) throw new AppError('NOT_FOUND', M.documentNotFound);
  await purgeUnownedFiles(ctx, { storageClass: 'private', keys: [key] });
}
