import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { READ_CACHE_FEED as FEED } from '@solar/shared/constants/read-cache';
import type { Database, Listener } from '../db/client';

/** What a committed write changed, as the trigger of migration 0026 names it. */
export interface Change {
  seq: number;
  cache: string;
  /** 'row': only the rows' own answers; 'match': every search of the cache too; 'all': everything of the cache. */
  kind: 'row' | 'match' | 'all';
  ids: ReadonlySet<string>;
}

/** `null` asks every cache of the database to drop everything (a lost connection, missed changes). */
type Subscriber = (change: Change | null) => void;

const BEAT = 'beat';

/**
 * The writes a process learns of, for its read caches (docs/decisions/0384, 0413). PGlite hands
 * each notification to its one process while the committing statement returns, so a cache there is
 * never behind a finished write. PostgreSQL delivers on a listening connection of this process: the
 * feed sends itself beats on that connection, and notifications arrive in commit order, so once a
 * beat is heard every write committed before it was sent, by any process, has been heard. A cached
 * answer is served while the last beat heard was sent at most `staleBoundMs` ago and after this
 * process's last write: another process's write is seen within that bound, this process's at once.
 * A new beat goes out halfway through the bound while lookups keep coming. `heardAll` waits for a
 * beat sent after the call (the reads of a client that has just written, on any process: see
 * plugins/write-visibility.ts).
 */
export class ReadCacheFeed {
  private seq = 0;
  /** Bumped whenever everything is dropped: an answer computed across it is not kept. */
  epoch = 0;
  private readonly recent: Change[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private readonly token = randomUUID();
  private listener: Listener | null = null;
  private open = false;
  private closed = false;
  private beatNo = 0;
  /** When (performance.now) the newest beat heard was sent. */
  private heardSentAt = -Infinity;
  private readonly waiting = new Map<number, { sentAt: number; done: (heard: boolean) => void }>();
  /** Beats sent, for tests and the bench. */
  beats = 0;
  private inFlight: Promise<boolean> | null = null;
  private queued: Promise<boolean> | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  readonly ready: Promise<void>;

  constructor(
    private readonly database: Database,
    private readonly log?: Pick<Logger, 'warn' | 'info'>,
  ) {
    this.ready = this.connect();
  }

  get current(): number {
    return this.seq;
  }

  subscribe(fn: Subscriber): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  /** The changes after `seq`, or null when they are no longer all remembered. */
  changesSince(seq: number): Change[] | null {
    if (seq === this.seq) return [];
    const first = this.recent[0];
    if (!first || first.seq > seq + 1) return null;
    return this.recent.filter((c) => c.seq > seq);
  }

  /**
   * Whether a cached answer may be served now (and kept): every write committed more than
   * `staleBoundMs` before this call, and every write of this process, has been heard (on PGlite,
   * every write). On PostgreSQL that is a beat heard that was sent within the bound and after this
   * process's last write, else one round trip for the next; false when the
   * connection is lost or the beat is not heard within `beatTimeoutMs` (the caller then reads the
   * database).
   */
  async trusted(): Promise<boolean> {
    if (this.trustedNow()) return true;
    if (this.closed) return false;
    if (this.database.kind !== 'postgres') {
      await this.ready;
      return this.open;
    }
    return this.open && (await this.nextBeat()) && this.open;
  }

  /**
   * `trusted()` without waiting: true when it would answer true at once (an answer replayed before
   * routing's work, plugins/answer-replay.ts, never waits; the full path may).
   */
  trustedNow(): boolean {
    if (this.closed || !this.open) return false;
    if (this.database.kind !== 'postgres') return true;
    const age = performance.now() - this.heardSentAt;
    // This process's own writes are heard before its next answer, however recent.
    if (age > FEED.staleBoundMs || this.heardSentAt < this.database.lastWriteAt()) return false;
    // Halfway through the bound the next beat goes out, so a steady stream of lookups never waits.
    if (age > FEED.staleBoundMs / 2 && !this.inFlight) void this.startBeat();
    return true;
  }

  /** Resolves once every write committed before the call, by any process, has been heard (or the beat failed). */
  async heardAll(): Promise<void> {
    await this.ready;
    if (this.database.kind === 'postgres' && this.open) await this.nextBeat();
  }

  /** Test and operator hook: the listening connection's backend pid (PostgreSQL). */
  get listenerPid(): number | null {
    return this.listener?.pid ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.open = false;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.listener?.close();
    // Nothing is heard from now on: the caches it fed keep nothing (and free their share of the budget).
    this.dropAll();
  }

  private async connect(): Promise<void> {
    try {
      this.listener = await this.database.listen(FEED.channel, (payload) => this.heard(payload), (error) => this.lost(error));
      if (this.closed) return void (await this.listener.close());
      // Changes committed while no connection listened were never heard.
      this.dropAll();
      this.open = true;
    } catch (error) {
      this.lost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private lost(error: Error) {
    const wasOpen = this.open;
    this.open = false;
    this.listener = null;
    this.dropAll();
    for (const { done } of this.waiting.values()) done(false);
    this.waiting.clear();
    if (this.closed) return;
    if (wasOpen) this.log?.warn({ err: error }, 'read cache listener lost: caches cleared and bypassed until it is back');
    this.reconnectTimer ??= setTimeout(() => {
      this.reconnectTimer = null;
      void this.connect();
    }, FEED.reconnectMs);
    this.reconnectTimer.unref();
  }

  private dropAll() {
    this.epoch += 1;
    for (const fn of this.subscribers) fn(null);
  }

  /** A beat sent after this call, heard (true) or not (false). */
  private nextBeat(): Promise<boolean> {
    const inFlight = this.inFlight;
    if (!inFlight) return this.startBeat();
    // The beat out now may have been sent before this call: wait for the one after it.
    this.queued ??= inFlight.then(() => {
      this.queued = null;
      return this.startBeat();
    });
    return this.queued;
  }

  private startBeat(): Promise<boolean> {
    const beat = this.beat().finally(() => {
      if (this.inFlight === beat) this.inFlight = null;
    });
    this.inFlight = beat;
    return beat;
  }

  private beat(): Promise<boolean> {
    const listener = this.listener;
    if (!listener) return Promise.resolve(false);
    const no = ++this.beatNo;
    this.beats += 1;
    const sentAt = performance.now();
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), FEED.beatTimeoutMs);
      timer.unref();
      const done = (heard: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(no);
        resolve(heard);
      };
      this.waiting.set(no, { sentAt, done });
      listener.notify(`${BEAT}|${this.token}|${no}`).catch(() => done(false));
    });
  }

  private heard(payload: string) {
    const [head = '', kind = '', rest = ''] = payload.split('|');
    if (head === BEAT) {
      if (kind !== this.token) return;
      const no = Number(rest);
      for (const [n, { sentAt, done }] of this.waiting) {
        if (n > no) continue;
        this.heardSentAt = Math.max(this.heardSentAt, sentAt);
        done(true);
      }
      return;
    }
    const change: Change = {
      seq: ++this.seq,
      cache: head,
      kind: kind === 'row' || kind === 'match' ? kind : 'all',
      ids: new Set(rest ? rest.split(',') : []),
    };
    this.recent.push(change);
    if (this.recent.length > FEED.recentEvents) this.recent.shift();
    for (const fn of this.subscribers) fn(change);
  }
}

const feeds = new WeakMap<Database, ReadCacheFeed>();

/** The database's feed, started on first use and closed with the database (see `closeReadCacheFeed`). */
export function readCacheFeed(database: Database, log?: Pick<Logger, 'warn' | 'info'>): ReadCacheFeed {
  let feed = feeds.get(database);
  if (!feed) feeds.set(database, (feed = new ReadCacheFeed(database, log)));
  return feed;
}

export async function closeReadCacheFeed(database: Database): Promise<void> {
  await feeds.get(database)?.close();
  feeds.delete(database);
}
