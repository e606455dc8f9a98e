import pino, { type Logger } from 'pino';

/** Query keys whose values never reach a log line (reset links carry a token in the address). */
const SECRET_QUERY = /([?&](?:token|password|newPassword|code)=)[^&#]*/gi;

export const redactUrl = (url: string) => url.replace(SECRET_QUERY, '$1[REDACTED]');

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
        err: pino.stdSerializers.err,
      },
    },
    destination,
  );
}
