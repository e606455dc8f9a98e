import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy route modules an address matches and puts them on the route objects, as React
 * Router asks before hydrating a server render: the first render in the browser must be the
 * page itself, not a loading state, or it would not match the server's HTML.
 */
export async function resolveLazyRoutes(routes: RouteObject[], location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
