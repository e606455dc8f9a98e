import { SITE_CARD, SITE_NAME } from '@solar/shared/constants/seo';
import { absoluteUrl } from '@solar/shared/domain/seo';
import { jsonLdText } from './json-ld';
import type { PageHead } from './page-handle';

/** One element of the head: the title, a meta or link element, or a JSON-LD block. */
export type HeadTag =
  | { kind: 'title'; text: string }
  | { kind: 'meta' | 'link'; attributes: Record<string, string> }
  | { kind: 'json-ld'; text: string };

/**
 * The head elements of a page (decision 0370): title, description, canonical address, robots,
 * Open Graph and Twitter card, and JSON-LD. Every address is absolute from PUBLIC_URL. The server
 * writes them into the HTML; the browser replaces them on each navigation (`applyHead`).
 */
export function headTags(head: PageHead, publicUrl: string): HeadTag[] {
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({ kind: 'meta', attributes: { [key]: name, content } });
  const canonical = head.canonical === undefined ? undefined : absoluteUrl(publicUrl, head.canonical);
  const image = head.image ?? { url: SITE_CARD.path, alt: SITE_CARD.alt, width: SITE_CARD.width, height: SITE_CARD.height };
  const imageUrl = absoluteUrl(publicUrl, image.url);
  // A wide card shows large; a logo (square, any size) as the small summary card.
  const large = head.image === undefined;
  const tags: HeadTag[] = [
    { kind: 'title', text: head.title },
    meta('name', 'description', head.description),
    ...(canonical ? [{ kind: 'link', attributes: { rel: 'canonical', href: canonical } } as HeadTag] : []),
    ...(head.noindex ? [meta('name', 'robots', 'noindex, follow')] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    ...(canonical ? [meta('property', 'og:url', canonical)] : []),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:alt', image.alt),
    ...(image.width && image.height ? [meta('property', 'og:image:width', String(image.width)), meta('property', 'og:image:height', String(image.height))] : []),
    meta('name', 'twitter:card', large ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', imageUrl),
    meta('name', 'twitter:image:alt', image.alt),
    ...(head.jsonLd ?? []).map((data): HeadTag => ({ kind: 'json-ld', text: jsonLdText(data) })),
  ];
  return tags;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const attributesHtml = (attributes: Record<string, string>) =>
  Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');

/** The tags as HTML for the server's response; `data-head` marks what the browser replaces later. */
export function headHtml(tags: readonly HeadTag[]): string {
  return tags
    .map((tag) => {
      if (tag.kind === 'title') return `<title>${escapeHtml(tag.text)}</title>`;
      if (tag.kind === 'json-ld') return `<script type="application/ld+json" data-head>${tag.text}</script>`;
      return `<${tag.kind} data-head${attributesHtml(tag.attributes)} />`;
    })
    .join('\n    ');
}

/**
 * Replaces the page's head elements in the document (client navigation): the title, and every
 * element the server or an earlier call marked `data-head`.
 */
export function applyHead(tags: readonly HeadTag[], doc: Document = document): void {
  for (const old of doc.head.querySelectorAll('[data-head]')) old.remove();
  for (const tag of tags) {
    if (tag.kind === 'title') {
      doc.title = tag.text;
      continue;
    }
    const element = doc.createElement(tag.kind === 'json-ld' ? 'script' : tag.kind);
    element.setAttribute('data-head', '');
    if (tag.kind === 'json-ld') {
      element.setAttribute('type', 'application/ld+json');
      element.textContent = tag.text;
    } else {
      for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
    }
    doc.head.appendChild(element);
  }
}
