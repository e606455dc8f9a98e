import { Marked, type Tokens } from 'marked';
import DOMPurify from 'dompurify';

/**
 * Answer markdown is untrusted (docs/security.md#input-output-uploads; it may come from an external answer service): raw HTML
 * is shown as text, links are kept only for http(s) and same-site relative URLs, images only from
 * this site, and `[n]` markers become links to their citation. DOMPurify then enforces the same
 * rules on the final DOM attributes, so a trick that fools the markdown step still ends inert.
 */

const CONTROL = /[\u0000-\u0020\u007f-\u00a0\u2000-\u200f\u2028\u2029\ufeff]/g;

/** 'https:', 'http:', or a same-site relative reference ('/x', '#x', '?x', 'x/y'); never '//host' or '/\host'. */
export function isSafeLinkUrl(raw: string): boolean {
  const url = raw.replace(CONTROL, '');
  if (!url) return false;
  if (/^https?:\/\/[^/\\]/i.test(url)) return true;
  if (/^[/\\]{2}|^\/\\/.test(url)) return false;
  if (/^[/#?]/.test(url)) return true;
  // Any scheme ('javascript:', 'data:', 'vbscript:', 'JaVaScRiPt:', entity-encoded colons…) is refused.
  return !/^[^/?#]*(:|&#|&colon|%3a)/i.test(url);
}

/** Images only from this site ('/…'), never off-site or data: URLs. */
export function isSafeImageUrl(raw: string): boolean {
  const url = raw.replace(CONTROL, '');
  return /^\/(?![/\\])/.test(url) && !/[:]|&#|%3a/i.test(url.split(/[?#]/)[0]!);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ALLOWED_TAGS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'strong', 'em', 'del', 'code', 'pre', 'blockquote',
  'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'a', 'img', 'sup',
];

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier() {
  if (purifier) return purifier;
  // A private instance, so these hooks never affect another caller of DOMPurify.
  const p = DOMPurify(window);
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!isSafeLinkUrl(href)) {
        node.removeAttribute('href');
      } else if (/^https?:/i.test(href.trim())) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      } else {
        node.removeAttribute('target');
      }
    }
    if (node.tagName === 'IMG' && !isSafeImageUrl(node.getAttribute('src') ?? '')) node.remove();
  });
  purifier = p;
  return p;
}

/** Markdown → sanitised HTML, with `[n]` (1 ≤ n ≤ citationCount) linked to `#citation-n`. */
export function renderAnswer(markdown: string, citationCount: number): string {
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  marked.use({
    renderer: {
      // Raw HTML in the markdown is shown as text, never parsed.
      html: ({ text }: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      link({ href, title, tokens }: Tokens.Link) {
        const inner = this.parser.parseInline(tokens);
        if (!isSafeLinkUrl(href)) return inner;
        return `<a href="${escapeHtml(href)}"${title ? ` title="${escapeHtml(title)}"` : ''}>${inner}</a>`;
      },
      image({ href, text }: Tokens.Image) {
        if (!isSafeImageUrl(href)) return escapeHtml(text);
        return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}">`;
      },
    },
    extensions: [
      {
        name: 'citation',
        level: 'inline',
        start(src: string) {
          const i = src.search(/\[\d{1,3}\]/);
          return i < 0 ? undefined : i;
        },
        tokenizer(src: string) {
          const m = /^\[(\d{1,3})\](?![([:])/.exec(src);
          if (m) return { type: 'citation', raw: m[0], n: Number(m[1]) };
          return undefined;
        },
        renderer(token) {
          const n = (token as unknown as { n: number }).n;
          if (n < 1 || n > citationCount) return `[${n}]`;
          return `<sup><a href="#citation-${n}" class="citation" aria-label="Source ${n}">[${n}]</a></sup>`;
        },
      },
    ],
  });
  const html = marked.parse(markdown) as string;
  return getPurifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'class', 'aria-label', 'align', 'start'],
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
  }) as string;
}
