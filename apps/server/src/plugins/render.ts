import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { AppConfig } from '@solar/shared/contracts/config';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { getMe } from '@solar/shared/contracts/accounts';
import type { CachedTable, RenderedPage, ServerEntry } from '@solar/shared/contracts/render';
import { RENDER_CACHE, RENDER_TIMEOUT_MS } from '@solar/shared/constants/seo';
import { isTrackingParam } from '@solar/shared/constants/analytics';
import { READ_CACHE_HEADER } from '@solar/shared/constants/read-cache';
import { collectTags, createReadCache, sendCached, type Tag } from '../platform/read-cache';
import { cookieName } from './auth';

/** The built server entry (apps/web/dist-server), or null when it is missing or fails to load. */
export async function loadServerEntry(app: FastifyInstance, dir: string): Promise<ServerEntry | null> {
  const file = path.join(dir, 'entry-server.js');
  if (!existsSync(file)) {
    app.log.warn({ file }, 'no server entry: public pages are served client-rendered (npm run build makes it)');
    return null;
  }
  try {
    const entry = (await import(pathToFileURL(file).href)) as Partial<ServerEntry>;
    if (typeof entry.render !== 'function' || typeof entry.plan !== 'function') throw new Error('render or plan missing');
    return entry as ServerEntry;
  } catch (error) {
    app.log.error({ err: error, file }, 'server entry failed to load: public pages are served client-rendered');
    return null;
  }
}

/**
 * The cache key of an address: its path and its parameters sorted by name (a list keeps its
 * order), tracking parameters and empty values dropped. Two addresses with the same key render
 * the same page.
 */
export function renderKey(url: string): string {
  const parsed = new URL(url, 'http://x');
  const params = [...parsed.searchParams].filter(([key, value]) => value !== '' && !isTrackingParam(key));
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return `${parsed.pathname}${query ? `?${query}` : ''}`;
}

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/**
 * The script of a rendered page's module and the chunks it imports, from the client build's
 * manifest, less what index.html already loads: sent in the head so the page's code arrives with
 * the entry and is evaluated before it, and the browser hydrates before DOMContentLoaded (decision
 * 0370) rather than after another round trip, while a click could land on HTML not yet live.
 */
export function pageModuleTags(distDir: string): (module: string) => string {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) return () => '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key]!.imports ?? [], seen);
    }
    return seen;
  };
  const loaded = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
  const tags = new Map<string, string>();
  return (module) => {
    let html = tags.get(module);
    if (html === undefined) {
      const chunk = manifest[module];
      const imports = chunk ? [...closure(chunk.imports ?? [])].filter((key) => !loaded.has(key)) : [];
      const css = chunk ? [...new Set([module, ...imports].flatMap((key) => manifest[key]?.css ?? []))] : [];
      html = chunk
        ? [
            ...css.map((href) => `<link rel="stylesheet" crossorigin href="/${href}">`),
            ...imports.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`),
            `<script type="module" crossorigin src="/${chunk.file}"></script>`,
          ].join('\n    ')
        : '';
      tags.set(module, html);
    }
    return html;
  };
}

/** A page that may not be kept: a 404 is rendered on each request rather than filling the cache. */
class NotKept extends Error {
  constructor(readonly page: RenderedPage) {
    super('not kept');
  }
}

/**
 * The API, called in-process for a render: no network, the visitor's address and (signed in) cookie.
 * `uncached` is told of each answer that did not come through a read cache.
 */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest, cookie: string | undefined, uncached: () => void = () => {}) {
  return async (input: string, init: RequestInit): Promise<Response> => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as HTTPMethods,
      url: input,
      remoteAddress: request.ip,
      headers: { ...(cookie && { cookie }), ...(init.body != null && { 'content-type': 'application/json' }) },
      ...(typeof init.body === 'string' && { payload: init.body }),
    });
    if (res.headers[READ_CACHE_HEADER.toLowerCase()] === undefined) uncached();
    const contentType = res.headers['content-type'];
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`render took over ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Server rendering of public pages (decision 0370). A visitor's page is rendered once per address
 * and kept until a write changes what it was made from (at most a minute; decisions 0371, 0384); a signed-in
 * user's page is rendered with their session and never kept, so neither sees the other's header.
 * Returns false when the address is not a rendered page or the render failed (logged): the caller
 * then sends the client-rendered shell, never an error page.
 */
export function createPageRenderer(app: FastifyInstance, entry: ServerEntry, shell: string, config: AppConfig, moduleTags: (module: string) => string = () => '') {
  const { ctx } = app;
  const caches = new Map<string, ReturnType<typeof createReadCache>>();
  const cacheFor = (reads: readonly CachedTable[]) => {
    const name = [...reads].sort().join(',');
    let cache = caches.get(name);
    if (!cache) caches.set(name, (cache = createReadCache(reads, RENDER_CACHE)));
    return cache;
  };
  const documentOf = (page: RenderedPage) =>
    shell
      .replace(/<!--head-->[\s\S]*?<!--\/head-->/, () => page.head)
      // Before the entry's script: module scripts run in document order, so the page's module is
      // evaluated first and the entry hydrates in the same pass, before DOMContentLoaded.
      .replace('<script type="module"', (entryScript) => (page.module ? `${moduleTags(page.module)}\n    ${entryScript}` : entryScript))
      .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>\n    <script id="query-state" type="application/json">${page.state}</script>`);

  async function signedInUser(request: FastifyRequest): Promise<CurrentUser | null> {
    if (!request.cookies[cookieName(ctx)]) return null;
    const res = await app.inject({ method: 'GET', url: getMe.path, remoteAddress: request.ip, headers: { cookie: request.headers.cookie ?? '' } });
    return res.statusCode === 200 ? ((res.json() as { data: CurrentUser }).data ?? null) : null;
  }

  /**
   * A kept page depends on the cached answers it was made from (a profile page on that profile);
   * an answer read around a cache makes it depend on every table its plan reads (decision 0384).
   */
  const coarseTags = (reads: readonly CachedTable[]): Tag[] => [...reads, ...(reads.some((t) => t !== 'assets') ? ['users'] : [])];

  return async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    try {
      const plan = await entry.plan(request.url);
      if (!plan) return false;
      const me = await signedInUser(request);
      const render = (cookie?: string, uncached?: () => void) =>
        withTimeout(entry.render({ url: request.url, config, me, fetch: inProcessFetch(app, request, cookie, uncached) }), RENDER_TIMEOUT_MS);
      reply.type('text/html; charset=utf-8');
      if (me) {
        const page = await render(request.headers.cookie);
        if (!page) return false;
        reply.code(page.status).header('Cache-Control', 'private, no-store').send(documentOf(page));
        return true;
      }
      const html = await cacheFor(plan.reads)(ctx.database, renderKey(request.url), async () => {
        let aroundCache = false;
        const { value: page, tags } = await collectTags(() => render(undefined, () => (aroundCache = true)));
        if (!page) throw new NotKept({ status: 0, head: '', body: '', state: '' });
        if (page.status !== 200) throw new NotKept(page);
        return { text: documentOf(page), tags: aroundCache || tags.size === 0 ? [...tags, ...coarseTags(plan.reads)] : [...tags] };
      });
      reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie');
      await sendCached(reply, html, 'text/html; charset=utf-8');
      return true;
    } catch (error) {
      if (error instanceof NotKept) {
        if (!error.page.status) return false;
        reply.code(error.page.status).header('Cache-Control', 'no-cache').send(documentOf(error.page));
        return true;
      }
      request.log.error({ err: error, url: request.url }, 'server render failed: sending the client-rendered shell');
      return false;
    }
  };
}
