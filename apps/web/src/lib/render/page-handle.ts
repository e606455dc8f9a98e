import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Params } from 'react-router';
import type { Thing, WithContext } from 'schema-dts';
import type { CachedTable } from '@solar/shared/contracts/render';

/** What a page tells search engines and link previews (decision 0370). */
export interface PageHead {
  title: string;
  description: string;
  /** Path and query of the page's one address; made absolute with PUBLIC_URL. */
  canonical?: string;
  /** The preview image: a provider's logo, else the site card. */
  image?: { url: string; alt: string; width?: number; height?: number };
  /** Open Graph type: a record's page is an article of the site, the rest are website pages. */
  type?: 'website' | 'article';
  /** Thin, private or paged-on lists: rendered but not indexed (links are still followed). */
  noindex?: boolean;
  /** 404 for a record that does not exist or that the viewer may not see. */
  status?: number;
  /** Structured data, typed by schema.org's vocabulary (schema-dts). */
  jsonLd?: ReadonlyArray<WithContext<Thing>>;
}

/** What a page's hooks get: the matched address and the query cache the page renders from. */
export interface PageContext {
  queryClient: QueryClient;
  params: Params;
  url: URL;
  /** PUBLIC_URL, for absolute addresses in structured data. */
  publicUrl: string;
}

export interface PrefetchContext extends PageContext {
  /**
   * Loads a query the page reads, through the same query options the page uses, so the render
   * and the browser share one data path. On the server a failure is not retried: the page renders
   * its error state and the browser tries again.
   */
  prefetch<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>): Promise<void>;
}

/**
 * A public page's route handle (React Router `handle`, exported by the page module): what the
 * server loads before rendering it, its head, and the tables whose writes make a rendered copy
 * stale. Routes without a handle are served the client-rendered shell.
 */
export interface PageHandle {
  prefetch?(context: PrefetchContext): Promise<unknown>;
  head(context: PageContext): PageHead;
  reads: readonly CachedTable[];
}

export function isPageHandle(value: unknown): value is PageHandle {
  return typeof value === 'object' && value !== null && typeof (value as PageHandle).head === 'function';
}
