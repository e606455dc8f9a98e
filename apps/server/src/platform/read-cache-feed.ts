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
 * The writes a process learns of, for its read caches (docs/decisions/0384). PGlite hands each
 * notification to its one process while the committing statement returns, so a cache there is
 * never behind a finished write. PostgreSQL delivers on a listening connection of this process:
 * the feed sends itself a beat on that connection every `beatMs`, and because notifications arrive
 * in commit order, hearing a beat sent at T means every write committed before T has been heard.
 * A cache is trusted only while the newest beat heard is younger than `staleBoundMs`, and after
 * this process's own writes only once a beat sent after them is back.
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
  private heardAt = -Infinity;
  private beatNo = 0;
  private readonly waiting = new Map<number, () => void>();
  private syncedWrites = 0;
  private syncing: { target: number; done: Promise<void> } | null = null;
  private beatTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  readonly ready: Promise<void>;

  constructor(
    private readonly database: Database,
    private readonly log?: Pick<Logger, 'warn' | 'info'>,
    private readonly now: () => number = Date.now,
  ) {
    this.ready = this.connect().then(async () => {
      if (this.database.kind !== 'postgres') return;
      this.beatTimer = setInterval(() => void this.beat().catch(() => undefined), FEED.beatMs);
      this.beatTimer.unref();
      await this.sync().catch(() => undefined);
    });
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
   * Whether a cached answer may be served now (and kept). On PostgreSQL it first catches up with
   * this process's own finished writes (one beat round trip, shared by concurrent lookups).
   */
  async trusted(): Promise<boolean> {
    if (this.closed) return false;
    if (this.database.kind !== 'postgres') {
      await this.ready.catch(() => undefined);
      return this.open;
    }
    if (!this.open) return false;
    if (this.database.writesDone() > this.syncedWrites) {
      try {
        await this.sync();
      } catch {
        return false;
      }
    }
    return this.open && this.now() - this.heardAt < FEED.staleBoundMs;
  }

  /** Resolves once every write committed before the call, by any process, has been heard. */
  async heardAll(): Promise<void> {
    await this.ready;
    if (this.database.kind === 'postgres') await this.sync();
  }

  /** Test and operator hook: the listening connection's backend pid (PostgreSQL). */
  get listenerPid(): number | null {
    return this.listener?.pid ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.open = false;
    if (this.beatTimer) clearInterval(this.beatTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.listener?.close();
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
    for (const resolve of this.waiting.values()) resolve();
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

  /** Sends a beat and resolves when it is heard back (or the connection is lost, or the bound passes). */
  private beat(): Promise<void> {
    // Sent on the listening connection: it commits after every write this process has finished,
    // and never waits behind the pool's queue.
    const listener = this.listener;
    if (!listener) return Promise.reject(new Error('read cache listener is not connected'));
    const no = ++this.beatNo;
    const sentAt = this.now();
    const heard = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(no);
        reject(new Error('read cache beat not heard in time'));
      }, FEED.staleBoundMs);
      timer.unref();
      this.waiting.set(no, () => {
        clearTimeout(timer);
        resolve();
      });
    });
    return Promise.all([listener.notify(`${BEAT}|${this.token}|${no}|${sentAt}`), heard]).then(() => undefined);
  }

  private sync(): Promise<void> {
    const target = this.database.writesDone();
    if (this.syncing && this.syncing.target >= target) return this.syncing.done;
    const done = this.beat().then(() => {
      this.syncedWrites = Math.max(this.syncedWrites, target);
    });
    const entry = { target, done };
    this.syncing = entry;
    void done.finally(() => {
      if (this.syncing === entry) this.syncing = null;
    }).catch(() => undefined);
    return done;
  }

  private heard(payload: string) {
    const [head = '', kind = '', rest = '', sentAt = ''] = payload.split('|');
    if (head === BEAT) {
      if (kind !== this.token) return;
      this.heardAt = Math.max(this.heardAt, Number(sentAt));
      const no = Number(rest);
      for (const [n, resolve] of this.waiting) {
        if (n > no) continue;
        this.waiting.delete(n);
        resolve();
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
