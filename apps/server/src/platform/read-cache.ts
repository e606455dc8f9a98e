import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import type { CachedTable } from '@solar/shared/contracts/render';
import { AsyncLocalStorage } from 'node:async_hooks';
import { READ_CACHE_HEADER, READ_CACHE_MAX_BYTES } from '@solar/shared/constants/read-cache';
import type { Database } from '../db/client';
import { readCacheFeed, type Change, type ReadCacheFeed } from './read-cache-feed';

/** Tables a rendered page's plan names (migration 0026 notifies their writes). */
export type { CachedTable };

export interface ReadCacheLimits {
  /** Most entries kept per database; the least recently used goes first. */
  maxEntries: number;
  /** Most bytes of JSON kept per database. */
  maxBytes: number;
  /** Longest an entry is served even while nothing it came from changed (a bound on age; correctness comes from the notifications). */
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

/** The JSON answers' name for an answer from a cache. */
export type CachedJson = CachedAnswer;

/**
 * What an answer depends on, as tags of the caches named by migration 0026: `'providers'` any change
 * of that cache; `'providers:set'` a change of which rows searches find ('match' or 'all');
 * `'providers:<id>'` any change of that row.
 */
export type Tag = string;

/** A computed answer and the tags it depends on (the cache's own tags when none are given). */
export interface Computed {
  text: string;
  tags: readonly Tag[];
  /**
   * The first moment the answer would read differently with nothing written (a tender turning
   * closed at its closing date): from then on it is neither served nor kept. Compared with the
   * `now` the lookup passes (the app's clock).
   */
  expiresAt?: Date;
}

/** An answer from a cache, and whether it came from memory (the `X-Read-Cache` header). */
export interface CachedAnswer {
  text: CachedText;
  hit: boolean;
  /** Where it is kept, so the same address may be answered from memory again before routing (plugins/answer-replay.ts). */
  source?: AnswerSource;
}

/** A cache entry's place: `peek` gives it while it may be served now, without waiting, else null. */
export interface AnswerSource {
  key: string;
  peek: (database: Database, key: string, now: Date) => CachedText | null;
}

interface Entry {
  json: CachedText;
  tags: readonly Tag[];
  at: number;
  /** `Computed.expiresAt` in ms, if any. */
  expiresAt?: number;
  /** The bytes counted for it in `State.bytes` (its compressed forms grow it after it is stored). */
  counted: number;
}

interface State {
  entries: Map<string, Entry>;
  pending: Map<string, Promise<{ json: CachedText; tags: readonly Tag[]; expiresAt?: number }>>;
  bytes: number;
}

/**
 * Every entry of every read cache in the process, least recently used first, so the caches share
 * one byte budget (READ_CACHE_MAX_BYTES, decision 0410) as well as each keeping its own limits.
 */
const everyEntry = new Map<Entry, { state: State; key: string }>();
const held = { bytes: 0 };
/** The shared budget; a test may lower it to see it hold. */
export const readCacheBudget = { bytes: READ_CACHE_MAX_BYTES };

/** Bytes the read caches hold now, all of them (the bench prints it beside the event loop's figures). */
export const readCacheBytes = () => held.bytes;

function keepEntry(state: State, key: string, entry: Entry) {
  state.entries.set(key, entry);
  state.bytes += entry.counted;
  held.bytes += entry.counted;
  everyEntry.set(entry, { state, key });
}

function dropEntry(state: State, key: string, entry: Entry) {
  state.entries.delete(key);
  state.bytes -= entry.counted;
  held.bytes -= entry.counted;
  everyEntry.delete(entry);
}

/** Drops the least recently used entries of any cache while all of them hold more than the budget. */
function keepWithinBudget() {
  for (const [entry, { state, key }] of everyEntry) {
    if (held.bytes <= readCacheBudget.bytes) break;
    dropEntry(state, key, entry);
  }
}

/** Whether `change` may alter an answer with these tags. */
export function affects(change: Change, tags: readonly Tag[]): boolean {
  const prefix = `${change.cache}:`;
  for (const tag of tags) {
    if (tag === change.cache || (change.kind === 'all' && tag.startsWith(prefix))) return true;
    if (!tag.startsWith(prefix)) continue;
    const rest = tag.slice(prefix.length);
    if (rest === 'set' ? change.kind !== 'row' : change.ids.has(rest)) return true;
  }
  return false;
}

/** The tags of the cached answers a rendered page was made from (see `collectTags`). */
interface Collector {
  tags: Set<Tag>;
}
const collecting = new AsyncLocalStorage<Collector>();

/**
 * Runs `fn` and returns, with its result, the tags of every cached answer it read (a rendered page
 * is made from in-process API calls: it depends on what they depended on).
 */
export async function collectTags<T>(fn: () => Promise<T>): Promise<{ value: T; tags: Set<Tag> }> {
  const collector: Collector = { tags: new Set() };
  const value = await collecting.run(collector, fn);
  return { value, tags: collector.tags };
}

/**
 * An in-process cache of serialized read answers (docs/decisions/0300, 0384). An answer is dropped
 * when a committed write may have changed it, as the write's notification names it (see
 * `ReadCacheFeed`): a lookup does not query the database. Answers also expire after `ttlMs`.
 * Caches are per database, so test apps never share entries; identical misses in flight are
 * computed once, and one whose data changed while it was computed is returned but not kept.
 */
export function createReadCache(defaultTags: readonly Tag[], limits: ReadCacheLimits) {
  // Keyed by the feed, not the database: an app built again on an open database gets a new feed,
  // and answers kept while only the old one listened would never hear of later writes.
  const states = new WeakMap<ReadCacheFeed, State>();
  const stateOf = (feed: ReadCacheFeed) => {
    const state = states.get(feed);
    if (state) return state;
    const created: State = { entries: new Map(), pending: new Map(), bytes: 0 };
    states.set(feed, created);
    feed.subscribe((change) => {
      // A lookup arriving after a write must not join a computation that began before it.
      created.pending.clear();
      for (const [key, entry] of created.entries) {
        if (change && !affects(change, entry.tags)) continue;
        dropEntry(created, key, entry);
      }
    });
    return created;
  };

  /** Moves a served entry to the recent end and counts its compressed forms, made since it was stored. */
  const touch = (state: State, key: string, entry: Entry) => {
    dropEntry(state, key, entry);
    entry.counted = entry.json.size;
    keepEntry(state, key, entry);
    keepWithinBudget();
    for (const tag of entry.tags) collecting.getStore()?.tags.add(tag);
  };
  const servable = (entry: Entry, nowMs: number) =>
    Date.now() - entry.at < limits.ttlMs && (entry.expiresAt === undefined || nowMs < entry.expiresAt);

  const peek: AnswerSource['peek'] = (database, key, now) => {
    const feed = readCacheFeed(database);
    if (!feed.trustedNow()) return null;
    const state = states.get(feed);
    const found = state?.entries.get(key);
    if (!state || !found || !servable(found, now.getTime())) return null;
    touch(state, key, found);
    return found.json;
  };

  return async function cached(
    database: Database,
    key: string,
    compute: () => Promise<string | Computed>,
    /** The app clock's time of the lookup, for answers with an `expiresAt` (default: the system clock). */
    clockNow?: Date,
  ): Promise<CachedAnswer> {
    const collector = collecting.getStore();
    const run = async () => {
      const result = await compute();
      return typeof result === 'string' ? { text: result, tags: defaultTags } : result;
    };
    const nowMs = (clockNow ?? new Date()).getTime();
    const live = (expiresAt: number | undefined) => expiresAt === undefined || nowMs < expiresAt;
    const feed = readCacheFeed(database);
    if (!(await feed.trusted())) {
      const { text, tags } = await run();
      for (const tag of tags) collector?.tags.add(tag);
      return { text: new CachedText(text), hit: false };
    }
    const state = stateOf(feed);
    const now = Date.now();
    const source = { key, peek };
    const found = state.entries.get(key);
    if (found) {
      if (servable(found, nowMs)) {
        touch(state, key, found);
        return { text: found.json, hit: true, source };
      }
      dropEntry(state, key, found);
    }
    let promise = state.pending.get(key);
    if (!promise) {
      const since = feed.current;
      const epoch = feed.epoch;
      promise = run().then(
        ({ text, tags, expiresAt: expires }) => {
          if (state.pending.get(key) === promise) state.pending.delete(key);
          const json = new CachedText(text);
          const changes = feed.changesSince(since);
          const expiresAt = expires?.getTime();
          // Kept only if nothing it depends on changed while it was computed.
          const keep =
            feed.epoch === epoch &&
            changes !== null &&
            !changes.some((c) => affects(c, tags)) &&
            json.size <= limits.maxBytes / 4 &&
            live(expiresAt);
          if (keep) store(state, key, { json, tags, at: now, expiresAt, counted: json.size });
          return { json, tags, expiresAt };
        },
        (error: unknown) => {
          if (state.pending.get(key) === promise) state.pending.delete(key);
          throw error;
        },
      );
      state.pending.set(key, promise);
    }
    const { json, tags, expiresAt } = await promise;
    // A computation joined from an earlier lookup may have turned since (a closing date passed).
    if (!live(expiresAt)) {
      const fresh = await run();
      for (const tag of fresh.tags) collector?.tags.add(tag);
      return { text: new CachedText(fresh.text), hit: false };
    }
    for (const tag of tags) collector?.tags.add(tag);
    return { text: json, hit: false, source };
  };

  function store(state: State, key: string, entry: Entry) {
    const old = state.entries.get(key);
    if (old) dropEntry(state, key, old);
    keepEntry(state, key, entry);
    for (const [oldKey, oldEntry] of state.entries) {
      if (state.entries.size <= limits.maxEntries && state.bytes <= limits.maxBytes) break;
      dropEntry(state, oldKey, oldEntry);
    }
    keepWithinBudget();
  }
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
export async function sendCached(reply: FastifyReply, answer: CachedAnswer, contentType: string) {
  const text = answer.text;
  rememberReplay(reply, answer, contentType);
  reply.header(READ_CACHE_HEADER, answer.hit ? 'hit' : 'miss');
  const vary = reply.getHeader('Vary');
  reply.type(contentType).header('Vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
  const encoding = text.bytes.length >= COMPRESS_THRESHOLD ? chooseEncoding(reply.request.headers['accept-encoding']) : null;
  if (encoding) return reply.header('Content-Encoding', encoding).send(await text.encoded(encoding));
  return reply.send(text.bytes);
}

/** How an address's answer is sent again from memory: the entry's place and the headers its route set. */
export interface Replay extends AnswerSource {
  contentType: string;
  headers: Record<string, string>;
}

/** A database's replayable addresses, and which requests may have one (set by plugins/answer-replay.ts). */
export interface ReplayMemo {
  addresses: Map<string, Replay>;
  eligible: (request: FastifyRequest) => boolean;
}

/** Addresses remembered per database; the oldest goes first. */
export const REPLAY_MAX_ADDRESSES = 10_000;
export const replayMemos = new WeakMap<Database, ReplayMemo>();

/** Headers a route sets before `sendCached` that belong to the answer (the rest come from hooks, per request). */
const REPLAYED_HEADERS = ['cache-control', 'vary'];

/**
 * Remembers which cache entry answered a GET address (decision 0414), when the request was one that
 * any visitor could have made (no session: plugins/answer-replay.ts) on a public route without a
 * rate limit (`bind` sets `config.replay`).
 */
function rememberReplay(reply: FastifyReply, answer: CachedAnswer, contentType: string) {
  const { request } = reply;
  const source = answer.source;
  if (!source || request.method !== 'GET' || reply.statusCode !== 200 || request.routeOptions.config?.replay === false) return;
  const memo = replayMemos.get(reply.server.ctx.database);
  if (!memo || memo.addresses.get(request.url)?.key === source.key || !memo.eligible(request)) return;
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  memo.addresses.delete(request.url);
  memo.addresses.set(request.url, { key: source.key, peek: source.peek, contentType, headers });
  if (memo.addresses.size > REPLAY_MAX_ADDRESSES) memo.addresses.delete(memo.addresses.keys().next().value!);
}

export const sendCachedJson = (reply: FastifyReply, json: CachedAnswer) => sendCached(reply, json, 'application/json; charset=utf-8');

/** A stable key for a parsed query object (arrays keep their order; keys are sorted). */
export function cacheKey(value: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(value)
      .sort()
      .map((k) => [k, value[k]]),
  );
}
