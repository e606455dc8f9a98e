import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import { DOC_MIME } from '@solar/shared/constants/quotes';
import { TENDER_FILE_TYPES } from '@solar/shared/constants/tender-lifecycle';

/**
 * Stored files go out under a name made from their checked type (decision 0422, issue 25 finding 9):
 * the extension comes from the type found in the file's bytes at upload, never from the name the
 * uploader gave, so a PDF/HTML polyglot named `report.html` downloads as `report.pdf`.
 */
const EXTENSION_BY_TYPE: Record<string, string> = { ...TENDER_FILE_TYPES, [DOC_MIME]: 'doc' };
const FALLBACK_TYPE = 'application/octet-stream';

/**
 * Control characters (C0, DEL, C1), every Unicode format character (bidi overrides and isolates,
 * zero-width joiners and spaces, the BOM), line and paragraph separators, and what a file system or
 * a header would read as syntax.
 */
const UNSAFE = /[\p{Cc}\p{Cf}\u2028\u2029"*/:<>?\\|]/gu;

/** The name a stored file is downloaded (and listed) under: `<cleaned base>.<extension of its type>`. */
export function downloadName(uploadedName: string, mimeType: string): string {
  const extension = EXTENSION_BY_TYPE[mimeType] ?? 'bin';
  const leaf = uploadedName.split(/[\\/]/).pop() ?? '';
  const cleaned = leaf.replace(UNSAFE, '').replace(/\s+/g, ' ').trim();
  // The uploader's extension goes (whatever it claimed); a trailing copy of the real one is not doubled.
  const base = cleaned
    .replace(/\.[^.]*$/, '')
    .replace(new RegExp(`\\.${extension}$`, 'i'), '')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 150)
    .trim();
  return `${base || 'document'}.${extension}`;
}

/** RFC 5987 `attr-char`s stay; every other byte of the UTF-8 name is percent-encoded. */
const encodeRfc5987 = (value: string) => encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition: attachment` (RFC 6266) with an ASCII `filename` for old clients and the
 * UTF-8 name in `filename*` (RFC 5987/8187).
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

export interface StoredDownload {
  stream: Readable;
  size: number;
  /** The name recorded at upload (cleaned again here: rows written before this rule keep theirs). */
  filename: string;
  /** The type checked from the bytes at upload. */
  mimeType: string;
}

/**
 * Sends a private stored file (quote attachments, tender documents, response attachments): its
 * checked type, the derived name, always as an attachment, never sniffed, never cached.
 */
export function sendDownload(reply: FastifyReply, file: StoredDownload) {
  const known = file.mimeType in EXTENSION_BY_TYPE;
  return reply
    .header('Content-Type', known ? file.mimeType : FALLBACK_TYPE)
    .header('Content-Length', file.size)
    .header('Content-Disposition', contentDisposition(downloadName(file.filename, file.mimeType)))
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.stream);
}
