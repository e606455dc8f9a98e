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
}

export function printEventLoopStats(everyMs: number, cache: () => CacheFigures = () => ({ bytes: 0, hits: 0, misses: 0 })): () => void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
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
      /** Lookups answered from memory and computed, since the start. */
      cacheHits: figures.hits,
      cacheMisses: figures.misses,
      heapMb: Math.round(memory.heapUsed / 1048576),
      /** Memory of Buffers and other objects outside the JS heap that JS holds (decision 0415). */
      externalMb: Math.round(memory.external / 1048576),
    };
    last = now;
    delay.reset();
    console.log(`${EVENT_LOOP_LINE}${JSON.stringify(stats)}`);
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    delay.disable();
  };
}
