import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyError, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { INTERNAL_ERROR_MESSAGE, REQUEST_TIMEOUT_MESSAGE } from '@solar/shared/constants/http';
import { isValidatorText } from '@solar/shared/contracts/fields';
import type { Env } from '../env';
import { AppError } from '../platform/errors';
import { securityHeaders } from './security';

/**
 * One error model (docs/style.md#5-one-error-model): AppError codes map to statuses; validation errors are 400 with the
 * first message; client errors raised by Fastify keep their status; everything else is a generic
 * 500 whose reference id is the request id in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.warn({ code: error.code }, error.message);
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.code(error.status).send({ success: false, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const message = first?.message ?? 'Invalid request';
      // The forms' fields carry messages written for people (decision 0365); a validator's own text
      // is left only for fields no form sends, and names the field for whoever made the request.
      return reply.code(400).send({ success: false, message: field && isValidatorText(message) ? `${field}: ${message}` : message });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ success: false, message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ success: false, message: INTERNAL_ERROR_MESSAGE, reference: String(request.id) });
  });
}

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

const FRAMEWORK_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: 'The address is not valid' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: 'The address is too long' },
};

/**
 * Errors the framework raises before any route or hook runs (a path with invalid percent-encoding,
 * an over-long parameter) and errors of the HTTP parser itself: the same `{ success, message }`
 * model and the same security headers as every other response (issue 14, finding 9).
 */
export function frameworkErrorOptions(env: Env): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors(error, request, untyped) {
      const reply = untyped as unknown as FastifyReply;
      const known = FRAMEWORK_MESSAGES[error.code];
      if (!known) request.log.error({ err: error }, 'framework error');
      const { status, message } = known ?? { status: 500, message: INTERNAL_ERROR_MESSAGE };
      void reply
        .code(status)
        .headers({ ...securityHeaders(env, String(request.id)), 'Cache-Control': 'no-store' })
        .send({ success: false, message, ...(status >= 500 && { reference: String(request.id) }) });
    },
    clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
      if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) return;
      const [status, message] =
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, REQUEST_TIMEOUT_MESSAGE]
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? [431, 'The request headers are too large']
            : [400, 'Bad request'];
      answerOnSocket(env, socket, status, message);
    },
  };
}

/**
 * Writes an answer in the error model straight to the socket and closes it: for a request the
 * parser refused, or one cut off before its body arrived (no reply of the framework's can be used).
 */
export function answerOnSocket(env: Env, socket: Socket, status: number, message: string, requestId: string = randomUUID()) {
  if (socket.destroyed || !socket.writable) return;
  const body = JSON.stringify({ success: false, message });
  const headers = {
    ...securityHeaders(env, requestId),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(body)),
    'Cache-Control': 'no-store',
    Connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n${body}`);
}
