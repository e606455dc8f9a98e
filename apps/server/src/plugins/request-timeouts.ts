import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { HTTP_TIMEOUTS, REQUEST_TIMEOUT_MESSAGE } from '@solar/shared/constants/http';
import type { Env } from '../env';
import { answerOnSocket } from './errors';

export type HttpTimeouts = { -readonly [K in keyof typeof HTTP_TIMEOUTS]: number };

/**
 * Bounds on how long a client may take to send a request (decision 0423; issue 25, finding 4):
 * Node's headers and whole-request deadlines, checked every second, an idle socket limit and the
 * keep-alive timeout. Fastify sets none of the first two by default.
 */
export function timeoutOptions(t: HttpTimeouts): Pick<FastifyServerOptions, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout'> & {
  http: { headersTimeout: number; connectionsCheckingInterval: number };
} {
  return {
    requestTimeout: t.requestMs,
    connectionTimeout: t.idleMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { headersTimeout: Math.min(t.headersMs, t.requestMs), connectionsCheckingInterval: t.checkEveryMs },
  };
}

/**
 * The body's own pace, which Node cannot bound per request: after `bodyGraceMs` a body must have
 * arrived at `bodyMinBytesPerSecond` on average (Apache's mod_reqtimeout `body=…,MinRate=…` model),
 * or the request is answered 408 on the socket and the connection closed. A slow-drip upload is
 * then cut off within seconds of falling behind, while a real upload on a slow line keeps going up
 * to `requestMs`. Nothing is stored: uploads are read whole and checked before any write
 * (decision 0332), and the reader sees the stream end early.
 */
export function registerBodyPace(app: FastifyInstance, env: Env, t: HttpTimeouts) {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    const length = Number(raw.headers['content-length'] ?? 0);
    const socket = raw.socket;
    // In-process requests (app.inject, a page render's API calls) have no network to be slow on.
    if (raw.complete || !(length > 0 || raw.headers['transfer-encoding']) || typeof socket?.bytesRead !== 'number') return done();
    const started = Date.now();
    const bytesAtStart = socket.bytesRead;
    const timer = setInterval(() => {
      if (raw.complete || socket.destroyed || reply.raw.headersSent) return clearInterval(timer);
      const received = socket.bytesRead - bytesAtStart;
      const allowedMs = t.bodyGraceMs + (received / t.bodyMinBytesPerSecond) * 1000;
      if (Date.now() - started <= allowedMs) return;
      clearInterval(timer);
      request.log.warn({ receivedBytes: received, expectedBytes: length || undefined, ms: Date.now() - started }, 'request body too slow: cut off');
      answerOnSocket(env, socket, 408, REQUEST_TIMEOUT_MESSAGE, String(request.id));
      socket.destroySoon();
    }, Math.min(500, t.bodyGraceMs));
    timer.unref();
    raw.once('close', () => clearInterval(timer));
    done();
  });
}
