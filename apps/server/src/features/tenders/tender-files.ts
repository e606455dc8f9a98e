import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { TENDER_FILE_TYPES, TENDER_LIFECYCLE_MESSAGES as M, type TenderFileMime } from '@solar/shared/constants/tender-lifecycle';
import type { Contract } from '@solar/shared/contracts/contract';
import type { z } from 'zod';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { readMultipart } from '../../platform/multipart';
import { downloadName } from '../../plugins/downloads';

export interface TenderFile {
  filename: string;
  mime: TenderFileMime;
  extension: string;
  bytes: Buffer;
}

const isTooLarge = (error: unknown) => {
  const e = error as { code?: string; statusCode?: number } | null;
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413;
};

/** The type from the magic bytes (PDF, DOCX, XLSX, PNG, JPEG, WebP), never the name or declared type. */
export async function detectTenderFileType(bytes: Buffer): Promise<{ mime: TenderFileMime; extension: string } | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !(detected.mime in TENDER_FILE_TYPES)) return null;
  const mime = detected.mime as TenderFileMime;
  return { mime, extension: TENDER_FILE_TYPES[mime] };
}

/**
 * Reads a multipart upload of tender documents or response attachments (field `files`) into
 * memory and checks every file by content. `room` is what the owner row may still take (files and
 * bytes, after what it holds), so the limits are "in all", not per request. Nothing is stored
 * until every part has been read and checked.
 */
export async function readTenderFiles(
  request: FastifyRequest,
  contract: Contract & { multipart: { fields: z.ZodType } },
  room: { files: number; bytes: number; tooMany: string },
): Promise<TenderFile[]> {
  return (await readTenderUpload(request, contract, room)).files;
}

/** As `readTenderFiles`, with the text fields checked by the contract's schema (an addendum's note, decision 0525). */
export async function readTenderUpload<S extends z.ZodType>(
  request: FastifyRequest,
  contract: Contract & { multipart: { fields: S } },
  room: { files: number; bytes: number; tooMany: string },
): Promise<{ files: TenderFile[]; fields: z.output<S> }> {
  const files: TenderFile[] = [];
  let total = 0;
  const fields = await readMultipart(request, contract, {
    limits: { fileSize: Math.max(room.bytes, 1), files: Math.max(room.files, 0) + 1, fields: 5 },
    notMultipart: M.invalidForm,
    onFile: async (part) => {
      if (part.fieldname !== 'files') {
        part.file.resume();
        throw new AppError('BAD_REQUEST', M.fileType);
      }
      if (files.length >= room.files) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', room.tooMany);
      }
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (part.file.truncated || total > room.bytes) throw new AppError('PAYLOAD_TOO_LARGE', M.filesTooLarge);
      if (bytes.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.fileType);
      const type = await detectTenderFileType(bytes);
      if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.fileType);
      files.push({ filename: downloadName(part.filename, type.mime), bytes, ...type });
    },
    parserError: (error) => {
      if (isTooLarge(error)) return new AppError('PAYLOAD_TOO_LARGE', M.filesTooLarge);
      if ((error as { code?: string }).code === 'FST_FILES_LIMIT') return new AppError('BAD_REQUEST', room.tooMany);
      return new AppError('BAD_REQUEST', M.invalidForm);
    },
  });
  if (files.length === 0) throw new AppError('BAD_REQUEST', M.fileType);
  return { files, fields };
}

/** Stores checked files privately, then their rows and owner records in one transaction (decision 0330). */
export async function storePrivateFiles<T>(
  ctx: Pick<AppContext, 'storage'>,
  files: TenderFile[],
  write: (stored: Array<{ filename: string; mimeType: string; storageKey: string; sizeBytes: number }>) => Promise<T>,
) {
  const written: string[] = [];
  try {
    const stored = [];
    for (const file of files) {
      const put = await ctx.storage.put('private', file.bytes, file.extension);
      written.push(put.key);
      stored.push({ filename: file.filename, mimeType: file.mime, storageKey: put.key, sizeBytes: put.size });
    }
    return await write(stored);
  } catch (error) {
    // Never a file without its row.
    await Promise.all(written.map((key) => ctx.storage.delete('private', key).catch(() => undefined)));
    throw error;
  }
}
