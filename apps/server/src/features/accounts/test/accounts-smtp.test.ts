import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import PostalMime from 'postal-mime';
import { cookieFrom, createTestApp, type TestApp } from '../../../../test/harness';

interface Received {
  to: string[];
  subject: string;
  text: string;
}

/** Welcome and reset mail through a real local SMTP server, read back with postal-mime. */
describe('accounts mail over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          void PostalMime.parse(Buffer.concat(chunks)).then((mail) => {
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: mail.subject ?? '', text: mail.text ?? '' });
            callback();
          });
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'https://solar.example', COOKIE_SECURE: 'true' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  // Mail goes out after the response (SMTP handshake, then parsing here): wait for it by a
  // deadline, not a count of sleeps, which a loaded 2-core runner used up.
  const waitFor = async (subject: RegExp) => {
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; ) {
      const mail = received.find((m) => subject.test(m.subject));
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no mail ${subject}`);
  };

  it('sends the welcome mail at sign-up and a working reset link built from PUBLIC_URL', async () => {
    const email = 'smtp.user@acme-solar.co.uk';
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: { origin: 'https://solar.example' },
      payload: { email, name: 'Smtp User', company: 'Acme Solar', password: 'SolarPanel42x', type: 'representative' },
    });
    expect(signup.statusCode).toBe(201);
    // Over HTTPS the cookie is __Host- prefixed and Secure.
    const setCookie = String(signup.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-sid=/);
    expect(setCookie).toMatch(/Secure/);
    const cookie = cookieFrom(signup);

    const welcome = await waitFor(/Welcome/);
    expect(welcome.to).toEqual([email]);
    expect(welcome.text).toContain('Asset Representative account for Acme Solar');

    await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'attacker.example' }, payload: { email } });
    const reset = await waitFor(/Reset/);
    expect(reset.to).toEqual([email]);
    const link = /(https:\/\/solar\.example\/reset-password#token=([\w-]+))/.exec(reset.text);
    expect(link).not.toBeNull();
    const token = link![2]!;
    const done = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'NewSolar2027z' } });
    expect(done.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect(t.logs.some((l) => l.includes(token))).toBe(false);
  });
});
