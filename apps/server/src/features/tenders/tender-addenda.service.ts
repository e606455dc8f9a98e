import { TENDER_DOCUMENT_MAX_FILES, TENDER_DOCUMENTS_MAX_TOTAL_BYTES, TENDER_LIFECYCLE_MESSAGES as LM } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_RECORDS_MESSAGES as M } from '@solar/shared/constants/tender-records';
import type { TenderDocumentSet } from '@solar/shared/contracts/tender-records';
import type { UserRow } from '../../db/rows';
import { toIsoTimestamp } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { queueMail } from '../../platform/mail';
import { storePrivateFiles, type TenderFile } from './tender-files';
import { everyoneTakingPart } from './tender-clarifications.service';
import { insertEvent } from './tender-events.repository';
import { tenderRecordsMails as mails } from './tender-records.mail';
import { getTender, tenderForOwner } from './tender-read.service';
import * as repo from './tender-addenda.repository';

/**
 * Addenda (issue 27 part C, decision 0525): once a tender is published, its documents change only
 * by a numbered addendum with a note; a new version of a document keeps the old one (v1, v2, …);
 * everyone taking part is told in the transaction that makes the change, and the tender page lists
 * the addenda.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'env' | 'log' | 'storage'>;

const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}…` : text);

export async function listAddenda(ctx: Ctx, user: UserRow, id: string): Promise<TenderDocumentSet> {
  await getTender(ctx, id, user);
  const [versions, addenda] = await Promise.all([repo.listVersions(ctx.database, id), repo.listAddenda(ctx.database, id)]);
  const byId = new Map(versions.map((v) => [String(v.id), v]));
  const replaced = new Set(versions.flatMap((v) => (v.previous_id ? [String(v.previous_id)] : [])));
  const shape = (v: repo.VersionRecord) => ({
    id: String(v.id),
    filename: v.filename,
    mimeType: v.mime_type,
    size: Number(v.size_bytes),
    version: Number(v.version),
    addendum: v.addendum == null ? null : Number(v.addendum),
    createdAt: toIsoTimestamp(v.created_at),
  });
  const documents = versions
    .filter((v) => !replaced.has(String(v.id)))
    .map((v) => {
      const earlier = [];
      for (let p = v.previous_id ? byId.get(String(v.previous_id)) : undefined; p; p = p.previous_id ? byId.get(String(p.previous_id)) : undefined) earlier.push(shape(p));
      return { ...shape(v), earlier };
    });
  return {
    documents,
    addenda: addenda.map((a) => ({ id: String(a.id), number: Number(a.number), note: a.note, createdAt: toIsoTimestamp(a.created_at), documents: a.documents })),
  };
}

/** What the owner may still add: the documents' limits count every version (earlier ones are kept). */
export async function addendumRoom(ctx: Ctx, user: UserRow, id: string) {
  const tender = await tenderForOwner(ctx, id, user);
  if (tender.stage === 'draft') throw new AppError('CONFLICT', M.addendumDraft);
  if (tender.stage !== 'active' || tender.status !== 'open') throw new AppError('CONFLICT', LM.notOpen);
  const versions = await repo.listVersions(ctx.database, id);
  const files = TENDER_DOCUMENT_MAX_FILES - versions.length;
  if (files <= 0) throw new AppError('BAD_REQUEST', LM.tooManyFiles);
  const bytes = versions.reduce((sum, v) => sum + Number(v.size_bytes), 0);
  return { files, bytes: TENDER_DOCUMENTS_MAX_TOTAL_BYTES - bytes, tooMany: LM.tooManyFiles };
}

/**
 * Issues an addendum: the note, the new files (or, with `replaces`, one file as the next version of
 * a current document), the History entry and a mail to everyone taking part, all in one
 * transaction after the files are stored (a refusal leaves no file behind).
 */
export async function issueAddendum(ctx: Ctx, user: UserRow, id: string, files: TenderFile[], fields: { note: string; replaces?: string }) {
  const tender = await tenderForOwner(ctx, id, user);
  if (fields.replaces && files.length !== 1) throw new AppError('BAD_REQUEST', M.replaceOneFile);
  const recipients = await everyoneTakingPart(ctx, id);
  await storePrivateFiles(ctx, files, (stored) =>
    ctx.database.db.transaction(async (tx) => {
      const now = ctx.clock.now();
      const state = await repo.lockTender(tx, id, now);
      if (!state || state.stage === 'draft') throw new AppError('CONFLICT', M.addendumDraft);
      if (state.stage !== 'active' || !state.open) throw new AppError('CONFLICT', LM.notOpen);
      const totals = await repo.documentTotals(tx, id);
      if (totals.files + stored.length > TENDER_DOCUMENT_MAX_FILES) throw new AppError('BAD_REQUEST', LM.tooManyFiles);
      if (Number(totals.bytes) + stored.reduce((sum, f) => sum + f.sizeBytes, 0) > TENDER_DOCUMENTS_MAX_TOTAL_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', LM.filesTooLarge);
      const previous = fields.replaces ? await repo.findCurrentDocument(tx, id, fields.replaces) : undefined;
      if (fields.replaces && !previous) throw new AppError('NOT_FOUND', M.documentNotCurrent);
      const addendum = await repo.insertAddendum(tx, { tenderId: id, note: fields.note, authorId: user.id, at: now });
      const lines: string[] = [];
      for (const file of stored) {
        const version = previous ? Number(previous.version) + 1 : 1;
        await repo.insertVersion(tx, { tenderId: id, addendumId: addendum.id, uploadedBy: user.id, previousId: previous?.id ?? null, version, at: now, file });
        lines.push(previous ? `${file.filename} (version ${version}, replaces ${previous.filename} version ${previous.version})` : `${file.filename} (new)`);
      }
      const number = Number(addendum.number);
      await insertEvent(tx, { tenderId: id, actorId: user.id, kind: 'addendum-issued', subject: `Addendum ${number}: ${cut(fields.note)} (${lines.join('; ')})`, at: now });
      for (const to of recipients) await queueMail(tx, mails.documentsChanged(to, tender, number, fields.note, lines, ctx.env.PUBLIC_URL), 'tender-addendum');
    }),
  );
  return { message: M.addendumIssued, data: await listAddenda(ctx, user, id) };
}
