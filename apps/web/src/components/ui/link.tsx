import { Link as RouterLink, useHref, type LinkProps } from 'react-router';

/** React Router's test for a `to` that is a whole URL (its own `ABSOLUTE_URL_REGEX`). */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|[/\\]{2})/i;

/**
 * React Router's `<Link>` as the server renders it: the same `<a>` (attributes in the same order,
 * `href` from the same `useHref`, `data-discover`), without the hooks that only matter once the page
 * is live (click handling, navigation, prefetching): their hooks were about a tenth of a directory
 * page's server render (decision 0623). The browser hydrates this markup with React Router's own `<Link>`.
 */
export function StaticLink(props: LinkProps) {
  const {
    to,
    relative,
    discover = 'render',
    target,
    // Live-page behaviour: nothing of these is in the HTML.
    onClick: _onClick,
    prefetch: _prefetch,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    mask,
    ...rest
  } = props;
  const href = useHref(to, { relative });
  // A masked link's address is worked out by the router's own link.
  if (mask !== undefined) return <RouterLink {...props} />;
  const absolute = typeof to === 'string' && ABSOLUTE_URL.test(to);
  // A whole URL is written as given, as React Router writes it on the server.
  return <a {...rest} href={absolute ? to : href} target={target} data-discover={!absolute && discover === 'render' ? 'true' : undefined} />;
}

/** The app's link: React Router's in the browser, its markup alone in the server's render (Vite's `SSR` flag). */
export const Link: typeof RouterLink = import.meta.env.SSR ? (StaticLink as typeof RouterLink) : RouterLink;
