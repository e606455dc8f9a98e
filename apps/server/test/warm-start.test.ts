import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/platform/clock';
import { warmStart } from '../src/warm-start';
import { addTender, signIn } from '../src/features/tenders/test/helpers';
import { createTestApp, type TestApp } from './harness';

const NOW = new Date('2026-11-22T09:00:00Z');
const DAY = 86_400_000;

/** A stand-in server: its sitemaps, and every other address answered (or not) as `status` says. */
function fakeServer(status: (url: string) => number, state = { shuttingDown: false }) {
  const app = Fastify();
  app.decorate('ctx', { state } as never);
  const at = (path: string) => `<url><loc>https://solar.example${path}</loc></url>`;
  const asked: string[] = [];
  app.get('/sitemap.xml', async () => ['static', 'providers-1', 'tenders-1', 'buyers'].map((n) => `<sitemap><loc>https://solar.example/sitemaps/${n}.xml</loc></sitemap>`).join(''));
  app.get('/sitemaps/:name', async (request) => {
    const name = (request.params as { name: string }).name;
    if (name === 'static.xml') return at('/') + at('/providers') + at('/asset-intel?tab=projects');
    if (name === 'providers-1.xml') return at('/providers/acme-solar') + at('/providers/bright-sun');
    if (name === 'tenders-1.xml') return at('/tender/1b2c') + at('/tender/3d4e');
    return at('/buyers/north-council');
  });
  app.setNotFoundHandler(async (request, reply) => {
    asked.push(request.url);
    return reply.code(status(request.url)).send('');
  });
  return { app, asked, state };
}

describe('the warm start (decision 0631)', () => {
  it('asks every static page, the first page of each other sitemap, a directory for a place and the public reads, once each, in turn', async () => {
    const { app, asked } = fakeServer(() => 200);
    const warmed = await warmStart(app);
    expect(warmed.failed).toEqual([]);
    expect(warmed.asked).toEqual(asked);
    expect(asked.slice(0, 6)).toEqual(['/', '/providers', '/asset-intel?tab=projects', '/providers/acme-solar', '/tender/1b2c', '/buyers/north-council']);
    expect(asked).toEqual(expect.arrayContaining(['/api/providers/acme-solar', '/api/tenders/1b2c', '/api/tenders/public']));
    expect(asked.some((url) => url.startsWith('/providers?location='))).toBe(true);
    expect(asked.filter((url) => url.startsWith('/api/assets/coordinates?'))).toHaveLength(2);
    expect(new Set(asked).size).toBe(asked.length);
    await app.close();
  });

  it('goes on past an address that fails, and says which', async () => {
    const { app, asked } = fakeServer((url) => (url.startsWith('/tender/') ? 500 : 200));
    const warmed = await warmStart(app);
    expect(warmed.failed).toEqual(['/tender/1b2c: 500']);
    expect(asked.length).toBeGreaterThan(6);
    await app.close();
  });

  it('stops when its time is spent or the server shuts down', async () => {
    const spent = fakeServer(() => 200);
    expect((await warmStart(spent.app, -1)).asked).toEqual([]);
    await spent.app.close();
    const stopping = fakeServer(() => 200, { shuttingDown: true });
    expect((await warmStart(stopping.app)).asked).toEqual([]);
    await stopping.app.close();
  });
});

describe("the warm start's reads on the real routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: fixedClock(NOW) });
  });
  afterAll(() => t.close());

  it('are each answered 200 (the addresses are valid for their contracts)', async () => {
    const owner = await signIn(t, { name: 'Wendy Warm' });
    const id = await addTender(t, { publishedDate: NOW, closingDate: new Date(NOW.getTime() + 20 * DAY), createdAt: NOW, userId: owner.user.id, title: 'Warm start survey', service: 'Drone Surveys' });
    const warmed = await warmStart(t.app);
    expect(warmed.asked).toContain(`/api/tenders/${id}`);
    // The pages are the web build's (not served in API tests); every read of the API is answered.
    expect(warmed.failed.filter((f) => f.startsWith('/api/'))).toEqual([]);
    expect(warmed.asked.filter((url) => url.startsWith('/api/')).length).toBeGreaterThanOrEqual(6);
  });
});
