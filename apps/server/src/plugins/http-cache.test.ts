import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Cache } from '../platform/cache';
import type { ReadCacheFeed } from '../platform/read-cache-feed';
import { answerSize, compress, LIGHT_FROM, makeAnswer, ownBytes, type Answer } from './http-cache';

/** A map-like answer: repetitive JSON of the size given. */
function answerOf(bytes: number): Buffer {
  const feature = (i: number) => `{"type":"Feature","geometry":{"type":"Point","coordinates":[-${(i % 997) / 100},${50 + (i % 89) / 10}]},"properties":{"id":${i},"siteName":"Site ${i * 7919}"}}`;
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) size += (parts[parts.length] = feature(i)).length + 1;
  return Buffer.from(`[${parts.join(',')}]`);
}

describe('compressing answers made per request (decision 0545)', () => {
  it('a large answer takes the fast levels: the same bytes back, a little larger than a small answer would compress', async () => {
    for (const size of [LIGHT_FROM - 1024, LIGHT_FROM * 4]) {
      const body = answerOf(size);
      const br = await compress(body, 'br');
      const gz = await compress(body, 'gzip');
      expect(brotliDecompressSync(br).equals(body)).toBe(true);
      expect(gunzipSync(gz).equals(body)).toBe(true);
      expect(br.length).toBeLessThan(body.length / 4);
    }
    // The levels differ across the threshold: brotli 1 makes more bytes per input byte than brotli 4.
    const small = answerOf(LIGHT_FROM - 1024);
    const large = answerOf(LIGHT_FROM + 1024);
    const ratio = async (b: Buffer) => (await compress(b, 'br')).length / b.length;
    expect(await ratio(large)).toBeGreaterThan((await ratio(small)) * 1.05);
  });
});

describe('the answer cache counts what its entries hold (decision 0622)', () => {
  it('a small answer and a kept compressed form hold memory of their own, not a slice of a shared block', () => {
    const answer = makeAnswer(JSON.stringify({ data: { id: 1, name: 'Solar Ltd' } }), 'application/json');
    expect(answer.body.buffer.byteLength).toBe(answer.body.byteLength);
    const br = brotliCompressSync(Buffer.from('x'.repeat(6000)));
    // zlib hands back a slice of its output chunk: kept as it is, it would hold the whole chunk.
    expect(br.buffer.byteLength).toBeGreaterThan(br.byteLength);
    const kept = ownBytes(br);
    expect(kept.buffer.byteLength).toBe(kept.byteLength);
    expect(kept.equals(br)).toBe(true);
  });

  it('filled with small answers, the memory the process holds stays within 15 % of the bytes the cache counts', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const held = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const feed = { open: true, current: 0, epoch: 0, subscribe: () => () => undefined, changesSince: () => [] } as unknown as ReadCacheFeed;
    for (const bodyBytes of [200, 1500]) {
      const budget = 8 * 1048576;
      const cache = new Cache<Answer>(feed, { maxBytes: budget, ttlMs: 600_000 });
      const before = held();
      for (let n = 0; cache.bytes < budget * 0.98; n++) {
        const key = `v /api/providers/search?location=place-${n}&radius=25`;
        const value = makeAnswer(JSON.stringify({ data: `${n}`.padEnd(bodyBytes - 12, 'x') }), 'application/json; charset=utf-8');
        await cache.get(key, async () => ({ value, tags: ['providers:set', `providers:${n}`], size: answerSize(value, key) }));
      }
      const ratio = (held() - before) / cache.bytes;
      // Before 0622 (a 200-byte allowance per entry, pooled bodies) 200-byte answers held 3 × their count.
      expect(ratio).toBeLessThan(1.15);
    }
  });
});
