import pino, { type Logger } from 'pino';

/**
 * Query keys whose values never reach a log line (reset links carried a token in the address, and
 * tender invitation links mailed before decision 0443 carry `invite`).
 */
const SECRET_QUERY = /([?&](?:token|invite|password|newPassword|code)=)[^&#]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[REDACTED]');

/**
 * Properties of database errors that hold the statement's values (Drizzle's `params`, PGlite's
 * `params`, PostgreSQL's `detail` and `where`), so a failed insert would log what a person typed.
 */
const VALUE_KEYS = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery', 'body']);
/** PostgreSQL quotes the offending value in some messages ('invalid input syntax for type uuid: "…"'). */
const QUOTED_VALUE = /(invalid input (?:syntax|value) for (?:type|enum) [\w ."]+?: )".*"/gs;
/** Mail servers name the recipient in their refusals. */
const EMAIL_ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[a-z]{2,}/gi;

function scrubMessage(message: string): string {
  // Drizzle's message is "Failed query: <sql>\nparams: <values>": the statement stays, the values go.
  const at = message.indexOf('\nparams: ');
  return (at >= 0 ? `${message.slice(0, at)}\nparams: [REDACTED]` : message)
    .replace(QUOTED_VALUE, '$1[REDACTED]')
    .replace(EMAIL_ADDRESS, '[email]');
}

/**
 * A copy of an error (and its causes) without the values a failing statement carried: personal
 * field values never reach a log line (docs/security.md#input-output-uploads; decision 0332). Type, code, constraint,
 * the statement text and the stack frames are kept for diagnosis.
 */
export function withoutValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 8) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_KEYS.has(key) || key === 'cause') continue;
    copy[key] = value;
  }
  const message = scrubMessage(error.message);
  const frames = error.stack?.indexOf('\n    at ') ?? -1;
  Object.defineProperty(copy, 'message', { value: message, enumerable: false, writable: true });
  Object.defineProperty(copy, 'name', { value: error.name, enumerable: false, writable: true });
  Object.defineProperty(copy, 'stack', {
    value: `${error.name}: ${message}${frames >= 0 ? error.stack!.slice(frames) : ''}`,
    enumerable: false,
    writable: true,
  });
  if (error.cause !== undefined) {
    Object.defineProperty(copy, 'cause', { value: withoutValues(error.cause, depth + 1), enumerable: false, writable: true });
    // pino logs only a cause's message and stack; the database's own fields say what failed.
    const database = error.cause as { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };
    if (depth === 0 && typeof database.code === 'string' && copy.databaseError === undefined) {
      copy.databaseError = { code: database.code, constraint: database.constraint, table: database.table, column: database.column };
    }
  }
  return copy;
}

/** JSON logs with request ids; passwords, tokens and cookies are redacted (docs/security.md#input-output-uploads). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
          '*.password',
          '*.newPassword',
          '*.passwordHash',
          '*.token',
          '*.cookie',
        ],
        censor: '[REDACTED]',
      },
      hooks: {
        // @fastify/compress logs a client that leaves mid-download as an error ("premature close");
        // a visitor navigating away is not a server fault, so it is logged at debug.
        logMethod(args, method, level) {
          const [first] = args as unknown[];
          if (level >= 50 && first instanceof Error && first.message === 'premature close') {
            return this.debug(first.message);
          }
          return method.apply(this, args as Parameters<typeof method>);
        },
      },
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: (error: Error) => pino.stdSerializers.err(withoutValues(error) as Error),
      },
    },
    destination,
  );
}
