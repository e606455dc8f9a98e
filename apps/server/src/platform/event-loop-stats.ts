import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

/** The line prefix `npm run bench` reads from the server's output. */
export const EVENT_LOOP_LINE = 'event-loop ';

/**
 * Prints, every `everyMs`, how long the main thread made callbacks wait (event-loop delay p50, p99,
 * max in ms) and the share of the period it was busy (event-loop utilisation). Opt-in with
 * EVENT_LOOP_STATS_MS, for the bench (decision 0385): PGlite runs every query on this thread.
 */
/** What the in-process cache holds and has answered, for the line (decision 0430). */
export interface CacheFigures {
  bytes: number;
  hits: number;
  misses: number;
  /** Bytes the session cache holds (its own budget). */
  sessionBytes?: number;
  /** The database's WebAssembly memory (PGlite), 0 on PostgreSQL. */
  wasmBytes?: number;
}

/** A wait of the main thread this long or longer is listed with when it ended (`stalls`, for the bench's stall summary). */
export const STALL_MS = 30;
/** How often the stall probe looks at the clock (ms). */
const PROBE_MS = 5;

const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

export function printEventLoopStats(everyMs: number, cache: () => CacheFigures = () => ({ bytes: 0, hits: 0, misses: 0 })): () => void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  // Each wait of STALL_MS or more: [its end, its length in ms], on the monotonic clock a CPU profile uses.
  let stalls: Array<[number, number]> = [];
  let lastProbe = monotonicUs();
  const probe = setInterval(() => {
    const now = monotonicUs();
    const lag = (now - lastProbe) / 1000 - PROBE_MS;
    if (lag >= STALL_MS) stalls.push([now, Math.round(lag)]);
    lastProbe = now;
  }, PROBE_MS);
  probe.unref();
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const ms = (ns: number) => Math.round(ns / 1e5) / 10;
    const memory = process.memoryUsage();
    const figures = cache();
    const stats = {
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      utilization: Math.round(performance.eventLoopUtilization(now, last).utilization * 1000) / 1000,
      cacheMb: Math.round(figures.bytes / 1048576),
      sessionCacheMb: Math.round((figures.sessionBytes ?? 0) / 1048576),
      /** Lookups answered from memory and computed, since the start. */
      cacheHits: figures.hits,
      cacheMisses: figures.misses,
      heapMb: Math.round(memory.heapUsed / 1048576),
      /** Memory of Buffers and other objects outside the JS heap that JS holds (decision 0415). */
      externalMb: Math.round(memory.external / 1048576),
      /** Where the resident set is (decision 0622): all of it, the heap V8 has reserved, ArrayBuffers (Buffers), PGlite's WebAssembly memory (its size, counted in `external`, resident only where touched). */
      rssMb: Math.round(memory.rss / 1048576),
      heapTotalMb: Math.round(memory.heapTotal / 1048576),
      arrayBuffersMb: Math.round(memory.arrayBuffers / 1048576),
      wasmMb: Math.round((figures.wasmBytes ?? 0) / 1048576),
      stalls,
    };
    stalls = [];
    last = now;
    delay.reset();
    console.log(`${EVENT_LOOP_LINE}${JSON.stringify(stats)}`);
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    clearInterval(probe);
    delay.disable();
  };
}
