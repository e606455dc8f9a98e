import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import type { Database } from '../db/client';

/** Tables whose writes bump a row of `read_cache_versions` (migration 0011). */
export type CachedTable = 'providers' | 'assets';

export interface ReadCacheLimits {
  /** Most entries kept per database; the least recently used goes first. */
  maxEntries: number;
  /** Most bytes of JSON kept per database. */
  maxBytes: number;
  /** Longest an entry is served even while its table is unchanged (a bound on age; correctness comes from the version check). */
  ttlMs: number;
}

const gzipAsync = promisify(gzip);

/** Smaller answers are sent as they are (the compression plugin's threshold). */
const GZIP_THRESHOLD = 2048;

/**
 * A serialized answer kept as UTF-8 bytes, with its gzip form made once on first demand (in the
 * zlib thread pool), so a repeated UK-wide map answer (~4 MB) is never encoded or compressed twice.
 */
export class CachedJson {
  readonly bytes: Buffer;
  private gzipped: Promise<Buffer> | null = null;
  private gzipSize = 0;

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

  gzip(): Promise<Buffer> {
    this.gzipped ??= gzipAsync(this.bytes, { level: 6 }).then((zipped) => {
      this.gzipSize = zipped.length;
      return zipped;
    });
    return this.gzipped;
  }

  /** Bytes held, for the cache budget (the gzip form counts once made). */
  get size(): number {
    return this.bytes.length + this.gzipSize;
  }
}

interface Entry {
  json: CachedJson;
  at: number;
}

interface State {
  version: string;
  entries: Map<string, Entry>;
  pending: Map<string, Promise<CachedJson>>;
  bytes: number;
}

/**
 * An in-process cache of serialized read answers for one table (docs/decisions/0300). Every
 * lookup first reads the table's version (one primary-key row bumped by a statement trigger on
 * any INSERT, UPDATE, DELETE or TRUNCATE), so an answer is reused only while nothing it came from
 * has changed, whichever feature or process wrote. Entries also expire after `ttlMs`. Caches are
 * per database, so test apps never share entries; identical misses in flight are computed once.
 */
export function createReadCache(table: CachedTable, limits: ReadCacheLimits) {
  const states = new WeakMap<Database, State>();
  return async function cached(database: Database, key: string, compute: () => Promise<string>): Promise<CachedJson> {
    const version = await currentVersion(database, table);
    let state = states.get(database);
    if (!state || state.version !== version) {
      state = { version, entries: new Map(), pending: new Map(), bytes: 0 };
      states.set(database, state);
    }
    const now = Date.now();
    const hit = state.entries.get(key);
    if (hit) {
      state.entries.delete(key);
      state.bytes -= hit.json.size;
      if (now - hit.at < limits.ttlMs) {
        state.entries.set(key, hit);
        state.bytes += hit.json.size;
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
        const json = new CachedJson(text);
        if (json.size <= limits.maxBytes / 4) {
          owner.entries.set(key, { json, at: now });
          owner.bytes += json.size;
          for (const [oldKey, old] of owner.entries) {
            if (owner.entries.size <= limits.maxEntries && owner.bytes <= limits.maxBytes) break;
            owner.entries.delete(oldKey);
            owner.bytes -= old.json.size;
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

/** Whether the client takes gzip (`Accept-Encoding`, honouring `q=0`). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

/**
 * Sends a cached answer: its gzip form when the client takes gzip and the answer is large enough
 * (the compression plugin passes a response that already has a Content-Encoding), else its bytes.
 */
export async function sendCachedJson(reply: FastifyReply, json: CachedJson) {
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  if (json.bytes.length >= GZIP_THRESHOLD && acceptsGzip(reply.request.headers['accept-encoding'])) {
    return reply.header('Content-Encoding', 'gzip').send(await json.gzip());
  }
  return reply.send(json.bytes);
}

/** A stable key for a parsed query object (arrays keep their order; keys are sorted). */
export function cacheKey(value: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(value)
      .sort()
      .map((k) => [k, value[k]]),
  );
}
