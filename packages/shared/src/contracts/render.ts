import type { AppConfig } from './config';
import type { CurrentUser } from './accounts';

/**
 * The boundary between the server and the web app's server entry (apps/web/src/entry-server.tsx,
 * decision 0370): the server loads the built entry and asks it for a page; the entry calls the API
 * through `fetch`, which the server points at itself in-process.
 */

/** Tables a rendered page depends on when an answer it used was not kept (decision 0430). */
export type CachedTable = 'providers' | 'assets' | 'tenders';

export interface RenderRequest {
  /** Path and query as the browser asked for them. */
  url: string;
  config: AppConfig;
  /** The signed-in user as `GET /api/auth/me` answers, or null for a visitor. */
  me: CurrentUser | null;
  /** Reaches the API (in-process on the server), with the visitor's cookie when signed in. */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
}

export interface RenderedPage {
  /** 200, or 404 for a record that does not exist or that the viewer may not see. */
  status: number;
  /** Title, description, canonical, preview and robots tags, and JSON-LD, as HTML. */
  head: string;
  /** The page's HTML, hydrated by the browser. */
  body: string;
  /** The query cache the page was rendered from (dehydrated), as JSON safe inside a script element. */
  state: string;
  /** The page's module as the client build's manifest names it (`src/…-page.tsx`): its script goes with the HTML. */
  module?: string;
}

/** What the server needs to know before rendering: the page is rendered, and what it reads. */
export interface RenderPlan {
  reads: readonly CachedTable[];
}

export interface ServerEntry {
  /** The plan of a rendered page, or null when the address is served the client-rendered shell. */
  plan(url: string): Promise<RenderPlan | null>;
  render(request: RenderRequest): Promise<RenderedPage | null>;
  /**
   * Loads every rendered page's module ahead of the first request for it (decision 0584): otherwise
   * the first visitor of each kind of page waits for its module and the imports it pulls in.
   */
  warm?(): Promise<void>;
}
