import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';

/**
 * The OpenAPI document a script reads (plugins/openapi.ts, decision 0492): each operation tagged,
 * saying who may call it, and offering the API key only where a key works (GET routes, never admin).
 * The document does not depend on the database, so PGlite alone.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: { servers: Array<{ url: string }>; components: { securitySchemes: Record<string, unknown> }; paths: Record<string, Record<string, { tags: string[]; security: object[]; description: string; 'x-access': string }>> };
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite' });
    doc = (await t.app.inject('/api/docs/openapi.json')).json();
  });
  afterAll(() => t.close());

  it('names the two ways in, and the server scripts call', () => {
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['apiKey', 'session']);
    expect(doc.servers[0]!.url).toBe(t.ctx.env.PUBLIC_URL);
  });

  it('offers the key on public and own-data reads, never on writes or admin routes', () => {
    const breakdown = doc.paths['/api/assets/insights/breakdown']!.get!;
    expect(breakdown.tags).toEqual(['asset-insights']);
    expect(breakdown.security).toEqual([{}, { apiKey: [] }]);
    expect(breakdown.description).toContain('Anyone may call it.');
    const feed = Object.entries(doc.paths).find(([path]) => path.startsWith('/api/changes/'));
    expect(feed, 'a feed of changes is documented').toBeDefined();
    let admin = 0;
    let writes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op['x-access']) continue;
        const keyed = op.security.some((s) => 'apiKey' in s);
        if (op['x-access'] === 'admin') {
          admin++;
          expect(keyed, `${method} ${path}`).toBe(false);
        }
        if (method !== 'get') {
          writes++;
          expect(keyed, `${method} ${path}`).toBe(false);
        }
      }
    }
    expect(admin).toBeGreaterThan(0);
    expect(writes).toBeGreaterThan(0);
  });
});
