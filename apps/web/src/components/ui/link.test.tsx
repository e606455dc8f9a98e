import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, Link as RouterLink, StaticRouterProvider, type LinkProps } from 'react-router';
import { describe, expect, it } from 'vitest';
import { StaticLink } from './link';

/** Renders `links` inside a page at `url` as the server's entry does (a static router). */
async function markup(links: (L: typeof RouterLink) => React.ReactNode, url: string) {
  const render = async (L: typeof RouterLink) => {
    const routes = [{ path: '/', children: [{ path: 'providers/:slug', element: <>{links(L)}</> }, { path: '*', element: <>{links(L)}</> }] }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(url, 'http://localhost')));
    if (context instanceof Response) throw new Error('redirect');
    return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
  };
  return { ours: await render(StaticLink as typeof RouterLink), router: await render(RouterLink) };
}

const CASES: LinkProps[] = [
  { to: '/providers/acme' },
  { to: '/providers?location=Leeds&page=2', className: 'text-sm underline', 'aria-label': 'Next page' },
  { to: { pathname: '/tender/1', search: '?a=1', hash: '#x' }, state: { from: 'list' }, replace: true },
  { to: 'edit', relative: 'path' },
  { to: '../other' },
  { to: '/login?redirect=%2Fproviders', target: '_blank', rel: 'noreferrer', onClick: () => {} },
  { to: '/x', discover: 'none', prefetch: 'intent', reloadDocument: true, preventScrollReset: true, viewTransition: true },
  { to: 'https://example.com/a b' },
  { to: '//example.com/path' },
  { to: '/masked', mask: '/shown' },
];

describe('StaticLink', () => {
  it.each(CASES.map((props) => [JSON.stringify(props.to), props] as const))('renders %s as React Router’s Link does', async (_, props) => {
    for (const url of ['/providers/acme', '/deep/page/here?x=1']) {
      const { ours, router } = await markup((L) => <L {...props}>Go</L>, url);
      expect(ours).toBe(router);
      expect(ours).toContain('<a ');
    }
  });
});
