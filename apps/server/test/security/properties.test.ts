import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import type { z } from 'zod';
import { contracts } from '@solar/shared/contracts/index';
import { createTestApp, databaseKinds, type TestApp } from '../harness';
import { fields, multipart } from '../fixtures/multipart';
import { actor, privateWorld, type Actor, type PrivateWorld } from './fixtures';

/**
 * docs/security.md#input-output-uploads: random and hostile params, queries and bodies never yield a 5xx on any
 * route of the contracts table. A bounded pass in `npm test` (FC_RUNS, default 25 a route); the
 * long pass is `npm run test:security` (FC_RUNS=300 unless set).
 */
const RUNS = Number(process.env.FC_RUNS ?? 25);
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined;

const HOSTILE = [
  "' OR '1'='1",
  "1; DROP TABLE users;--",
  "') UNION SELECT password_hash FROM users--",
  '"; SELECT pg_sleep(5);--',
  '%',
  '_',
  '\\',
  '\u0000',
  '%00',
  '\ud800',
  '🙂'.repeat(50),
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '9'.repeat(40),
  '0x7fffffff',
  '2026-02-30',
  '{}',
  '[]',
  'null',
  ' ',
  '\r\nSet-Cookie: x=1',
  'a'.repeat(10_000),
  '-180,-90',
  '181,91',
  'true',
];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 40 }), fc.uuid());
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** The field names a zod schema knows, so hostile values hit real fields as well as unknown ones. */
function keysOf(schema: z.ZodType | undefined): string[] {
  const def = (schema as unknown as { _zod?: { def: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'pipe':
      return keysOf(def.in as z.ZodType);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return keysOf(def.innerType as z.ZodType);
    case 'intersection':
      return [...keysOf(def.left as z.ZodType), ...keysOf(def.right as z.ZodType)];
    case 'union':
      return (def.options as z.ZodType[]).flatMap(keysOf);
    default:
      return [];
  }
}

const fieldsOf = (keys: string[], value: fc.Arbitrary<unknown>) =>
  fc.tuple(fc.subarray(keys), fc.dictionary(hostileString, value, { maxKeys: 2 }), fc.array(value, { minLength: keys.length, maxLength: keys.length })).map(
    ([chosen, extra, values]) => ({ ...Object.fromEntries(chosen.map((k) => [k, values[keys.indexOf(k)]])), ...extra }),
  );

/** encodeURIComponent, except that a lone surrogate goes out as its raw (invalid) UTF-8 bytes. */
const encodePart = (value: string) =>
  value.replace(/[\ud800-\udfff]/g, '\u0001').split('\u0001').map((s) => encodeURIComponent(s)).join('%ED%A0%80');

let ip = 1;
const nextIp = () => `10.77.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`;

describe.each(databaseKinds)('hostile input on %s', (kind) => {
  let t: TestApp;
  let w: PrivateWorld;
  let user: Actor;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    w = await privateWorld(t);
    user = await actor(t, 'fuzz');
  });
  afterAll(() => t.close());

  it('answers 400 for a NUL character in a path parameter, a query or a body (found by this pass)', async () => {
    const cases = [
      { method: 'GET' as const, url: '/api/providers/%00' },
      { method: 'GET' as const, url: '/api/tenders/%00' },
      { method: 'GET' as const, url: '/api/providers/search?location=a%00b' },
      { method: 'POST' as const, url: '/api/parts/search', payload: { query: 'inverter\u0000' } },
      { method: 'POST' as const, url: '/api/auth/login', payload: { email: 'a\u0000@example.com', password: 'x' } },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ ...c, remoteAddress: nextIp() });
      expect(res.statusCode, `${c.url} ${res.body}`).toBe(400);
    }
    const form = multipart([
      ...fields({ service: 'Panel Cleaning', location: 'Leeds', timePreference: '2weeks', description: 'nul \u0000 inside', name: 'N', email: 'n@example.com', providerId: w.providerA.id }),
    ]);
    const quote = await t.app.inject({ method: 'POST', url: '/api/quotes', payload: form.payload, headers: { ...form.headers, cookie: user.cookie }, remoteAddress: nextIp() });
    expect(quote.statusCode, quote.body).toBeLessThan(500);
  });

  it.each(Object.entries(contracts))(`%s never answers 5xx (${RUNS} runs)`, async (name, contract) => {
    const paramNames = [...contract.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const known = [w.providerA.id, w.providerA.slug, w.quoteA, w.privateTenderA, w.attachmentA, w.mediaA, w.a.user.id];
    const params = fc.tuple(...paramNames.map(() => fc.oneof(hostileString, fc.constantFrom(...known)))).map((values) =>
      Object.fromEntries(paramNames.map((p, i) => [p, values[i] as string])),
    );
    const queryValue = fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 }));
    const query = fieldsOf(keysOf(contract.query), queryValue);
    const body = fc.oneof(
      { weight: 3, arbitrary: fieldsOf(keysOf(contract.body), hostileValue) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
      { weight: 1, arbitrary: fc.constantFrom('{"a":', '\u0000', 'null', '[', '{"__proto__":{"isAdmin":true}}').map((raw) => ({ raw })) },
    );
    // Signing out would end the session the rest of the pass uses; the others run as a user or an admin.
    const who = fc.constantFrom<Array<Actor | null>>(...(name === 'logout' ? [null] : [null, user, w.admin]));

    await fc.assert(
      fc.asyncProperty(params, query, body, who, async (p, q, b, caller) => {
        const url = contract.path.replace(/:(\w+)/g, (_m, n: string) => encodePart(p[n]!));
        const search = new URLSearchParams();
        for (const [k, v] of Object.entries(q)) for (const one of Array.isArray(v) ? v : [v]) search.append(k, String(one));
        const withBody = !['GET', 'HEAD', 'DELETE'].includes(contract.method);
        const raw = b && typeof b === 'object' && 'raw' in b ? String((b as { raw: string }).raw) : undefined;
        const res = await t.app.inject({
          method: contract.method as HTTPMethods,
          url: `${url}${search.size ? `?${search}` : ''}`,
          remoteAddress: nextIp(),
          headers: { ...(caller && { cookie: caller.cookie }), ...(withBody && { 'content-type': 'application/json' }) },
          ...(withBody && { payload: raw ?? JSON.stringify(b) }),
        });
        if (res.statusCode >= 500) throw new Error(`${contract.method} ${url}?${search} → ${res.statusCode} ${res.body.slice(0, 300)}`);
      }),
      { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }), endOnFailure: false },
    );
    expect(true).toBe(true);
  });
});
