import { Writable } from 'node:stream';
import { count } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INPUT_MESSAGES } from '@solar/shared/constants/http';
import { quotes } from '../../src/db/schema/index';
import { createLogger } from '../../src/logger';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from '../harness';
import { insertProvider } from '../fixtures/providers';
import { png, pdf, privateFiles } from '../fixtures/files';
import { fields, multipart, type Part } from '../fixtures/multipart';

/**
 * Issue 14, finding 5 (decision 0332): the input rule of JSON bodies (no NUL or other control
 * characters) holds for every multipart field of every multipart route, multipart fields are
 * validated with the shared schema, and a failing request never logs the personal values it carried.
 */
const personal = {
  name: 'Priya Personalname',
  email: 'priya.personal@private-mail.example.com',
  phone: '+44 20 7946 0999',
  description: 'confidential-site-at-Nether-Wallop for 7,777 panels',
  location: 'Nether Wallop, Hampshire',
};

describe.each(databaseKinds)('multipart input rules on %s', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let providerId: string;

  beforeAll(async () => {
    t = await createTestApp({ kind });
    owner = await signedInUser(t, { name: 'Owner' });
    providerId = (await insertProvider(t, { businessName: 'Input Rules Solar', userId: owner.user.id, claimed: true, claimApproved: true })).id;
  });
  afterAll(() => t.close());

  let ip = 1;
  /** Each request from an account of its own, so the quote limit per account is never in play. */
  const send = async (parts: Part[]) => {
    const sender = await signedInUser(t, { name: 'Sender' });
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url: '/api/quotes', remoteAddress: `10.55.0.${ip++ % 250}`, payload: body.payload, headers: { ...body.headers, cookie: sender.cookie } });
  };
  const quoteCount = async () => (await t.ctx.database.db.select({ n: count() }).from(quotes))[0]!.n;
  const valid = () => ({ providerId, service: 'Panel Cleaning', timePreference: '2weeks', requiresNDA: 'false', useDefaultContract: 'true', selectedContract: 'uav-hire', ...personal });
  /** Log lines written while `run` runs, as one text. */
  const logsOf = async <T>(run: () => Promise<T>): Promise<[T, string]> => {
    const from = t.logs.length;
    const result = await run();
    return [result, t.logs.slice(from).join('\n')];
  };
  const expectNoPersonalValue = (log: string) => {
    for (const value of Object.values(personal)) expect(log).not.toContain(value);
    expect(log).not.toContain('priya.personal');
  };

  it('the valid form is accepted (the cases below differ from it in one field)', async () => {
    const res = await send(fields(valid()));
    expect(res.statusCode, res.body).toBe(201);
  });

  it.each(['description', 'service', 'location', 'timePreference', 'providerId', 'name', 'email', 'phone', 'requiresNDA', 'useDefaultContract', 'selectedContract'] as const)(
    'a NUL in the quote field %s is 400, stores nothing and logs none of the personal values',
    async (field) => {
      const before = await quoteCount();
      const files = privateFiles(t);
      const form = valid();
      const [res, log] = await logsOf(() =>
        send([...fields({ ...form, [field]: `${form[field].slice(0, 4)}\u0000${form[field].slice(4)}` }), { field: 'scope', filename: 'scope.pdf', bytes: pdf() }]),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ success: false, message: INPUT_MESSAGES.controlCharacter });
      expect(await quoteCount()).toBe(before);
      expect(privateFiles(t)).toEqual(files);
      expectNoPersonalValue(log);
    },
  );

  it.each([
    ['a bell', '\u0007'],
    ['an escape sequence', '\u001b[2J'],
    ['a DEL', '\u007f'],
    ['a C1 control', '\u0085'],
  ])('%s in a multipart field is refused like a NUL', async (_label, character) => {
    const res = await send(fields({ ...valid(), description: `Clean the panels${character} please` }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INPUT_MESSAGES.controlCharacter);
  });

  it('keeps line breaks and tabs in a multipart description', async () => {
    const res = await send(fields({ ...valid(), description: 'Line one\r\nLine two\twith a tab' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.description).toBe('Line one\r\nLine two\twith a tab');
  });

  it('applies the rule to field names, and to the upload routes, whose only fields are files', async () => {
    expect((await send([...fields(valid()), { field: 'note\u0000', value: 'x' }])).statusCode).toBe(400);
    for (const [url, field] of [
      [`/api/providers/${providerId}/logo`, 'logo'],
      [`/api/providers/${providerId}/cover-image`, 'coverImage'],
      [`/api/providers/${providerId}/media`, 'files'],
    ] as const) {
      const file: Part = { field, filename: 'x.png', bytes: await png(), type: 'image/png' };
      const call = (parts: Part[]) => {
        const body = multipart(parts);
        return t.app.inject({ method: 'POST', url, remoteAddress: `10.55.1.${ip++ % 250}`, payload: body.payload, headers: { ...body.headers, cookie: owner.cookie } });
      };
      const nul = await call([{ field: 'caption', value: 'a\u0000b' }, file]);
      expect(nul.statusCode, url).toBe(400);
      expect(nul.json().message).toBe(INPUT_MESSAGES.controlCharacter);
      // Validated with the contract's schema: upload routes take no text fields.
      expect((await call([{ field: 'caption', value: 'hello' }, file])).statusCode, url).toBe(400);
      expect((await call([file])).statusCode, url).toBeLessThan(300);
    }
  });

  it('refuses the same characters in a JSON body, a query and a path (one rule for both)', async () => {
    const patch = await t.app.inject({ method: 'PATCH', url: `/api/providers/${providerId}`, payload: { description: 'Bell \u0007 inside' }, headers: { cookie: owner.cookie } });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().message).toBe(INPUT_MESSAGES.controlCharacter);
    expect((await t.app.inject('/api/providers/search?location=Leeds%01')).statusCode).toBe(400);
    expect((await t.app.inject('/api/providers/a%1bb')).statusCode).toBe(400);
  });

  it('a database failure while storing a quote answers 500 and logs none of the personal values', async () => {
    await t.ctx.database.exec(`
      CREATE FUNCTION test_refuse_quotes() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'quotes refused by the test'; END $$;
      CREATE TRIGGER test_refuse_quotes BEFORE INSERT ON quotes FOR EACH ROW EXECUTE FUNCTION test_refuse_quotes();`);
    try {
      const [res, log] = await logsOf(() => send(fields(valid())));
      expect(res.statusCode).toBe(500);
      const { reference } = res.json();
      // The failure is logged, with the statement and the reference, for diagnosis ...
      expect(log).toContain('quotes refused by the test');
      expect(log).toContain(`"reqId":"${reference}"`);
      expect(log).toContain('insert into \\"quotes\\"');
      // ... and without what the sender typed.
      expectNoPersonalValue(log);
    } finally {
      await t.ctx.database.exec('DROP TRIGGER test_refuse_quotes ON quotes; DROP FUNCTION test_refuse_quotes();');
    }
  });
});

describe('error logs carry no values', () => {
  it('keeps the statement, type, code and stack of a database error, not its values, details or addresses', () => {
    const lines: string[] = [];
    const log = createLogger('info', new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }));
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      constraint: 'users_email_key',
      detail: 'Key (lower(email))=(priya.personal@private-mail.example.com) already exists.',
    });
    const failed = new DrizzleQueryError('insert into "users" ("email", "name") values ($1, $2)', ['priya.personal@private-mail.example.com', 'Priya Personalname'], cause);
    log.error({ err: failed }, 'request failed');
    log.error({ err: new Error('Can\'t send mail - all recipients were rejected: 550 5.1.1 <priya.personal@private-mail.example.com>: no such user') }, 'mail failed');
    log.error({ err: new Error('invalid input syntax for type uuid: "Priya Personalname"') }, 'lookup failed');
    const text = lines.join('\n');
    expect(text).not.toContain('priya.personal');
    expect(text).not.toContain('Priya Personalname');
    expect(text).toContain('insert into \\"users\\"');
    expect(text).toContain('"code":"23505"');
    expect(text).toContain('users_email_key');
    expect(text).toContain('DrizzleQueryError');
    expect(text).toContain('no such user');
    // The error object the code holds is untouched.
    expect(failed.params).toHaveLength(2);
  });
});
