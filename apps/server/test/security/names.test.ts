import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { INPUT_MESSAGES } from '@solar/shared/constants/http';
import { TEXT_MESSAGES } from '@solar/shared/constants/text';
import { hasForbiddenControlCharacter } from '@solar/shared/domain/input-text';
import { createTestApp, databaseKinds, type TestApp } from '../harness';
import { fields, multipart } from '../fixtures/multipart';
import { actor, databaseState, insertProviderRow, type Actor } from './fixtures';

/**
 * Issue 14, finding 8: a right-to-left override in a name made "…evil" display as "live" in the
 * dashboard and admin lists. Every field that holds a person's or a business's name refuses bidi
 * controls, zero-width and other format characters and control characters, with one message, and
 * nothing is written (decision 0338).
 */
const INVISIBLE: Record<string, string> = {
  'right-to-left override': '\u202E',
  'left-to-right embedding': '\u202A',
  'first strong isolate': '\u2068',
  'right-to-left mark': '\u200F',
  'Arabic letter mark': '\u061C',
  'zero-width space': '\u200B',
  'zero-width joiner': '\u200D',
  'word joiner': '\u2060',
  'byte order mark': '\uFEFF',
  'line feed': '\n',
  bell: '\u0007',
};
/** The character sits inside the name, where trimming cannot remove it. */
const named = (char: string, base = 'Acme Solar Ltd') => `${base.slice(0, 4)}${char}${base.slice(4)}`;

let ip = 1;
let quotes = 0;
const nextIp = () => `10.88.${Math.floor(ip / 250) % 250}.${(ip++ % 250) + 1}`;

describe.each(databaseKinds)('names on %s', (kind) => {
  let t: TestApp;
  let user: Actor;
  let admin: Actor;
  let target: Actor;
  let owned: { id: string };
  let unclaimed: { id: string };
  let quoted: { id: string };
  let quoter: Actor;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    user = await actor(t, 'namer');
    admin = await actor(t, 'boss', { admin: true });
    target = await actor(t, 'target');
    owned = await insertProviderRow(t, 'Namer Owned Solar', user.user.id);
    unclaimed = await insertProviderRow(t, 'Namer Unclaimed Solar', null);
    quoted = await insertProviderRow(t, 'Namer Quoted Solar', target.user.id);
    quoter = await actor(t, 'quoter');
  });
  afterAll(() => t.close());

  const send = (options: InjectOptions) => t.app.inject({ remoteAddress: nextIp(), ...options });
  const json = (method: 'POST' | 'PATCH', url: string, payload: object, who?: Actor) =>
    send({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });

  /** Each field, as a request carrying the given name, the field's label in the message, and the status a visible name gets. */
  const FIELDS: Array<{ field: string; label: string; ok: number; request(name: string): Promise<Awaited<ReturnType<typeof send>>> }> = [
    {
      field: 'sign-up name',
      label: 'Name',
      ok: 201,
      request: (name) =>
        json('POST', '/api/auth/signup', { email: `n${ip}-${Date.now()}@acme-solar.co.uk`, name, company: 'Acme Solar Ltd', password: 'SolarPanel42x', type: 'provider' }),
    },
    {
      field: 'sign-up company',
      label: 'Company name',
      ok: 201,
      request: (company) =>
        json('POST', '/api/auth/signup', { email: `c${ip}-${Date.now()}@acme-solar.co.uk`, name: 'Ada Lovelace', company, password: 'SolarPanel42x', type: 'provider' }),
    },
    { field: 'settings name', label: 'Name', ok: 200, request: (name) => json('PATCH', '/api/auth/update-details', { name }, user) },
    { field: 'settings company', label: 'Company name', ok: 200, request: (company) => json('PATCH', '/api/auth/update-details', { company }, user) },
    { field: 'admin edit of a name', label: 'Name', ok: 200, request: (name) => json('PATCH', `/api/admin/users/${target.user.id}`, { name }, admin) },
    { field: 'admin edit of a company', label: 'Company name', ok: 200, request: (company) => json('PATCH', `/api/admin/users/${target.user.id}`, { company }, admin) },
    {
      field: 'provider creation business name',
      label: 'Business name',
      ok: 201,
      request: (businessName) =>
        json('POST', '/api/providers', { businessName, description: 'We clean and maintain solar farms.', services: ['Panel Cleaning'], location: 'Manchester', type: 'Solar Installer' }, user),
    },
    { field: 'profile business name', label: 'Business name', ok: 200, request: (businessName) => json('PATCH', `/api/providers/${owned.id}`, { businessName }, user) },
    { field: 'claim role', label: 'Role', ok: 201, request: (companyRole) => json('POST', `/api/providers/${unclaimed.id}/claim`, { companyRole }, user) },
    {
      field: 'quote contact name',
      label: 'Name',
      ok: 201,
      // Refused quotes count towards the sender's hourly limit (10): two senders take turns.
      request: (name) => {
        const body = multipart(fields({ providerId: quoted.id, service: 'Panel Cleaning', name, email: 'buyer@acme-solar.co.uk', phone: '+44 117 496 0123' }));
        const sender = quotes++ % 2 ? quoter : user;
        return send({ method: 'POST', url: '/api/quotes', payload: body.payload, headers: { ...body.headers, cookie: sender.cookie } });
      },
    },
  ];

  it.each(FIELDS.map((f) => [f.field, f] as const))('the %s refuses every invisible or control character and writes nothing', async (_field, f) => {
    for (const [label, char] of Object.entries(INVISIBLE)) {
      const before = await databaseState(t);
      const res = await f.request(named(char));
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      // A control character other than tab, CR and LF is refused by the input rule of every body
      // before the schema runs (decision 0332); the rest by the name rule, with its message.
      const message = hasForbiddenControlCharacter(char) ? INPUT_MESSAGES.controlCharacter : TEXT_MESSAGES.invisibleCharacters(f.label);
      expect(res.json(), label).toEqual({ success: false, message });
      expect(await databaseState(t), `${label} wrote something`).toEqual(before);
    }
    // The same request with a visible name (accents and all) goes through: the refusal is about the character.
    const ok = await f.request(`Zoë Ørsted ${f.field.length}${ip}`);
    expect(ok.statusCode, ok.body).toBe(f.ok);
  });

  it('no stored name holds a format or control character after the walk', async () => {
    const rows = await t.ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (
         SELECT name AS v FROM users UNION ALL SELECT company FROM users UNION ALL SELECT business_name FROM providers
         UNION ALL SELECT company_role FROM provider_claims) x
       WHERE v ~ '[\\u0000-\\u001f\\u007f\\u200b-\\u200f\\u202a-\\u202e\\u2060\\u2066-\\u2069\\u061c\\ufeff]'`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
