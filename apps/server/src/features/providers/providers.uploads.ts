import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { uploadProviderCover, uploadProviderLogo, uploadProviderMedia } from '@solar/shared/contracts/providers';
import { MEDIA_MAX_FILES, PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { AppError } from '../../platform/errors';
import { readMultipart } from '../../platform/multipart';

/** An upload rule: allowed types by magic bytes, size limit and the messages users see. */
export interface UploadRule {
  mimeTypes: readonly string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

export interface CheckedFile {
  filename: string;
  mime: string;
  bytes: Buffer;
}

/**
 * Reads one multipart part fully (the size limit is enforced by the parser: beyond it the part is
 * truncated and refused with 413) and checks its type from its magic bytes, never its name or
 * declared type. Nothing is written anywhere until every part has passed.
 */
export async function readPart(part: MultipartFile, rule: UploadRule): Promise<CheckedFile> {
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if (isTooLarge(error)) throw new AppError('PAYLOAD_TOO_LARGE', rule.sizeMessage);
    throw error;
  }
  if (part.file.truncated || bytes.length > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', rule.sizeMessage);
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', rule.typeMessage);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !rule.mimeTypes.includes(detected.mime))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', rule.typeMessage);
  return { filename: part.filename, mime: detected.mime, bytes };
}

export function isTooLarge(error: unknown): boolean {
  const e = error as { code?: string; statusCode?: number } | null;
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.code === 'FST_FILES_LIMIT' || e?.statusCode === 413;
}

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};
export const extensionOf = (mime: string) => EXT[mime] ?? 'bin';

/**
 * Re-encodes an image (strips metadata and anything hidden in the file) in its own format,
 * shrinking it to fit `maxSide`. A file sharp cannot decode is refused with the type message.
 */
export async function reencodeImage(file: CheckedFile, maxSide: number, typeMessage: string): Promise<Buffer> {
  try {
    const pipeline = sharp(file.bytes, { animated: file.mime === 'image/gif', limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true });
    if (file.mime === 'image/png') return await pipeline.png().toBuffer();
    if (file.mime === 'image/gif') return await pipeline.gif().toBuffer();
    return await pipeline.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', typeMessage);
  }
}

/** A small thumbnail for media grids (always JPEG/PNG, first frame of a GIF). */
export async function thumbnailOf(file: CheckedFile): Promise<{ bytes: Buffer; ext: string }> {
  const pipeline = sharp(file.bytes).rotate().resize({ width: 400, height: 400, fit: 'cover' });
  if (file.mime === 'image/jpeg') return { bytes: await pipeline.jpeg({ quality: 75 }).toBuffer(), ext: 'jpg' };
  return { bytes: await pipeline.png().toBuffer(), ext: 'png' };
}

type UploadContract = typeof uploadProviderLogo | typeof uploadProviderCover;

/** Reads exactly one file from the multipart field `field`, checked against the rule. */
export async function readSingleFile(request: FastifyRequest, contract: UploadContract, field: string, rule: UploadRule): Promise<CheckedFile> {
  let found: CheckedFile | null = null;
  await readMultipart(request, contract, {
    limits: { fileSize: rule.maxBytes, files: 1, fields: 5 },
    notMultipart: rule.typeMessage,
    onFile: async (part) => {
      if (part.fieldname !== field || found) {
        part.file.resume();
        return;
      }
      found = await readPart(part, rule);
    },
    parserError: (error) =>
      isTooLarge(error) ? new AppError('PAYLOAD_TOO_LARGE', rule.sizeMessage) : new AppError('BAD_REQUEST', rule.typeMessage),
  });
  if (!found) throw new AppError('BAD_REQUEST', rule.typeMessage);
  return found;
}

export async function readManyFiles(request: FastifyRequest, rule: UploadRule): Promise<CheckedFile[]> {
  const files: CheckedFile[] = [];
  await readMultipart(request, uploadProviderMedia, {
    limits: { fileSize: rule.maxBytes, files: MEDIA_MAX_FILES, fields: 5 },
    notMultipart: M.mediaNone,
    onFile: async (part) => {
      if (part.fieldname !== 'files') {
        part.file.resume();
        return;
      }
      files.push(await readPart(part, rule));
    },
    parserError: (error) => {
      const code = (error as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT') return new AppError('PAYLOAD_TOO_LARGE', M.mediaTooMany);
      if (isTooLarge(error)) return new AppError('PAYLOAD_TOO_LARGE', rule.sizeMessage);
      return new AppError('BAD_REQUEST', M.filesFailed);
    },
  });
  if (files.length === 0) throw new AppError('BAD_REQUEST', M.mediaNone);
  return files;
}
