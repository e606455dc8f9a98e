import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import {
  DOC_MIME,
  DOCX_MIME,
  PDF_MIME,
  QUOTE_ATTACHMENT_KINDS,
  QUOTE_ATTACHMENT_MAX_BYTES,
  QUOTE_MESSAGES as M,
  type QuoteAttachmentKind,
} from '@solar/shared/constants/quotes';
import type { z } from 'zod';
import { createQuote, type createQuoteFields } from '@solar/shared/contracts/quotes';
import { AppError } from '../../platform/errors';
import { readMultipart } from '../../platform/multipart';
import { downloadName } from '../../plugins/downloads';

export interface QuoteFile {
  kind: QuoteAttachmentKind;
  filename: string;
  mime: string;
  extension: 'pdf' | 'doc' | 'docx';
  bytes: Buffer;
}

export interface QuoteUpload {
  /** The text fields, validated with the shared form schema (`createQuoteFields`). */
  fields: z.output<typeof createQuoteFields>;
  files: QuoteFile[];
}

const isKind = (name: string): name is QuoteAttachmentKind => (QUOTE_ATTACHMENT_KINDS as readonly string[]).includes(name);

/**
 * The type from the magic bytes (docs/product/quotes.md#attachments: pdf, doc, docx), never the name or declared type.
 * Legacy .doc is an OLE compound file, which other formats share, so it is accepted only with a
 * .doc name (docs/decisions/0253).
 */
export async function detectAttachmentType(bytes: Buffer, filename: string): Promise<Pick<QuoteFile, 'mime' | 'extension'> | null> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === PDF_MIME) return { mime: PDF_MIME, extension: 'pdf' };
  if (detected?.mime === DOCX_MIME) return { mime: DOCX_MIME, extension: 'docx' };
  if (detected?.mime === 'application/x-cfb' && /\.doc$/i.test(filename.trim())) return { mime: DOC_MIME, extension: 'doc' };
  return null;
}

const isTooLarge = (error: unknown) => {
  const e = error as { code?: string; statusCode?: number } | null;
  return e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413;
};

/**
 * Reads the whole multipart request into memory (two files of 5 MB at most): nothing is written
 * anywhere until every part has been read and checked, so a refused or aborted upload leaves
 * nothing behind. The text fields get the input rule and the shared schema in `readMultipart`.
 */
export async function readQuoteUpload(request: FastifyRequest): Promise<QuoteUpload> {
  const files: QuoteFile[] = [];
  const fields = await readMultipart(request, createQuote, {
    limits: { fileSize: QUOTE_ATTACHMENT_MAX_BYTES, files: 2, fields: 20 },
    notMultipart: M.invalidForm,
    onFile: async (part) => {
      const kind = part.fieldname;
      if (!isKind(kind) || files.some((f) => f.kind === kind)) {
        // Unknown or repeated file fields are refused rather than silently dropped.
        part.file.resume();
        throw new AppError('BAD_REQUEST', M.attachmentType);
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > QUOTE_ATTACHMENT_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', M.attachmentSize);
      if (bytes.length === 0) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.attachmentType);
      const type = await detectAttachmentType(bytes, part.filename);
      if (!type) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.attachmentType);
      files.push({ kind, filename: downloadName(part.filename, type.mime), bytes, ...type });
    },
    parserError: (error) => {
      if (isTooLarge(error)) return new AppError('PAYLOAD_TOO_LARGE', M.attachmentSize);
      const code = (error as { code?: string }).code;
      if (code === 'FST_FILES_LIMIT') return new AppError('BAD_REQUEST', M.attachmentType);
      return new AppError('BAD_REQUEST', M.invalidForm);
    },
  });
  return { fields, files };
}
