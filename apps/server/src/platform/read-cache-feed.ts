import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { READ_CACHE_FEED as FEED } from '@solar/shared/constants/read-cache';
import type { Database, Listener } from '../db/client';

/** What a committed write changed, as the triggers of migrations 0026, 0028 and 0030 name it. */
export interface Change {
  seq: number;
  cache: string;
  /** 'row': only the rows' own answers; 'match': every search of the cache too; 'all': everything of the cache. */
  kind: 'row' | 'match' | 'all';
  ids: ReadonlySet<string>;
}

/** `null` asks every cache to drop everything (the listening connection was lost). */
type Subscriber = (change: Change | null) => void;

const SYNC = 'sync';

/**
 * The writes a process hears of, for its in-process cache (decisions 0384, 0430). Each write's
 * triggers notify on a channel when it commits. PGlite hands a notification to its one process
 * while the committing statement returns. PostgreSQL delivers it on a listening connection of this
 * process, in commit order: `sync()` sends a marker on that connection and resolves once it comes
 * back, so every write committed before the call has been heard (a write request waits for it
 * before it is acknowledged: the process's next read shows it). While no connection listens
 * (`open` false) the caches keep nothing and every read goes to the database.
 */
export class ReadCacheFeed {
  private seq = 0;
  /** Bumped whenever everything is dropped: an answer computed across it is not kept. */
  epoch = 0;
  private readonly recent: Change[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private readonly token = randomUUID();
  private listener: Listener | null = null;
  open = false;
  private closed = false;
  private syncNo = 0;
  /** The highest marker handed to the listening connection, and whether one is on its way. */
  private sentNo = 0;
  private sending = false;
  private readonly waiting = new Map<number, (heard: boolean) => void>();
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
   * Resolves once every write committed before the call has been heard (PostgreSQL: one round trip
   * on the listening connection; PGlite: at once). False when it could not be (no connection, or no
   * answer within `syncTimeoutMs`): the caches were then cleared. Concurrent calls share markers:
   * one query at a time on the listening connection (node-postgres refuses overlapping queries on
   * one client from pg 9), each marker sent after every call it answers began.
   */
  async sync(): Promise<boolean> {
    await this.ready;
    if (!this.open) return false;
    if (this.database.kind !== 'postgres') return true;
    const no = ++this.syncNo;
    const heard = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => done(false), FEED.syncTimeoutMs);
      timer.unref();
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(no);
        resolve(ok);
      };
      this.waiting.set(no, done);
      this.sendMarker();
    });
    if (!heard) this.dropAll();
    return heard;
  }

  /** Sends the newest marker unless one is on its way; when that one is through, the next if calls came since. */
  private sendMarker() {
    const listener = this.listener;
    if (this.sending || !listener || this.sentNo >= this.syncNo) return;
    const no = (this.sentNo = this.syncNo);
    this.sending = true;
    listener
      .notify(`${SYNC}|${this.token}|${no}`)
      .catch(() => {
        for (const [n, done] of this.waiting) if (n <= no) done(false);
      })
      .finally(() => {
        this.sending = false;
        this.sendMarker();
      });
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
    this.dropAll();
  }

  private async connect(): Promise<void> {
    try {
      this.listener = await this.database.listen(
        FEED.channel,
        (payload) => this.heard(payload),
        (error) => this.lost(error),
      );
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
    for (const done of this.waiting.values()) done(false);
    if (this.closed) return;
    if (wasOpen)
      this.log?.warn(
        { err: error },
        'write feed lost: the in-process cache is cleared and bypassed until it listens again',
      );
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

  private heard(payload: string) {
    const [head = '', kind = '', rest = ''] = payload.split('|');
    if (head === SYNC) {
      if (kind !== this.token) return;
      const no = Number(rest);
      for (const [n, done] of this.waiting) if (n <= no) done(true);
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

/** The database's feed, started on first use and closed with the app (see `closeReadCacheFeed`). */
export function readCacheFeed(database: Database, log?: Pick<Logger, 'warn' | 'info'>): ReadCacheFeed {
  let feed = feeds.get(database);
  if (!feed) feeds.set(database, (feed = new ReadCacheFeed(database, log)));
  return feed;
}

export async function closeReadCacheFeed(database: Database): Promise<void> {
  await feeds.get(database)?.close();
  feeds.delete(database);
}
