// `node --expose-gc --import tsx apps/server/bench/cache-memory.ts`: whether the answer cache's byte
// budget counts what its entries keep (decision 0622). Fills a cache of the server's kind with answers
// of one size at a time, made as the routes make them (JSON text → `makeAnswer`), and compares the
// memory the process holds after a full garbage collection (JS heap + ArrayBuffers) with the bytes the
// cache says it holds.
import type { ReadCacheFeed } from '../src/platform/read-cache-feed';
import { Cache } from '../src/platform/cache';
import { answerSize, makeAnswer, type Answer } from '../src/plugins/http-cache';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

/** A feed that is listening and never hears a write: every computed answer is kept. */
const feed = { open: true, current: 0, epoch: 0, subscribe: () => () => undefined, changesSince: () => [] } as unknown as ReadCacheFeed;
const budget = Number(process.env.CACHE_MEMORY_MB ?? 32) * 1048576;
const held = () => {
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

for (const bodyBytes of [200, 1_000, 3_000, 6_000, 30_000, 300_000]) {
  const cache = new Cache<Answer>(feed, { maxBytes: budget, ttlMs: 600_000 });
  const before = held();
  const text = JSON.stringify({ data: 'x'.repeat(bodyBytes - 12) });
  let n = 0;
  while (cache.bytes < budget * 0.98 && n < 1_000_000) {
    const key = `v /api/providers/search?location=place-${n}&radius=25&page=1`;
    // A fresh string each time, as a handler's encode makes one (the cache keeps its bytes).
    const value = makeAnswer(`${text.slice(0, -2)}${n}"}`, 'application/json; charset=utf-8');
    await cache.get(key, async () => ({ value, tags: ['providers:set', `providers:${n}`], size: answerSize(value, key) }));
    n++;
  }
  const after = held();
  const real = after - before;
  console.log(
    `${String(bodyBytes).padStart(7)} B answers: ${String(n).padStart(7)} kept, counted ${(cache.bytes / 1048576).toFixed(1)} MB, held ${(real / 1048576).toFixed(1)} MB (${(real / cache.bytes).toFixed(2)} ×; ${((real - cache.bytes) / n).toFixed(0)} B per entry beyond the count)`,
  );
}
