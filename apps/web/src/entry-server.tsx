import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject, type StaticHandlerContext } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { RenderPlan, RenderRequest, RenderedPage, ServerEntry } from '@solar/shared/contracts/render';
import { RENDER_TIMEOUT_MS } from '@solar/shared/constants/seo';
import { bindApiClient, createApiClient } from './lib/api-client';
import { configure } from './lib/config';
import { createQueryClient } from './lib/query-client';
import { headHtml, headTags } from './lib/render/head-tags';
import { isPageHandle, type PageHandle } from './lib/render/page-handle';
import { dehydrateText } from './lib/render/query-state';
import { sessionKeys } from './lib/session/get-me';
import { routes } from './app/routes';

/**
 * The server's entry (decision 0370), built by `vite build --ssr` into dist-server and loaded by
 * apps/server/src/plugins/spa.ts. A public page (a route whose module exports a `handle`) is
 * rendered from the same query options the browser uses, against the API in-process; the query
 * cache goes with the HTML so the browser hydrates without asking again.
 */
const handler = createStaticHandler(routes);

/**
 * The page handle of the deepest route an address matches (loading its module once), or null.
 * Matched by the static handler, whose route branches are ranked once: React Router's
 * `matchRoutes` flattens, ranks and compiles the whole route tree on every call (about a
 * millisecond for each new address, decision 0623).
 */
async function matchHandle(pathname: string): Promise<PageHandle | null> {
  const context = await handler.query(new Request(new URL(pathname, 'http://x')));
  if (context instanceof Response) return null;
  const handle = context.matches.at(-1)?.route.handle as unknown;
  return isPageHandle(handle) ? handle : null;
}

/** Addresses whose handle is remembered (every request asks). */
const HANDLES_KEPT = 2_000;
const handles = new Map<string, Promise<PageHandle | null>>();

/** `matchHandle`, remembered for the most recently asked addresses (every request asks). */
function handleFor(pathname: string): Promise<PageHandle | null> {
  let handle = handles.get(pathname);
  if (handle) handles.delete(pathname);
  else {
    const matching = (handle = matchHandle(pathname));
    // A module that failed to load is asked for again next time.
    matching.catch(() => handles.get(pathname) === matching && handles.delete(pathname));
  }
  handles.set(pathname, handle);
  if (handles.size > HANDLES_KEPT) handles.delete(handles.keys().next().value!);
  return handle;
}

/** Every route under `list`, depth first. */
const allRoutes = (list: RouteObject[]): RouteObject[] => list.flatMap((route) => [route, ...allRoutes(route.children ?? [])]);

/**
 * Loads the modules of the pages rendered here (their route ids name their files: `src/…`) when the
 * server starts, so no visitor waits for one (decision 0584: the first tender page of a run took
 * 1.3–4.4 s while the rest took tens of milliseconds).
 */
export const warm: NonNullable<ServerEntry['warm']> = async () => {
  const pages = allRoutes(routes).filter((route) => route.id?.startsWith('src/') && typeof route.lazy === 'function');
  // A module that fails here fails again, and is logged, when its page is first asked for.
  await Promise.allSettled(pages.map((route) => (route.lazy as () => Promise<unknown>)()));
};

export const plan: ServerEntry['plan'] = async (url): Promise<RenderPlan | null> => {
  const handle = await handleFor(new URL(url, 'http://x').pathname);
  return handle ? { reads: handle.reads } : null;
};

export const render: ServerEntry['render'] = async (request: RenderRequest): Promise<RenderedPage | null> => {
  configure(request.config);
  const url = new URL(request.url, request.config.publicUrl);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null; // a redirect: the browser's router handles it
  const leaf = context.matches.at(-1);
  const handle = leaf && isPageHandle(leaf.route.handle) ? leaf.route.handle : null;
  if (!leaf || !handle) return null;

  const queryClient = createQueryClient();
  // No garbage-collection timers on the server: each would hold a finished render's cache for minutes.
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, gcTime: Infinity } });
  bindApiClient(queryClient, createApiClient({ fetch: request.fetch }));
  queryClient.setQueryData(sessionKeys.me, request.me);
  const page = { queryClient, params: leaf.params, url, publicUrl: request.config.publicUrl };
  await handle.prefetch?.({
    ...page,
    prefetch: (options) => queryClient.prefetchQuery({ ...options, retry: false }),
  });
  const head = handle.head(page);
  // React puts preload hints for the page's first images before its HTML: they belong in the head.
  // Only the leading links are matched: a pattern that captured the rest too scanned the whole page.
  const html = await renderBody(queryClient, context);
  const preloads = /^(?:<link [^>]*>)*/.exec(html)![0];
  const body = html.slice(preloads.length);
  const state = dehydrateText(queryClient);
  queryClient.clear();
  return {
    status: head.status ?? context.statusCode,
    head: `${headHtml(headTags(head, request.config.publicUrl))}${preloads}`,
    body,
    state,
    module: leaf.route.id.startsWith('src/') ? leaf.route.id : undefined,
  };
};

/** The page's HTML once everything has rendered (lazy components included), or a failure. */
function renderBody(queryClient: QueryClient, context: StaticHandlerContext): Promise<string> {
  // No routes to convert: the router renders the handler's matches (its state), and takes each
  // matched route as the handler made it when the route is not in its own manifest. Converting the
  // whole route tree again (`handler.dataRoutes`) cost every render about a millisecond (decision 0623).
  const router = createStaticRouter([], context);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      stream.abort();
      reject(new Error(`render took over ${RENDER_TIMEOUT_MS} ms`));
    }, RENDER_TIMEOUT_MS);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    let failed: unknown;
    const stream = renderToPipeableStream(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          {/* hydrate={false}: React Router's own hydration script is inline, which the CSP forbids. */}
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </StrictMode>,
      {
        // Everything is sent at once, complete: no boundary is outlined to be revealed by an inline
        // script (React does that for large ones by default), which the CSP would block.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () => {
          if (!failed) return stream.pipe(sink);
          clearTimeout(timer);
          reject(failed);
        },
        onShellError: (error) => {
          clearTimeout(timer);
          reject(error);
        },
        onError: (error) => {
          failed ??= error;
        },
      },
    );
  });
}
