import { LRUCache } from 'lru-cache';
import type { Change, ReadCacheFeed } from './read-cache-feed';

/**
 * What an entry depends on, in the names the write triggers send (migrations 0026, 0028, 0030):
 * `'providers'` any change of that table; `'providers:set'` a change of which rows searches find or
 * their order (a 'match' or 'all' change); `'providers:<id>'` any change naming that row.
 */
export type Tag = string;

/** Whether `change` may alter an entry with these tags. */
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

export interface CacheLimits {
  /** Most bytes held (each entry's `size`); the least recently used goes first. */
  maxBytes: number;
  /** Longest an entry is kept (a guard on memory: writes drop entries by notification). */
  ttlMs: number;
}

/** A value to keep, with what it depends on and what it costs. */
export interface Computed<V> {
  value: V;
  tags: readonly Tag[];
  /** Bytes the value holds (the budget's unit). */
  size: number;
  /** The first moment (ms, the app clock) it would read differently with nothing written: not served from then on. */
  expiresAt?: number;
}

interface Stored<V> extends Computed<V> {
  key: string;
}

export interface Found<V> {
  value: V;
  hit: boolean;
  tags: readonly Tag[];
  expiresAt?: number;
}

/**
 * The server's one in-process cache (decision 0430), on `lru-cache`: bounded in bytes, least
 * recently used first out; each entry carries tags, and a committed write's notification drops
 * exactly the entries whose tags it names (looked up through a tag index, not by scanning).
 * Identical misses in flight are computed once; one whose data changed while it was computed is
 * returned but not kept. While the feed does not listen, nothing is kept or served.
 */
export class Cache<V> {
  private readonly lru: LRUCache<string, Stored<V>>;
  /** Entry keys by tag. */
  private readonly byTag = new Map<Tag, Set<string>>();
  private readonly pending = new Map<string, Promise<Found<V> & { kept: boolean }>>();
  /** Lookups answered from memory and computed, since the start (the bench prints them). */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private readonly feed: ReadCacheFeed,
    limits: CacheLimits,
  ) {
    this.lru = new LRUCache<string, Stored<V>>({
      maxSize: limits.maxBytes,
      ttl: limits.ttlMs,
      sizeCalculation: (stored) => Math.max(1, stored.size),
      dispose: (stored, key) => this.unindex(key, stored.tags),
    });
    feed.subscribe((change) => {
      // A lookup after a write must not join a computation that began before it.
      this.pending.clear();
      if (!change) return this.lru.clear();
      for (const key of this.keysAffected(change)) this.lru.delete(key);
    });
  }

  /** Bytes held now. */
  get bytes(): number {
    return this.lru.calculatedSize;
  }

  /** The entry for `key` if it may be served now (at `nowMs` on the app clock), without computing anything. */
  peek(key: string, nowMs: number): Found<V> | null {
    if (!this.feed.open) return null;
    const stored = this.lru.get(key);
    if (!stored) return null;
    if (stored.expiresAt !== undefined && nowMs >= stored.expiresAt) {
      this.lru.delete(key);
      return null;
    }
    this.stats.hits++;
    return { value: stored.value, hit: true, tags: stored.tags, expiresAt: stored.expiresAt };
  }

  /** The entry for `key`, or `compute`'s result (kept when nothing it depends on changed meanwhile). */
  async get(key: string, compute: () => Promise<Computed<V>>, nowMs = Date.now()): Promise<Found<V>> {
    const found = this.peek(key, nowMs);
    if (found) return found;
    this.stats.misses++;
    if (!this.feed.open) return { ...(await compute()), hit: false };
    let promise = this.pending.get(key);
    if (!promise) {
      const since = this.feed.current;
      const epoch = this.feed.epoch;
      const started = compute().then((computed) => {
        if (this.pending.get(key) === started) this.pending.delete(key);
        const changes = this.feed.changesSince(since);
        const keep =
          this.feed.epoch === epoch &&
          changes !== null &&
          !changes.some((c) => affects(c, computed.tags)) &&
          (computed.expiresAt === undefined || nowMs < computed.expiresAt);
        if (keep) this.store(key, computed);
        return { value: computed.value, hit: false, tags: computed.tags, expiresAt: computed.expiresAt, kept: keep };
      });
      started.catch(() => this.pending.get(key) === started && this.pending.delete(key));
      this.pending.set(key, (promise = started));
    }
    const result = await promise;
    // A computation joined from an earlier lookup may have turned since (a closing date passed).
    if (result.expiresAt !== undefined && nowMs >= result.expiresAt) return { ...(await compute()), hit: false };
    return result;
  }

  /** Drops an entry (its holder found it no longer good: a session that looks idle-expired). */
  delete(key: string) {
    this.lru.delete(key);
  }

  /** Records that an entry's value grew (its compressed forms, made once it was asked for again). */
  resize(key: string, size: number) {
    const stored = this.lru.peek(key);
    if (!stored || stored.size === size) return;
    // A new record: lru-cache sizes an entry when it is set.
    this.store(key, { ...stored, size });
  }

  private store(key: string, computed: Computed<V>) {
    this.lru.set(key, { ...computed, key });
    if (!this.lru.has(key)) return; // larger than the whole budget
    for (const tag of computed.tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, tags: readonly Tag[]) {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }

  private keysAffected(change: Change): string[] {
    const out: string[] = [];
    const add = (tag: Tag) => {
      const keys = this.byTag.get(tag);
      if (keys) out.push(...keys);
    };
    add(change.cache);
    if (change.kind === 'all') {
      const prefix = `${change.cache}:`;
      for (const tag of this.byTag.keys()) if (tag.startsWith(prefix)) add(tag);
      return out;
    }
    if (change.kind === 'match') add(`${change.cache}:set`);
    for (const id of change.ids) add(`${change.cache}:${id}`);
    return out;
  }
}
