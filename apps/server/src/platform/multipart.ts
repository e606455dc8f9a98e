import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { INPUT_MESSAGES } from '@solar/shared/constants/http';
import { hasForbiddenControlCharacter } from '@solar/shared/domain/input-text';
import { AppError } from './errors';

export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields?: number;
  fieldSize?: number;
}

export interface MultipartReading {
  limits: MultipartLimits;
  /** Reads one file part fully (or drains it) and checks it; throws an AppError to refuse. */
  onFile(part: MultipartFile): Promise<void>;
  /** The route's answer to a parser failure (a size or count limit, a broken body). */
  parserError(error: unknown): AppError;
  /** The route's answer to a request that is not multipart. */
  notMultipart: string;
}

/** A text field larger than this is refused, never silently cut (the longest form field is 5,000 characters). */
const FIELD_SIZE = 64 * 1024;

/**
 * Reads every part of a multipart request (docs/decisions/0332). Text fields obey the input rule
 * of every JSON body (`hasForbiddenControlCharacter`, as in plugins/routes.ts) and are then
 * validated with the contract's shared schema, so a multipart field reaches a service exactly as
 * checked as a JSON one. Files go to `onFile`, which holds them in memory: nothing is stored until
 * every part has been read and checked.
 */
export async function readMultipart<S extends z.ZodType>(
  request: FastifyRequest,
  contract: { multipart: { fields: S } },
  reading: MultipartReading,
): Promise<z.output<S>> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', reading.notMultipart);
  const fields: Record<string, unknown> = {};
  try {
    for await (const part of request.parts({ limits: { fieldSize: FIELD_SIZE, ...reading.limits } })) {
      if (part.type === 'file') {
        await reading.onFile(part);
        continue;
      }
      if (hasForbiddenControlCharacter(part.fieldname) || hasForbiddenControlCharacter(part.value)) {
        throw new AppError('BAD_REQUEST', INPUT_MESSAGES.controlCharacter);
      }
      if (part.valueTruncated || part.fieldnameTruncated) throw new AppError('BAD_REQUEST', INPUT_MESSAGES.fieldTooLong);
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw reading.parserError(error);
  }
  const parsed = contract.multipart.fields.safeParse(fields);
  if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]?.message ?? reading.notMultipart);
  return parsed.data;
}
