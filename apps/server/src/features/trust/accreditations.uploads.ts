import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { z } from 'zod';
import { ACCREDITATION_LIMITS as L, EVIDENCE_TYPES, TRUST_MESSAGES as M } from '@solar/shared/constants/trust';
import { createProviderAccreditation, type createAccreditationFields } from '@solar/shared/contracts/trust';
import { AppError } from '../../platform/errors';
import { readMultipart } from '../../platform/multipart';
import { downloadName } from '../../plugins/downloads';

export interface EvidenceFile {
  filename: string;
  mime: (typeof EVIDENCE_TYPES)[number];
  extension: string;
  bytes: Buffer;
}

export interface AccreditationUpload {
  fields: z.output<typeof createAccreditationFields>;
  evidence: EvidenceFile | null;
}

const EXTENSIONS: Record<(typeof EVIDENCE_TYPES)[number], string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/**
 * The accreditation form with its optional evidence (decision 0482): a PDF or an image told by its
 * first bytes, at most 5 MB, held in memory until every part is read and checked.
 */
export async function readAccreditationUpload(request: FastifyRequest): Promise<AccreditationUpload> {
  let evidence: EvidenceFile | null = null;
  const fields = await readMultipart(request, createProviderAccreditation, {
    limits: { fileSize: L.evidenceMaxBytes, files: 1, fields: 10 },
    notMultipart: M.evidenceType,
    onFile: async (part) => {
      if (part.fieldname !== 'evidence' || evidence) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', M.evidenceType);
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > L.evidenceMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', M.evidenceTooLarge);
      const detected = bytes.length > 0 ? await fileTypeFromBuffer(bytes) : undefined;
      const mime = EVIDENCE_TYPES.find((t) => t === detected?.mime);
      if (!mime) throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.evidenceType);
      evidence = { filename: downloadName(part.filename, mime), mime, extension: EXTENSIONS[mime], bytes };
    },
    parserError: (error) => {
      const e = error as { code?: string; statusCode?: number } | null;
      if (e?.code === 'FST_REQ_FILE_TOO_LARGE' || e?.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', M.evidenceTooLarge);
      return new AppError('BAD_REQUEST', M.evidenceType);
    },
  });
  return { fields, evidence };
}
