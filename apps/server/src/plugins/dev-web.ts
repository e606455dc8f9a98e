import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerEntry } from '@solar/shared/contracts/render';
import { repoRoot } from '../paths';

const webRoot = path.join(repoRoot, 'apps/web');
/** What Vite answers itself in development: its client, the app's modules, dependencies, the public folder. */
const VITE_PATHS = /^\/(@|src\/|node_modules\/|__)/;

/**
 * `npm run dev` (decision 0430): the web app's Vite in middleware mode inside this server, so a public
 * page is rendered on the server from the same entry as in production (its module loaded through Vite,
 * reloaded when it changes) and hydrated by the browser with hot reload. Returns the server entry and
 * the page shell for `registerSpa`.
 */
export async function registerDevWeb(app: FastifyInstance): Promise<{ entry: ServerEntry; html: () => Promise<string> }> {
  // Vite is the web app's (a development dependency), loaded only here, never in production.
  const { createServer } = (await import('vite')) as typeof import('vite');
  // The config is loaded without a temporary file beside it, which `tsx watch` would take for a change.
  const vite = await createServer({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), configLoader: 'runner', appType: 'custom', server: { middlewareMode: true } });
  app.addHook('onClose', () => vite.close());
  app.addHook('onRequest', (request, reply, done) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const file = pathname !== '/' && existsSync(path.join(webRoot, 'public', pathname));
    if (!VITE_PATHS.test(pathname) && !file) return done();
    reply.hijack();
    vite.middlewares(request.raw, reply.raw, () => {
      reply.raw.statusCode = 404;
      reply.raw.end();
    });
  });
  const load = () => vite.ssrLoadModule('/src/entry-server.tsx') as Promise<ServerEntry>;
  return {
    entry: { plan: async (url) => (await load()).plan(url), render: async (request) => (await load()).render(request) },
    html: () => vite.transformIndexHtml('/', readFileSync(path.join(webRoot, 'index.html'), 'utf8')),
  };
}
