import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { AppConfig } from '@solar/shared/contracts/config';
import { webDistDir, webServerEntryDir } from '../paths';
import { isStorageKey } from '../platform/storage';
import { hasOwner } from '../platform/stored-files';
import { registerDevWeb } from './dev-web';
import { contentDisposition } from './downloads';
import { createPageRenderer, loadServerEntry, pageModuleTags } from './render';

const API_LIKE = /^\/(api|assets|uploads)(\/|$)/;

/**
 * Serves the built SPA with history fallback: files from apps/web/dist; public pages rendered on
 * the server when the server entry is built (apps/web/dist-server, decision 0370); index.html
 * (with the browser's configuration inlined) for every other GET path, and whenever a render
 * fails; a JSON 404 for unknown /api, /assets and /uploads paths (never the app shell).
 */
export async function registerSpa(app: FastifyInstance, distDir = webDistDir, entryDir = webServerEntryDir(distDir), devWeb = false) {
  const { ctx } = app;
  const config: AppConfig = { links: ctx.env.links, mapStyleUrl: ctx.env.MAP_STYLE_URL ?? null, publicUrl: ctx.env.PUBLIC_URL, exportMaxRows: ctx.env.exportMaxRows };
  // `npm run dev`: the same render path, the entry and shell from Vite (plugins/dev-web.ts).
  const dev = devWeb ? await registerDevWeb(app) : null;
  const indexFile = path.join(distDir, 'index.html');
  const built = !dev && existsSync(indexFile);
  const withConfig = (html: string) =>
    html.replace(
      '<!--app-config-->',
      // JSON in a non-executable script element: allowed by the CSP, `<` escaped so it cannot close the tag.
      () => `<script id="app-config" type="application/json">${JSON.stringify(config).replace(/</g, '\\u003c')}</script>`,
    );
  const shell = dev
    ? withConfig(await dev.html())
    : built
      ? withConfig(readFileSync(indexFile, 'utf8'))
      : '<!doctype html><title>Solar Marketplace</title><p>The web app is not built. Run npm run build.</p>';
  const entry = dev ? dev.entry : built ? await loadServerEntry(app, entryDir) : null;
  const renderPage = entry ? createPageRenderer(app, entry, shell, config, dev ? undefined : pageModuleTags(distDir)) : null;

  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false, // set per file below
      // The build writes brotli and gzip copies of scripts and styles (decision 0372): sent as they are.
      preCompressed: true,
      allowedPath: (pathname) => pathname !== '/index.html',
      // Served by their own routes (decision 0374): a file of that name in the build is left alone.
      globIgnore: ['robots.txt', 'sitemap.xml', 'sitemaps/**'],
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`) && /-[\w-]{8,}\.\w+(\.br|\.gz)?$/.test(filePath);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // A hashed asset never changes, so validators and ranges are of no use: ~100 bytes fewer on each
  // of a page's scripts (decision 0372).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (String(reply.getHeader('cache-control') ?? '').includes('immutable')) {
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
      reply.removeHeader('accept-ranges');
    }
    done(null, payload);
  });

  // Public uploads (logos, covers, media); private files are served by their features' routes.
  // Only files with an owner record are served: a file given up, or left by an interrupted upload,
  // is not (decision 0330).
  app.get('/uploads/:key', async (request, reply) => {
    const { key } = request.params as { key: string };
    const owned = isStorageKey(key) && (await hasOwner(ctx.database.db, 'public', key));
    const file = owned ? await ctx.storage.open('public', key) : null;
    if (!file) return reply.code(404).send({ success: false, message: 'File not found' });
    const ext = key.split('.').pop()!;
    reply.header('Content-Type', CONTENT_TYPES[ext] ?? 'application/octet-stream');
    reply.header('Content-Length', file.size);
    reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    if (!IMAGE_EXTENSIONS.has(ext)) reply.header('Content-Disposition', contentDisposition(key));
    return reply.send(file.stream);
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (API_LIKE.test(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ success: false, message: 'Not found' });
    }
    if (renderPage && (await renderPage(request, reply))) return reply;
    return reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(shell);
  });
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
