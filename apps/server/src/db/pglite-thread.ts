import { Worker } from 'node:worker_threads';
import { Mutex, messages, protocol, type ExecProtocolOptions } from '@electric-sql/pglite';
import { PGliteWorker } from '@electric-sql/pglite/worker';

type BackendMessage = Parameters<Parameters<protocol.Parser['parse']>[1]>[0];

/**
 * PGlite's query, exec and transaction (parameters, parsers, errors, the transaction's BEGIN,
 * COMMIT and ROLLBACK) written over one method, `execProtocolStream`: the class PGliteWorker
 * extends, which the package does not export by name.
 */
const BasePGlite = Object.getPrototypeOf(PGliteWorker) as abstract new () => Pick<
  PGliteWorker,
  'query' | 'exec' | 'transaction' | 'serializers' | 'parsers' | '_initArrayTypes'
>;

/** What `pglite-worker.js` is started with. */
interface WorkerData {
  dataDir: string;
  startParams: string[];
  /** One float the thread sets to its WebAssembly memory's size after each message. */
  heapBytes: SharedArrayBuffer;
}

interface Call {
  resolve(replies: Uint8Array[]): void;
  reject(error: Error): void;
}

/** A message sent ahead of PGlite's call for it, and what PostgreSQL answered to it. */
interface Ahead {
  message: Uint8Array;
  reply: Uint8Array;
}

const { serialize } = protocol;
const PARSE = 'P'.charCodeAt(0);
const BIND = 'B'.charCodeAt(0);
const QUERY = 'Q'.charCodeAt(0);
const SYNC = serialize.sync();
/**
 * What PGlite's own query and exec (base.ts `#runQuery`, `#runExec`) always send after a message,
 * whatever its answer: after Bind, Describe of the portal, Execute and Sync; after a simple Query,
 * Sync. They go to the thread with it, one round trip instead of four, and PGlite's calls for them
 * are answered from what came back (`#ahead`). A Parse waits for the Describe that follows it, as
 * its answer is only "parsed" or an error, which PGlite throws in the same place either way.
 */
const FOLLOWING = new Map<number, Uint8Array[]>([
  [BIND, [serialize.describe({ type: 'P' }), serialize.execute({}), SYNC]],
  [QUERY, [SYNC]],
]);

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/**
 * PGlite on a worker thread (docs/decisions/0624). The thread runs each wire-protocol message and
 * sends back the bytes; this side keeps PGlite's own locks, parsing and notifications, so Drizzle's
 * driver, transactions and PostgreSQL's error fields behave as with an in-process PGlite. The
 * thread holds the process open only while a message is outstanding, as an idle PGlite did not.
 */
export class PgliteThread extends BasePGlite {
  readonly debug = 0;
  readonly #worker: Worker;
  readonly #heap: Float64Array;
  /** Requests sent and not yet answered, in order: the thread answers them in the order sent. */
  readonly #calls: Call[] = [];
  /** Parse messages held until the next message goes. */
  #held: Uint8Array[] = [];
  /** Messages the thread has run ahead of PGlite's calls for them (FOLLOWING), in order. */
  #ahead: Ahead[] = [];
  /** Why the thread can no longer answer (it failed or exited); every later call rejects with it. */
  #failure: Error | undefined;
  #closed: Promise<void> | undefined;
  readonly #queryMutex = new Mutex();
  readonly #transactionMutex = new Mutex();
  #parser = new protocol.Parser();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();

  private constructor(worker: Worker, heap: Float64Array) {
    super();
    this.#worker = worker;
    this.#heap = heap;
    worker.on('message', (replies: Uint8Array[] | { error: string }) => {
      const call = this.#calls.shift();
      if (this.#calls.length === 0) worker.unref();
      if (Array.isArray(replies)) call?.resolve(replies);
      else call?.reject(new Error(replies.error));
    });
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(this.#closed ? 'PGlite is closed' : `PGlite's thread exited with code ${code}`)));
  }

  /** Starts the thread on `dataDir` and waits until PGlite is ready there. */
  static async open(dataDir: string, startParams: string[]): Promise<PgliteThread> {
    const heapBytes = new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT);
    const workerData: WorkerData = { dataDir, startParams, heapBytes };
    const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => {
        worker.off('message', ready).off('exit', exited);
        reject(error);
      };
      const exited = (code: number) => failed(new Error(`PGlite's thread exited with code ${code} before it was ready`));
      const ready = () => {
        worker.off('error', failed).off('exit', exited);
        resolve();
      };
      worker.once('message', ready).once('error', failed).once('exit', exited);
    });
    const client = new PgliteThread(worker, new Float64Array(heapBytes));
    worker.unref();
    await client._initArrayTypes();
    return client;
  }

  /** Bytes of the thread's WebAssembly memory (it never shrinks). */
  get wasmBytes(): number {
    return this.#heap[0] ?? 0;
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const call of this.#calls.splice(0)) call.reject(this.#failure);
  }

  #send(batch: Uint8Array[]): Promise<Uint8Array[]> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      if (this.#calls.length === 0) this.#worker.ref();
      this.#calls.push({ resolve, reject });
      this.#worker.postMessage(batch);
    });
  }

  /**
   * The answer to `message` if it was run ahead. Messages run ahead that PGlite did not send after
   * an error are skipped: PostgreSQL ignores everything after an error until Sync, so their
   * answers are empty, as if they had never been sent.
   */
  #answeredAhead(message: Uint8Array): Uint8Array | undefined {
    while (this.#ahead.length > 0) {
      const ahead = this.#ahead.shift()!;
      if (sameBytes(ahead.message, message)) return ahead.reply;
      if (ahead.reply.length > 0) throw new Error(`PGlite's thread: a message ran ahead of a call that never came (${String.fromCharCode(ahead.message[0]!)})`);
    }
    return undefined;
  }

  /**
   * As PGlite's: the messages up to the first error, notifications handed to their listeners,
   * with Parse held for the next message and FOLLOWING sent ahead.
   */
  async execProtocolStream(message: Uint8Array, options: ExecProtocolOptions = {}): Promise<BackendMessage[]> {
    const ahead = this.#answeredAhead(message);
    if (ahead) return this.#parse([ahead], options);
    if (message[0] === PARSE) {
      this.#held.push(message);
      return [messages.parseComplete];
    }
    const held = this.#held;
    this.#held = [];
    const following = FOLLOWING.get(message[0]!) ?? [];
    const replies = await this.#send([...held, message, ...following]);
    this.#ahead = following.map((m, i) => ({ message: m, reply: replies[held.length + 1 + i]! }));
    // A held Parse was answered "parsed" already: its own answer counts only when it is an error.
    return this.#parse(replies.slice(0, held.length + 1), options, held.length);
  }

  #parse(replies: Uint8Array[], { throwOnError = true, onNotice }: ExecProtocolOptions, heldParses = 0): BackendMessage[] {
    const results: BackendMessage[] = [];
    let databaseError: messages.DatabaseError | undefined;
    let parsesToSkip = heldParses;
    for (const reply of replies) this.#parser.parse(reply, (msg) => {
      if (databaseError) return;
      if (msg === messages.parseComplete && parsesToSkip > 0) {
        parsesToSkip -= 1;
        return;
      }
      if (msg instanceof messages.DatabaseError) {
        if (throwOnError) databaseError = msg;
      } else if (msg instanceof messages.NoticeMessage) {
        onNotice?.(msg);
      } else if (msg instanceof messages.NotificationResponseMessage) {
        for (const listener of this.#listeners.get(msg.channel) ?? []) queueMicrotask(() => listener(msg.payload));
      }
      results.push(msg);
    });
    if (databaseError) {
      this.#parser = new protocol.Parser();
      throw databaseError;
    }
    return results;
  }

  // Node's file systems write through; there are no files attached to statements here.
  async syncToFs(): Promise<void> {}
  async _handleBlob(blob?: Blob): Promise<void> {
    if (blob) throw new Error('PGlite on a thread takes no files with a statement');
  }
  async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }
  async _cleanupBlob(): Promise<void> {}

  async _checkReady(): Promise<void> {
    if (this.#failure) throw this.#failure;
  }

  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(fn);
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn);
  }

  /** Listens on `channel` (a plain lower-case name); returns the function that stops listening. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listeners = this.#listeners.get(channel) ?? new Set();
    this.#listeners.set(channel, listeners);
    listeners.add(callback);
    await this.exec(`LISTEN ${channel}`);
    return async () => {
      listeners.delete(callback);
      if (listeners.size > 0 || this.#failure) return;
      this.#listeners.delete(channel);
      await this.exec(`UNLISTEN ${channel}`);
    };
  }

  /** Waits for the statements and transactions under way, then closes PGlite and ends the thread. */
  close(): Promise<void> {
    this.#closed ??= this.#transactionMutex.runExclusive(() =>
      this.#queryMutex.runExclusive(async () => {
        if (this.#failure) return;
        const exited = new Promise((resolve) => this.#worker.once('exit', resolve));
        this.#worker.ref();
        this.#worker.postMessage('close');
        await exited;
      }),
    );
    return this.#closed;
  }
}
