import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { INTERNAL_ERROR_MESSAGE } from '@solar/shared/constants/http';
import { AppError } from '../platform/errors';

/**
 * One error model (STYLE §5): AppError codes map to statuses; validation errors are 400 with the
 * first message; client errors raised by Fastify keep their status; everything else is a generic
 * 500 whose reference id is the request id in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ code: error.code }, error.message);
      return reply.code(error.status).send({ success: false, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'Invalid request';
      return reply.code(400).send({ success: false, message: field && isGenericZodMessage(message) ? `${field}: ${message}` : message });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ success: false, message: INTERNAL_ERROR_MESSAGE, reference: String(request.id) });
  });
}

/** Zod's built-in messages ('Invalid input: expected string…') are made clearer with the field name. */
const isGenericZodMessage = (message: string) => /^(Invalid|Unrecognized|Too (big|small))/i.test(message);

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return error.message || 'Bad request';
  }
}
