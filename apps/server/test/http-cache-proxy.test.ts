import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_CACHE } from '@solar/shared/constants/http-cache';
import { writeNginxConfig } from '../../../scripts/reliability/nginx-config';
import { parseHtml, serverEntryDir, webShellDir } from '../src/features/seo/test/render-setup';
import { insertProvider } from './fixtures/providers';
import { createTestApp, databaseKinds, signedInUser, type SignedInUser, type TestApp } from './harness';

/** Whether Debian's nginx is installed (.ci/run installs it; docs/operations.md). */
const nginx = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

/** nginx with the checked-in configuration (deploy/nginx/solar-cache.conf) in front of `upstream`, in a directory of its own. */
async function startNginx(upstream: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solar-nginx-'));
  const port = await freePort();
  const main = writeNginxConfig(dir, { listen: port, upstream, workerConnections: 256 });
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', main], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 100) throw new Error(`nginx did not start: ${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGQUIT');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Issue 26: a real shared cache in front (nginx proxy_cache, as docs/operations.md deploys it). Through
 * it, a visitor's repeated public read is answered before Node; a signed-in answer is never stored; a
 * cached answer never crosses users; an acknowledged edit reaches visitors within the stated bound.
 */
describe.skipIf(!nginx).each(databaseKinds)('through the caching proxy on %s', (kind) => {
  let t: TestApp;
  let proxy: { url: string; stop: () => Promise<void> };
  let owner: SignedInUser;
  let other: SignedInUser;
  let provider: { id: string; slug: string };
  /** Requests that reached Node, by path and query, and the statuses Node answered them with. */
  const reached: string[] = [];
  const answered: Array<[string, number]> = [];

  beforeAll(async () => {
    t = await createTestApp({
      kind,
      env: { TRUST_PROXY: '127.0.0.1' },
      build: { serveWeb: true, webDistDir: webShellDir(), webServerEntryDir: serverEntryDir() },
      routes: (app) => {
        app.addHook('onRequest', (request, _reply, done) => (reached.push(request.url), done()));
        app.addHook('onResponse', (request, reply, done) => (answered.push([request.url, reply.statusCode]), done()));
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    proxy = await startNginx((t.app.server.address() as net.AddressInfo).port);
    owner = await signedInUser(t, { name: 'Proxy Owner' });
    other = await signedInUser(t, { name: 'Proxy Other' });
    provider = await insertProvider(t, { businessName: 'Proxy Solar', description: 'v0', services: ['Panel Cleaning'], userId: owner.user.id, claimApproved: true });
  });
  afterAll(async () => {
    await proxy?.stop();
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${proxy.url}${url}`, { headers: { 'accept-encoding': 'gzip, br', ...headers } });
  const times = (url: string) => reached.filter((u) => u === url).length;
  const json = async (res: Response) => (await res.json()) as { description?: string; data?: { name: string } };

  it("answers a visitor's repeated public read before Node, and a rendered page too", async () => {
    for (const url of [`/api/providers/${provider.id}`, '/api/providers/search?services=Panel%20Cleaning', `/providers/${provider.slug}`]) {
      const first = await get(url);
      expect(first.status, url).toBe(200);
      const body = await first.text();
      const second = await get(url);
      expect(await second.text(), url).toBe(body);
      expect(times(url), url).toBe(1);
    }
  });

  it('never stores a signed-in answer, and never answers a signed-in request from the cache', async () => {
    const url = `/api/providers/${provider.id}`;
    const before = times(url);
    for (const who of [owner, other, owner]) {
      const res = await get(url, { cookie: who.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    expect(times(url)).toBe(before + 3);
    for (const who of [owner, other]) {
      const me = await json(await get('/api/auth/me', { cookie: who.cookie }));
      expect(me.data?.name).toBe(who === owner ? 'Proxy Owner' : 'Proxy Other');
    }
    expect((await get('/api/auth/me')).status).toBe(401);
  });

  it("never gives one user's page to another, nor a signed-in page to a visitor", async () => {
    const url = `/providers/${provider.slug}`;
    const visitor = parseHtml(await (await get(url)).text()).text;
    const signedIn = parseHtml(await (await get(url, { cookie: owner.cookie })).text()).text;
    const afterwards = parseHtml(await (await get(url)).text()).text;
    expect(signedIn).toContain('Logout');
    expect(visitor).not.toContain('Logout');
    expect(afterwards).not.toContain('Logout');
    const theirs = await get(url, { cookie: other.cookie });
    expect(theirs.headers.get('cache-control')).toBe('private, no-store');
  });

  it('shows an acknowledged edit to visitors within the stated bound, then keeps answering before Node', async () => {
    const url = `/api/providers/${provider.id}`;
    expect((await json(await get(url))).description).not.toBe('v1');
    const edit = await fetch(`${proxy.url}/api/providers/${provider.id}`, {
      method: 'PATCH',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'v1' }),
    });
    expect(edit.status, await edit.text()).toBe(200);
    const acknowledged = Date.now();
    // The writer sees it at once (signed in: never from the cache).
    expect((await json(await get(url, { cookie: owner.cookie }))).description).toBe('v1');
    let seenAfter = 0;
    for (;;) {
      const body = await json(await get(url));
      seenAfter = Date.now() - acknowledged;
      if (body.description === 'v1') break;
      expect(seenAfter).toBeLessThanOrEqual(HTTP_CACHE.staleBoundSeconds * 1000);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seenAfter).toBeLessThanOrEqual(HTTP_CACHE.staleBoundSeconds * 1000);
    const count = times(url);
    await get(url);
    expect(times(url)).toBe(count);
  }, 30_000);

  it('revalidates an expired entry with If-None-Match: Node answers 304 without a body', async () => {
    const url = '/api/providers/search?services=Panel%20Cleaning&sort=name';
    const first = await get(url);
    const body = await first.text();
    // Past the proxy's freshness and stale-while-revalidate: it must ask again.
    await new Promise((r) => setTimeout(r, (HTTP_CACHE.sMaxAge + HTTP_CACHE.staleWhileRevalidate + 1) * 1000));
    const again = await get(url);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(body);
    expect(times(url)).toBe(2);
    expect(answered.filter(([u]) => u === url).map(([, status]) => status)).toEqual([200, 304]);
  }, 30_000);
});
