import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import type { CachedTable } from '@solar/shared/contracts/render';
import type { Database } from '../db/client';

/** Tables whose writes bump a row of `read_cache_versions` (migrations 0011 and 0014). */
export type { CachedTable };

export interface ReadCacheLimits {
  /** Most entries kept per database; the least recently used goes first. */
  maxEntries: number;
  /** Most bytes of JSON kept per database. */
  maxBytes: number;
  /** Longest an entry is served even while its table is unchanged (a bound on age; correctness comes from the version check). */
  ttlMs: number;
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Smaller answers are sent as they are (the compression plugin's threshold). */
const COMPRESS_THRESHOLD = 2048;

export type Encoding = 'br' | 'gzip';

/**
 * Each form made once, in the zlib thread pool. Brotli at quality 5 with a 16 MB window is ~20 %
 * smaller than gzip -6 on a UK map answer (457 KB against 569 KB from 4.7 MB) in about the same
 * time (42 ms against 34 ms); higher qualities cost seconds for a few per cent.
 */
const compressors: Record<Encoding, (bytes: Buffer) => Promise<Buffer>> = {
  br: (bytes) =>
    brotliAsync(bytes, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_LGWIN]: 24,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  gzip: (bytes) => gzipAsync(bytes, { level: 6 }),
};

/**
 * A serialized answer (JSON, or a rendered page's HTML) kept as UTF-8 bytes, with each compressed
 * form made once on first demand, so a repeated UK-wide map answer (~4.7 MB) is never encoded or
 * compressed twice.
 */
export class CachedText {
  readonly bytes: Buffer;
  private readonly compressed = new Map<Encoding, Promise<Buffer>>();
  private compressedSize = 0;

  constructor(text: string) {
    this.bytes = Buffer.from(text, 'utf8');
  }

  get text(): string {
    return this.bytes.toString('utf8');
  }

  /** Whether this answer is exactly `text` (cheap for a short marker). */
  is(text: string): boolean {
    return this.bytes.length === Buffer.byteLength(text) && this.text === text;
  }

  encoded(encoding: Encoding): Promise<Buffer> {
    let form = this.compressed.get(encoding);
    if (!form) {
      form = compressors[encoding](this.bytes);
      this.compressed.set(encoding, form);
      void form.then((zipped) => (this.compressedSize += zipped.length), () => this.compressed.delete(encoding));
    }
    return form;
  }

  /** Bytes held, for the cache budget (compressed forms count once made). */
  get size(): number {
    return this.bytes.length + this.compressedSize;
  }
}

/** The JSON answers' name for it. */
export type CachedJson = CachedText;

interface Entry {
  json: CachedText;
  at: number;
  /** The bytes counted for it in `State.bytes` (its compressed forms grow it after it is stored). */
  counted: number;
}

interface State {
  version: string;
  entries: Map<string, Entry>;
  pending: Map<string, Promise<CachedText>>;
  bytes: number;
}

/**
 * An in-process cache of serialized read answers for one table, or several (docs/decisions/0300;
 * a rendered page reads several, decision 0371). Every lookup first reads the tables' versions
 * (one primary-key row each, bumped by a statement trigger on any INSERT, UPDATE, DELETE or
 * TRUNCATE), so an answer is reused only while nothing it came from has changed, whichever feature
 * or process wrote. Entries also expire after `ttlMs`. Caches are per database, so test apps never
 * share entries; identical misses in flight are computed once.
 */
export function createReadCache(tables: CachedTable | readonly CachedTable[], limits: ReadCacheLimits) {
  const states = new WeakMap<Database, State>();
  const list = typeof tables === 'string' ? [tables] : tables;
  return async function cached(database: Database, key: string, compute: () => Promise<string>): Promise<CachedText> {
    const version = (await Promise.all(list.map((table) => currentVersion(database, table)))).join('.');
    let state = states.get(database);
    if (!state || state.version !== version) {
      state = { version, entries: new Map(), pending: new Map(), bytes: 0 };
      states.set(database, state);
    }
    const now = Date.now();
    const hit = state.entries.get(key);
    if (hit) {
      state.entries.delete(key);
      state.bytes -= hit.counted;
      if (now - hit.at < limits.ttlMs) {
        hit.counted = hit.json.size;
        state.entries.set(key, hit);
        state.bytes += hit.counted;
        return hit.json;
      }
    }
    const inFlight = state.pending.get(key);
    if (inFlight) return inFlight;
    // The captured `state` belongs to the version read above: an answer computed while a write
    // lands is stored in a state that the next lookup (seeing the new version) discards.
    const owner = state;
    const promise = compute().then(
      (text) => {
        owner.pending.delete(key);
        const json = new CachedText(text);
        if (json.size <= limits.maxBytes / 4) {
          owner.entries.set(key, { json, at: now, counted: json.size });
          owner.bytes += json.size;
          for (const [oldKey, old] of owner.entries) {
            if (owner.entries.size <= limits.maxEntries && owner.bytes <= limits.maxBytes) break;
            owner.entries.delete(oldKey);
            owner.bytes -= old.counted;
          }
        }
        return json;
      },
      (error: unknown) => {
        owner.pending.delete(key);
        throw error;
      },
    );
    owner.pending.set(key, promise);
    return promise;
  };
}

const versionReads = new WeakMap<Database, Map<CachedTable, Promise<string>>>();

async function readVersion(database: Database, table: CachedTable): Promise<string> {
  const [row] = await database.query<{ version: string }>(
    'SELECT version::text AS version FROM read_cache_versions WHERE name = $1',
    [table],
  );
  return row?.version ?? 'none';
}

/**
 * The table's version as of this call. PGlite runs queries and transactions one at a time in
 * arrival order, so a version read still in flight already sees every write that has finished:
 * concurrent lookups share it (one round trip per burst instead of one per request). PostgreSQL
 * runs queries concurrently, so there each lookup reads its own.
 */
function currentVersion(database: Database, table: CachedTable): Promise<string> {
  if (database.kind !== 'pglite') return readVersion(database, table);
  let reads = versionReads.get(database);
  if (!reads) versionReads.set(database, (reads = new Map()));
  const inFlight = reads.get(table);
  if (inFlight) return inFlight;
  const read = readVersion(database, table).finally(() => reads.delete(table));
  reads.set(table, read);
  return read;
}

/**
 * The JSON text the route's response schema would produce (fastify-type-provider-zod encodes with
 * the schema, then JSON.stringify), so a cached answer is checked and shaped exactly once.
 */
export function encodeResponse(schema: unknown, value: unknown): string {
  const result = safeEncode(schema as $ZodType, value);
  if (!result.success) throw result.error;
  return JSON.stringify(result.data);
}

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

/** The compressed form to send: brotli when the client takes it, else gzip, else none. */
export function chooseEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const br = acceptQuality(text, 'br');
  const gz = acceptQuality(text, 'gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/**
 * Sends a cached answer: its compressed form when the client takes one and the answer is large
 * enough (the compression plugin passes a response that already has a Content-Encoding), else its bytes.
 */
export async function sendCached(reply: FastifyReply, text: CachedText, contentType: string) {
  const vary = reply.getHeader('Vary');
  reply.type(contentType).header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = text.bytes.length >= COMPRESS_THRESHOLD ? chooseEncoding(reply.request.headers['accept-encoding']) : null;
  if (encoding) return reply.header('Content-Encoding', encoding).send(await text.encoded(encoding));
  return reply.send(text.bytes);
}

export const sendCachedJson = (reply: FastifyReply, json: CachedText) => sendCached(reply, json, 'application/json; charset=utf-8');

/** A stable key for a parsed query object (arrays keep their order; keys are sorted). */
export function cacheKey(value: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(value)
      .sort()
      .map((k) => [k, value[k]]),
  );
}
