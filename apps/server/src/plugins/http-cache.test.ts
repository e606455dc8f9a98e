import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, LIGHT_FROM } from './http-cache';

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
