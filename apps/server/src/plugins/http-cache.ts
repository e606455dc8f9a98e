import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANSWER_CACHE_MAX_BYTES, CACHE_STATUS_HEADER, COMPRESS_FROM_BYTES, HTTP_CACHE } from '@solar/shared/constants/http-cache';
import type { Database } from '../db/client';
import { Cache, type Found } from '../platform/cache';
import { readCacheFeed, type ReadCacheFeed } from '../platform/read-cache-feed';

/**
 * HTTP caching of reads (issue 26, decision 0430): what `bind(contract, handler, { cache })` and the
 * page renderer use. An answer is kept in the server's one in-process cache as its bytes, a strong
 * ETag, and the compressed forms of answers asked for more than once. Sent with the headers of its
 * class: a visitor's answer to a public read `public` within the stated bound (HTTP_CACHE), with its
 * ETag, `Vary` and a 304 to a matching If-None-Match; anything asked with a session, and any user's
 * own answer, `private, no-store`.
 */

export type Encoding = 'br' | 'gzip';

/** An answer as sent: bytes, type and validator, and its compressed forms once it was asked for again. */
export interface Answer {
  body: Buffer;
  type: string;
  etag: string;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** Times sent: compressed bytes are kept only for answers sent more than once. */
  sent: number;
}

/**
 * What a kept answer costs beyond its bytes and key: its records, ETag, tags and the cache's indexes
 * (measured with `bench/cache-memory.ts`: 1,100–1,200 bytes per entry; decision 0622).
 */
export const ENTRY_OVERHEAD_BYTES = 1200;

/** Bytes an answer holds, for the cache's budget (its key and bookkeeping included). */
export const answerSize = (answer: Answer, key: string) =>
  answer.body.byteLength + (answer.encoded.br?.byteLength ?? 0) + (answer.encoded.gzip?.byteLength ?? 0) + key.length + ENTRY_OVERHEAD_BYTES;

/**
 * `bytes` in memory of their own. A small Buffer made from a string is a slice of Node's shared 8 KB
 * pool, and zlib's output a slice of its 8–16 KB chunk: kept, either holds the whole block while the
 * cache counts the slice (a 42-byte brotli answer held 16 KB; decision 0622).
 */
export function ownBytes(bytes: string | Buffer): Buffer {
  if (typeof bytes !== 'string' && bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength);
  if (typeof bytes === 'string') own.write(bytes);
  else bytes.copy(own);
  return own;
}

export function makeAnswer(body: string | Buffer, type: string): Answer {
  const bytes = ownBytes(body);
  // Strong: it names these exact bytes (each compressed form gets its own suffix).
  const etag = `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;
  return { body: bytes, type, etag, encoded: {}, sent: 0 };
}

const caches = new WeakMap<ReadCacheFeed, Cache<Answer>>();

/** The process's answer cache for a database (one per feed: an app built again starts empty). */
export function answerCache(database: Database): Cache<Answer> {
  const feed = readCacheFeed(database);
  let cache = caches.get(feed);
  if (!cache) caches.set(feed, (cache = new Cache<Answer>(feed, { maxBytes: ANSWER_CACHE_MAX_BYTES, ttlMs: HTTP_CACHE.serverMaxAgeSeconds * 1000 })));
  return cache;
}

/** The header of a visitor's answer to a public read, within the stated bound (shorter if the answer turns sooner). */
export function publicCacheControl(secondsLeft = Infinity): string {
  const cap = (s: number) => Math.max(0, Math.min(s, Math.floor(secondsLeft)));
  return `public, max-age=${cap(HTTP_CACHE.maxAge)}, s-maxage=${cap(HTTP_CACHE.sMaxAge)}, stale-while-revalidate=${cap(HTTP_CACHE.staleWhileRevalidate)}`;
}

export const PRIVATE = 'private, no-store';

/** The q value the client gives `name` in Accept-Encoding (`*` covers the rest), 0 when absent. */
function acceptQuality(header: string, name: string): number {
  let star = 0;
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2)) || 0;
    if (token === name) return quality;
    if (token === '*') star = quality;
  }
  return star;
}

/** The encoding to send: brotli when the client takes it, else gzip, else none. */
export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (!text) return null;
  const br = acceptQuality(text, 'br');
  const gz = acceptQuality(text, 'gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Below this, compressing on the main thread costs less than a trip to the thread pool. */
const SYNC_BELOW = 64 * 1024;
/**
 * Levels for content made per request: brotli 4 (the window sized to the answer) is about as fast
 * as gzip 6 and ~15 % smaller; higher levels cost several times the CPU for a few per cent. From
 * LIGHT_FROM up (a wide asset map view is 4.6 MB) the fastest levels: brotli 1 and gzip 1 took 12 and
 * 18 ms for that answer where brotli 4 and gzip 6 took 73 and 52 ms, for 23 % and 19 % more bytes
 * (docs/benchmarks/long-tail.md, decision 0545).
 */
export const LIGHT_FROM = 256 * 1024;
const brotliOptions = (size: number) => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: size < LIGHT_FROM ? 4 : 1,
    [zlib.BROTLI_PARAM_SIZE_HINT]: size,
    [zlib.BROTLI_PARAM_LGWIN]: Math.max(16, Math.min(22, Math.ceil(Math.log2(size + 1)))),
  },
});
const gzipOptions = (size: number) => ({ level: size < LIGHT_FROM ? 6 : 1 });

export function compress(body: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  if (encoding === 'br') return body.length < SYNC_BELOW ? brotliCompressSync(body, brotliOptions(body.length)) : brotliAsync(body, brotliOptions(body.length));
  return body.length < SYNC_BELOW ? gzipSync(body, gzipOptions(body.length)) : gzipAsync(body, gzipOptions(body.length));
}

/** Whether If-None-Match names this answer (any of its encodings; `W/` ignored: weak comparison, RFC 9110 13.1.2). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.slice(1, -1);
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '').replace(/-(br|gz)$/, '') === bare);
}

export interface SendOptions {
  /** Whether a shared cache may keep it (a visitor's answer to a public read). */
  shared: boolean;
  /** Seconds until it reads differently with nothing written (a tender closing): caps the max-ages. */
  secondsLeft?: number;
  /** The cache entry's key, so compressed forms made for a repeat are counted in its size. */
  key?: string;
  cache?: Cache<Answer>;
  hit?: boolean;
}

/** Sends an answer with the headers of its class: a 304, or its bytes in the encoding the client asked for. */
export async function sendAnswer(request: FastifyRequest, reply: FastifyReply, answer: Answer, options: SendOptions) {
  if (request.server.ctx.env.CACHE_STATUS_HEADER && options.hit !== undefined) reply.header(CACHE_STATUS_HEADER, options.hit ? 'hit' : 'miss');
  reply.type(answer.type);
  const compressible = answer.body.length >= COMPRESS_FROM_BYTES;
  if (compressible) reply.header('Vary', 'Accept-Encoding, Cookie');
  if (!options.shared) {
    reply.header('Cache-Control', PRIVATE);
  } else {
    if (!compressible) reply.header('Vary', 'Cookie');
    reply.header('Cache-Control', publicCacheControl(options.secondsLeft));
    if (notModified(request, answer.etag)) return reply.code(304).header('ETag', answer.etag).send();
  }
  const encoding = compressible ? chooseEncoding(request.headers['accept-encoding']) : null;
  answer.sent += 1;
  if (!encoding) {
    if (options.shared) reply.header('ETag', answer.etag);
    return reply.send(answer.body);
  }
  let bytes = answer.encoded[encoding];
  if (!bytes) {
    bytes = await compress(answer.body, encoding);
    // Kept only once the answer is asked for again: most first-time answers are never asked twice.
    if (answer.sent > 1 && options.cache && options.key) {
      answer.encoded[encoding] = bytes = ownBytes(bytes);
      options.cache.resize(options.key, answerSize(answer, options.key));
    }
  }
  if (options.shared) reply.header('ETag', `"${answer.etag.slice(1, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`);
  return reply.header('Content-Encoding', encoding).send(bytes);
}

/** Sends what the cache found (or computed) for a request; an answer made for the caller alone (no key) says nothing of the cache. */
export const sendFound = (request: FastifyRequest, reply: FastifyReply, found: Found<Answer>, options: Omit<SendOptions, 'hit'>) =>
  sendAnswer(request, reply, found.value, { ...options, hit: options.key ? found.hit : undefined });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A write is acknowledged only once its process has heard every write committed before the answer
 * (PostgreSQL: a marker on the listening connection, one round trip; PGlite hears each write as it
 * commits), so the writer's next read from this process shows it (decision 0430). Other processes hear
 * it as its notification arrives; visitors, through every cache, within the stated bound.
 */
export function registerWriteBarrier(app: FastifyInstance) {
  const { database } = app.ctx;
  if (database.kind !== 'postgres') return;
  const feed = readCacheFeed(database);
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!SAFE_METHODS.has(request.method)) await feed.sync();
    return payload;
  });
}
