import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerConcurrencyLimit } from './concurrency';

/** A route whose handler waits until the test lets it go, recording how many run at once and in what order. */
function harness(limit: number) {
  const app = Fastify();
  registerConcurrencyLimit(app, limit);
  const state = { arrived: 0, running: 0, most: 0, order: [] as string[], gates: new Map<string, () => void>() };
  app.addHook('onRequest', (_request, _reply, done) => {
    state.arrived++;
    done();
  });
  app.get('/hold/:id', async (request) => {
    const { id } = request.params as { id: string };
    state.order.push(id);
    state.running++;
    state.most = Math.max(state.most, state.running);
    await new Promise<void>((resolve) => state.gates.set(id, resolve));
    state.running--;
    return { id };
  });
  app.post('/upload', async (request) => ({ size: JSON.stringify(request.body).length }));
  return { app, state };
}

const opened: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((app) => app.close()));
});

async function listen(app: FastifyInstance) {
  opened.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

function get(port: number, path: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ port, path, agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk)).on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('the concurrency limit (decision 0642)', () => {
  it('runs at most the limit of handlers at once, and the rest in the order they came', async () => {
    const { app, state } = harness(2);
    const port = await listen(app);
    const answers: Array<Promise<{ status: number; body: string }>> = [];
    for (const [i, id] of ['a', 'b', 'c', 'd', 'e'].entries()) {
      answers.push(get(port, `/hold/${id}`));
      // Each has reached the server (and its queue) before the next is sent.
      await until(() => state.arrived === i + 1);
    }
    await until(() => state.gates.size === 2);
    expect(state.order).toEqual(['a', 'b']);
    for (const id of ['a', 'b', 'c', 'd', 'e']) {
      await until(() => state.gates.has(id));
      state.gates.get(id)!();
    }
    expect((await Promise.all(answers)).map((a) => JSON.parse(a.body).id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(state.order).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(state.most).toBe(2);
  });

  it('gives a place back when the client goes away before its answer', async () => {
    const { app, state } = harness(1);
    const port = await listen(app);
    const gone = http.get({ port, path: '/hold/gone', agent: false });
    gone.on('error', () => undefined);
    await until(() => state.gates.has('gone'));
    gone.destroy();
    // The handler is still under way, but its client has gone: the next request gets the place.
    const next = get(port, '/hold/next');
    await until(() => state.gates.has('next'));
    state.gates.get('next')!();
    expect((await next).status).toBe(200);
    state.gates.get('gone')!();
  });

  it('does not hold a place while a slow upload is still arriving', async () => {
    const { app, state } = harness(1);
    const port = await listen(app);
    const upload = http.request({ port, path: '/upload', method: 'POST', agent: false, headers: { 'content-type': 'application/json' } });
    upload.on('error', () => undefined);
    upload.write('{"part":');
    const held = get(port, '/hold/h');
    await until(() => state.gates.has('h'));
    state.gates.get('h')!();
    expect((await held).status).toBe(200);
    const answer = new Promise<number>((resolve) => upload.on('response', (res) => resolve(res.statusCode!)));
    upload.end('"x"}');
    expect(await answer).toBe(200);
  });

  it('lets an in-process call (app.inject) through without a place, so a request holding one cannot wait for itself', async () => {
    const { app, state } = harness(1);
    app.get('/outer', async () => (await app.inject({ method: 'POST', url: '/upload', payload: { a: 1 } })).json());
    const port = await listen(app);
    expect(JSON.parse((await get(port, '/outer')).body)).toEqual({ size: 7 });
    expect(state.most).toBe(0);
  });

  it('is off at 0', async () => {
    const { app, state } = harness(0);
    const port = await listen(app);
    const answers = ['x', 'y', 'z'].map((id) => get(port, `/hold/${id}`));
    await until(() => state.gates.size === 3);
    for (const gate of state.gates.values()) gate();
    await Promise.all(answers);
    expect(state.most).toBe(3);
  });
});
