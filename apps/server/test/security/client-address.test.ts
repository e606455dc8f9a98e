import { spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, AUTH_LIMITS, LOGIN_THROTTLE as T } from '@solar/shared/constants/accounts';
import { parseEnv } from '../../src/env';
import { insertUser } from '../../src/features/accounts/accounts.repository';
import { fixedClock } from '../../src/platform/clock';
import { hashPassword } from '../../src/platform/passwords';
import { serverRoot } from '../../src/paths';
import { createTestApp, type TestApp } from '../harness';

/**
 * Issue 25, finding 1: with TRUST_PROXY=true every hop was trusted and a client's address was the
 * left-most X-Forwarded-For entry, which the client writes; every per-address limit and the sign-in
 * throttle fell. TRUST_PROXY now names the hops to trust (decision 0420). Each deployment shape of
 * docs/operations.md runs here on a listening server, with proxies that append to
 * X-Forwarded-For as nginx and HAProxy do, and clients on their own loopback addresses.
 */

const PASSWORD = 'SolarPanel42x';
const WRONG = 'WrongGuess99x';
// Loopback addresses a client, a proxy and a CDN edge connect from (Linux routes all of 127/8 to lo).
const ATTACKER = '127.0.0.2';
const OWNER = '127.0.0.3';
const CDN_EDGE = '127.0.0.9';

interface Answer {
  status: number;
  body: string;
}

/** One request from `from`, like a browser or a script on that address. */
function send(port: number, from: string, method: string, path: string, opts: { headers?: Record<string, string>; json?: unknown } = {}): Promise<Answer> {
  const payload = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path, localAddress: from, agent: false, headers: { ...(payload && { 'content-type': 'application/json' }), ...opts.headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * A reverse proxy on 127.0.0.1 that forwards to `port` from `from`, appending the address it was
 * reached from to X-Forwarded-For (nginx's `$proxy_add_x_forwarded_for`, HAProxy's `option forwardfor`).
 */
async function startProxy(port: number, from: string) {
  const server = http.createServer((inbound, outbound) => {
    const previous = inbound.headers['x-forwarded-for'];
    const headers = { ...inbound.headers, 'x-forwarded-for': [previous, inbound.socket.remoteAddress].filter(Boolean).join(', ') };
    const upstream = http.request({ host: '127.0.0.1', port, method: inbound.method, path: inbound.url, headers, localAddress: from, agent: false }, (res) => {
      outbound.writeHead(res.statusCode ?? 502, res.headers);
      res.pipe(outbound);
    });
    upstream.on('error', () => outbound.writeHead(502).end());
    inbound.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const spoof = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 250}` });

describe('TRUST_PROXY', () => {
  it('refuses true (every hop trusted) at start-up with a message saying what to set instead', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on']) {
      expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: "[^"]+" would trust every hop.*Set the number of proxies in front of the server \(e\.g\. 1\) or their addresses/);
    }
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverRoot,
      env: { ...process.env, TRUST_PROXY: 'true', PORT: '0', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Invalid configuration:\n  TRUST_PROXY: "true" would trust every hop, so each client could choose its own address');
  });

  it('takes a hop count or proxy addresses and ranges, and refuses anything else', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,fd00::/8, loopback' }).TRUST_PROXY).toEqual(['10.0.0.5', '10.0.1.0/24', 'fd00::/8', 'loopback']);
    for (const bad of ['11', '1.5', '10.0.0', '10.0.0.5/33', '10.0.0.5/8/1', 'proxy.internal', '10.0.0.5,']) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: (must be false, a hop count|a hop count must be between)/);
    }
  });
});

describe.each([
  { shape: 'behind one proxy, counted', trust: '1' },
  { shape: "behind one proxy, by the proxy's address", trust: '127.0.0.1' },
])('a server $shape (TRUST_PROXY=$trust)', ({ trust }) => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  const clock = fixedClock(new Date('2026-11-25T09:00:00Z'));
  const start = clock.now();
  let email = '';
  beforeAll(async () => {
    t = await createTestApp({ clock, env: { TRUST_PROXY: trust } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startProxy((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    email = `owner-${trust.replace(/\W/g, '')}@acme-solar.co.uk`;
    await insertUser(t.ctx.database.db, { email, name: 'Owner', company: 'Acme Solar', type: 'provider', passwordHash: await hashPassword(PASSWORD), isAdmin: true });
  });
  afterAll(async () => {
    await proxy.close();
    await t.close();
  });
  afterEach(() => clock.set(start));

  const viaProxy = (from: string, method: string, path: string, opts: Parameters<typeof send>[4] = {}) => send(proxy.port, from, method, path, opts);
  const loggedIps = (path: string) =>
    t.logs
      .map((line) => JSON.parse(line) as { req?: { url: string; ip: string } })
      .filter((l) => l.req?.url === path)
      .map((l) => l.req!.ip);

  it('a spoofed X-Forwarded-For does not change the address the limits and the log see', async () => {
    const { max } = AUTH_LIMITS.validateTokenPerIp;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) statuses.push((await viaProxy(ATTACKER, 'POST', '/api/auth/validate-token', { headers: spoof(i), json: { token: `t${i}` } })).status);
    // Each request claimed a new address; the limit still counted one client.
    expect(statuses.slice(0, max).every((s) => s === 400)).toBe(true);
    expect(statuses[max]).toBe(429);
    expect(new Set(loggedIps('/api/auth/validate-token'))).toEqual(new Set([ATTACKER]));
    // Another client behind the same proxy has its own count.
    expect((await viaProxy(OWNER, 'POST', '/api/auth/validate-token', { json: { token: 'x' } })).status).toBe(400);
  });

  it('guesses at one account from many claimed addresses are slowed as decision 0336 says; the owner from their own address still signs in', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < T.pair.free; i++) statuses.push((await viaProxy(ATTACKER, 'POST', '/api/auth/login', { headers: spoof(100 + i), json: { email, password: WRONG } })).status);
    expect(statuses).toEqual(Array(T.pair.free).fill(401));
    const slowed = await viaProxy(ATTACKER, 'POST', '/api/auth/login', { headers: spoof(200), json: { email, password: WRONG } });
    expect(slowed.status).toBe(429);
    expect(JSON.parse(slowed.body)).toEqual({ success: false, message: M.loginThrottled(1) });
    // Claiming yet another address does not start afresh, and the waits grow.
    clock.advance(1000);
    expect((await viaProxy(ATTACKER, 'POST', '/api/auth/login', { headers: spoof(201), json: { email, password: WRONG } })).status).toBe(401);
    const longer = await viaProxy(ATTACKER, 'POST', '/api/auth/login', { headers: spoof(202), json: { email, password: WRONG } });
    expect(JSON.parse(longer.body)).toEqual({ success: false, message: M.loginThrottled(2) });

    const owner = await viaProxy(OWNER, 'POST', '/api/auth/login', { json: { email, password: PASSWORD } });
    expect(owner.status, owner.body).toBe(200);
    // Even when the attacker names the owner's address.
    const named = await viaProxy(ATTACKER, 'POST', '/api/auth/login', { headers: { 'x-forwarded-for': OWNER }, json: { email, password: WRONG } });
    expect(named.status).toBe(429);
    expect((await viaProxy(OWNER, 'POST', '/api/auth/login', { json: { email, password: PASSWORD } })).status).toBe(200);
  });
});

describe('a server reached directly (TRUST_PROXY unset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('keys every limit on the socket address, whatever X-Forwarded-For says', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    const { max } = AUTH_LIMITS.validateTokenPerIp;
    let last = 0;
    for (let i = 0; i <= max; i++) last = (await send(port, ATTACKER, 'POST', '/api/auth/validate-token', { headers: spoof(i), json: { token: 'x' } })).status;
    expect(last).toBe(429);
    expect((await send(port, OWNER, 'POST', '/api/auth/validate-token', { json: { token: 'x' } })).status).toBe(400);
  });
});

describe('a server behind a CDN and a proxy (TRUST_PROXY=<proxy>,<CDN ranges>)', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let cdn: Awaited<ReturnType<typeof startProxy>>;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: `127.0.0.1,${CDN_EDGE}/32` } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startProxy((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    cdn = await startProxy(proxy.port, CDN_EDGE);
  });
  afterAll(async () => {
    await cdn.close();
    await proxy.close();
    await t.close();
  });

  it('sees the address the CDN appended; a client going round the CDN to the proxy is seen by its own address', async () => {
    const { max } = AUTH_LIMITS.validateTokenPerIp;
    let last = 0;
    for (let i = 0; i <= max; i++) last = (await send(cdn.port, ATTACKER, 'POST', '/api/auth/validate-token', { headers: spoof(i), json: { token: 'x' } })).status;
    expect(last).toBe(429);
    // Round the CDN, claiming to be a CDN edge in front of a fresh client: still the attacker.
    const bypass = await send(proxy.port, ATTACKER, 'POST', '/api/auth/validate-token', { headers: { 'x-forwarded-for': `198.51.100.7, ${CDN_EDGE}` }, json: { token: 'x' } });
    expect(bypass.status).toBe(429);
    expect((await send(cdn.port, OWNER, 'POST', '/api/auth/validate-token', { json: { token: 'x' } })).status).toBe(400);
    const ips = t.logs.map((l) => JSON.parse(l) as { req?: { url: string; ip: string } }).filter((l) => l.req?.url === '/api/auth/validate-token');
    expect(new Set(ips.map((l) => l.req!.ip))).toEqual(new Set([ATTACKER, OWNER]));
  });
});
