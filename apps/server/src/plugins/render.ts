import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { AppConfig } from '@solar/shared/contracts/config';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { getMe } from '@solar/shared/contracts/accounts';
import type { CachedTable, RenderedPage, ServerEntry } from '@solar/shared/contracts/render';
import { RENDER_TIMEOUT_MS } from '@solar/shared/constants/seo';
import { isTrackingParam } from '@solar/shared/constants/analytics';
import type { Tag } from '../platform/cache';
import { cookieName } from './auth';
import { answerCache, answerSize, makeAnswer, PRIVATE, sendFound } from './http-cache';
import { callRoute } from './routes';

const HTML = 'text/html; charset=utf-8';

/** The built server entry (apps/web/dist-server), or null when it is missing or fails to load. */
export async function loadServerEntry(app: FastifyInstance, dir: string): Promise<ServerEntry | null> {
  const file = path.join(dir, 'entry-server.js');
  if (!existsSync(file)) {
    app.log.warn({ file }, 'no server entry: public pages are served client-rendered (npm run build makes it)');
    return null;
  }
  try {
    // The built entry renders with React's production build: a server started without NODE_ENV
    // (`npm start` on a fresh clone) would otherwise load React's development build, which took
    // about twice the CPU per first-time page (decision 0618). Tests keep theirs (NODE_ENV=test).
    process.env.NODE_ENV ??= 'production';
    const entry = (await import(pathToFileURL(file).href)) as Partial<ServerEntry>;
    if (typeof entry.render !== 'function' || typeof entry.plan !== 'function') throw new Error('render or plan missing');
    // The pages' modules load now, not while the first visitor of each page waits (decision 0584).
    await entry.warm?.();
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

/** Told what each in-process answer depends on and when it stops being served. */
type Seen = (tags: readonly Tag[] | null, expiresAt?: number) => void;

/** A page rendered from answers not kept (their routes have no cache) is kept at most this long: statuses follow the clock (decision 0318). */
const UNTAGGED_PAGE_MS = 60_000;

/**
 * The API, called in-process for a render (decision 0430): a GET of a route bound with `bind` runs its
 * access rule, validation, cache and handler for the page's own request, without another pass through
 * the HTTP pipeline; anything else (there is nothing else today) goes through `app.inject`. `seen` is
 * told what each answer depends on (null: it was not kept, so the page depends on every table it reads).
 */
function inProcessFetch(app: FastifyInstance, request: FastifyRequest, seen: Seen = () => {}) {
  return async (input: string, init: RequestInit): Promise<Response> => {
    const method = (init.method ?? 'GET').toUpperCase();
    const direct = method === 'GET' ? await callRoute(request, input) : null;
    if (direct) {
      seen(direct.status === 200 ? direct.tags : [], direct.expiresAt);
      return new Response(new Uint8Array(direct.body), { status: direct.status, headers: { 'content-type': direct.type } });
    }
    seen(null);
    const cookie = request.headers.cookie;
    const res = await app.inject({
      method: method as HTTPMethods,
      url: input,
      remoteAddress: request.ip,
      headers: { ...(cookie && { cookie }), ...(init.body != null && { 'content-type': 'application/json' }) },
      ...(typeof init.body === 'string' && { payload: init.body }),
    });
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
  const session = cookieName(ctx);
  const documentOf = (page: RenderedPage) =>
    shell
      .replace(/<!--head-->[\s\S]*?<!--\/head-->/, () => page.head)
      // Before the entry's script: module scripts run in document order, so the page's module is
      // evaluated first and the entry hydrates in the same pass, before DOMContentLoaded.
      .replace('<script type="module"', (entryScript) => (page.module ? `${moduleTags(page.module)}\n    ${entryScript}` : entryScript))
      .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>\n    <script id="query-state" type="application/json">${page.state}</script>`);

  /** The signed-in user as `GET /api/auth/me` answers it, asked in-process. */
  async function signedInUser(request: FastifyRequest): Promise<CurrentUser | null> {
    if (!request.cookies[session]) return null;
    const me = await callRoute(request, getMe.path);
    return me?.status === 200 ? ((JSON.parse(me.body.toString()) as { data: CurrentUser | null }).data ?? null) : null;
  }

  /** A kept page depends on what its answers depended on; one answered around the cache, on every table its plan reads. */
  const coarseTags = (reads: readonly CachedTable[]): Tag[] => [...reads, ...(reads.some((t) => t !== 'assets') ? ['users'] : [])];

  return async function renderPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    try {
      const plan = await entry.plan(request.url);
      if (!plan) return false;
      const me = await signedInUser(request);
      const render = (seen?: Seen) =>
        withTimeout(entry.render({ url: request.url, config, me, fetch: inProcessFetch(app, request, seen) }), RENDER_TIMEOUT_MS);
      if (request.cookies[session]) {
        // Rendered with the session (the header, their own state): never kept, never shared.
        const page = await render();
        if (!page) return false;
        reply.code(page.status).type(HTML).header('Cache-Control', PRIVATE).send(documentOf(page));
        return true;
      }
      const key = `page ${renderKey(request.url)}`;
      const now = ctx.clock.now().getTime();
      const cache = answerCache(ctx.database);
      const found = await cache.get(
        key,
        async () => {
          const tags = new Set<Tag>();
          let aroundCache = false;
          let expiresAt: number | undefined;
          const page = await render((answerTags, until) => {
            if (answerTags) answerTags.forEach((t) => tags.add(t));
            else aroundCache = true;
            if (until !== undefined) expiresAt = Math.min(until, expiresAt ?? Infinity);
          });
          if (!page) throw new NotKept({ status: 0, head: '', body: '', state: '' });
          if (page.status !== 200) throw new NotKept(page);
          if (aroundCache || tags.size === 0) {
            coarseTags(plan.reads).forEach((t) => tags.add(t));
            expiresAt = Math.min(now + UNTAGGED_PAGE_MS, expiresAt ?? Infinity);
          }
          const value = makeAnswer(documentOf(page), HTML);
          return { value, tags: [...tags], size: answerSize(value, key), expiresAt };
        },
        now,
      );
      const secondsLeft = found.expiresAt === undefined ? undefined : (found.expiresAt - now) / 1000;
      await sendFound(request, reply, found, { shared: true, key, cache, secondsLeft });
      return true;
    } catch (error) {
      if (error instanceof NotKept) {
        if (!error.page.status) return false;
        reply.code(error.page.status).type(HTML).header('Cache-Control', 'no-cache').send(documentOf(error.page));
        return true;
      }
      request.log.error({ err: error, url: request.url }, 'server render failed: sending the client-rendered shell');
      return false;
    }
  };
}
