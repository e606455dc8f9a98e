import { describe, expect, it } from 'vitest';

describe("zod's jitless mode set without importing zod (decision 0540)", () => {
  it('zod, loaded after, reads the setting, and so parses without probing new Function', async () => {
    await import('./zod-jitless');
    const { globalConfig } = await import('zod/v4/core');
    const { z } = await import('zod');
    expect(globalConfig.jitless).toBe(true);
    expect(z.config().jitless).toBe(true);
    // The probe would call the Function constructor; a parse in jitless mode never does.
    const original = globalThis.Function;
    let probed = false;
    globalThis.Function = new Proxy(original, { construct: (...args) => ((probed = true), Reflect.construct(...args)) });
    try {
      expect(z.object({ a: z.string() }).safeParse({ a: 'x' }).success).toBe(true);
    } finally {
      globalThis.Function = original;
    }
    expect(probed).toBe(false);
  });
});
