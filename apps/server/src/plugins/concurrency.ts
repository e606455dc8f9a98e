import { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pLimit from 'p-limit';

/**
 * At most `limit` requests run their handlers at once; the rest wait their turn, first come first
 * served (decision 0642). Node interleaves every admitted request on one thread: with 20 under way,
 * each of a page's steps (its statements, its render) waits for the other 19's steps, so the answers
 * with the most steps (pages, the asset map) take the longest and set the 99th percentile. A small
 * number keeps the process as busy (one request renders while another waits on the database) and
 * makes the wait the same for every kind. Admission comes after the body is read (`preHandler`), so
 * a slow upload never holds a place, and a place is given back when the reply is sent (`onSend`),
 * not when a slow reader has taken it. 0 turns the limit off.
 */
export function registerConcurrencyLimit(app: FastifyInstance, limit: number) {
  if (limit <= 0) return;
  const run = pLimit(limit);
  const places = new WeakMap<FastifyRequest, () => void>();
  const release = (request: FastifyRequest) => {
    places.get(request)?.();
    places.delete(request);
  };
  app.addHook('preHandler', (request, reply, done) => {
    // `app.inject` (a render's call to a route not bound with `bind`) comes from a request that holds
    // a place already: waiting for another could wait for itself.
    if (!(request.raw instanceof IncomingMessage)) return done();
    void run(
      () =>
        new Promise<void>((free) => {
          places.set(request, free);
          // A client gone before its reply frees its place too.
          reply.raw.once('close', () => release(request));
          done();
        }),
    );
  });
  app.addHook('onSend', (request, _reply, payload, done) => {
    release(request);
    done(null, payload);
  });
}
