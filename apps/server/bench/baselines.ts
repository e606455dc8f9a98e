// Baseline servers for `npm run bench`, run as child processes:
//   bare  — Fastify hello-world with nothing registered, and /bytes/:n sending n bytes (as a large
//           compressed answer is sent), so a scenario of large answers can be set beside the cost of
//           sending the same bytes;
//   stack — the full app (every plugin and hook) on an in-memory database, serving one hello route.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { createContext } from '../src/context';
import { parseEnv } from '../src/env';
import { createLogger } from '../src/logger';

const mode = process.argv[2];
const port = Number(process.argv[3]);

if (mode === 'bare') {
  const app = Fastify();
  app.get('/hello', async () => ({ hello: 'world' }));
  const bodies = new Map<number, Buffer>();
  app.get('/bytes/:n', async (request, reply) => {
    const n = Math.min(16 * 1024 * 1024, Number((request.params as { n: string }).n) || 0);
    let body = bodies.get(n);
    if (!body) bodies.set(n, (body = randomBytes(n)));
    return reply.type('application/json').header('content-encoding', 'br').send(body);
  });
  await app.listen({ port, host: '127.0.0.1' });
} else {
  const env = parseEnv({ NODE_ENV: 'production', DATA_DIR: `${process.env.BENCH_TMP}/stack`, LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
  const ctx = await createContext({ ...env }, createLogger('warn'));
  const app = await buildApp(ctx, { serveWeb: false });
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port, host: '127.0.0.1' });
}
console.log('ready');
