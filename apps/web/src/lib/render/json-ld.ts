import type { BreadcrumbList, ItemList, Thing, WithContext } from 'schema-dts';
import { absoluteUrl } from '@solar/shared/domain/seo';

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` as \u escapes, so no
 * text in it can close the element or open a comment, and the line separators JavaScript once
 * refused. The CSP's `script-src 'self'` does not apply: the browser never runs a data block.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The trail from the home page to this one: `[name, path]` pairs, the last being the page itself. */
export function breadcrumbs(publicUrl: string, trail: ReadonlyArray<readonly [name: string, path: string]>): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: absoluteUrl(publicUrl, path),
    })),
  };
}

/** A list page's entries in order: their names and addresses (the records' own pages carry the rest). */
export function itemList(publicUrl: string, name: string, items: ReadonlyArray<{ name: string; path: string }>, offset = 0): WithContext<ItemList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name,
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: offset + index + 1,
      name: item.name,
      url: absoluteUrl(publicUrl, item.path),
    })),
  };
}

export type JsonLd = WithContext<Thing>;
