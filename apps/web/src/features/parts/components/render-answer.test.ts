import { describe, expect, it } from 'vitest';
import { isSafeLinkUrl, renderAnswer } from './render-answer';

/** Payloads from the OWASP XSS filter-evasion cheat sheet, in markdown and HTML spellings. */
export const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">raw html link</a>',
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click]( javascript:alert(1))',
  '[click](java\tscript:alert(1))',
  '[click](javascript&#58;alert(1))',
  '[click](javascript&#x3A;alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](javascript%3Aalert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](//evil.example/x)',
  '[click](/\\evil.example/x)',
  '[ref link][r]\n\n[r]: javascript:alert(1)',
  '<javascript:alert(1)>',
  '![x](https://evil.example/track.png)',
  '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '![x](//evil.example/t.png)',
  '**bold<img src=x onerror=alert(1)>**',
  '`<script>alert(1)</script>`',
  '<details open ontoggle=alert(1)>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<form action="https://evil.example"><button>go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];

function dom(html: string) {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div;
}

describe('renderAnswer', () => {
  it('renders headings, bold, tables and links [n] markers to their citation', () => {
    const html = renderAnswer('## Panels\n\n**400 W** [1] and [2]; not [3]\n\n| a | b |\n| - | - |\n| 1 [2] | 2 |', 2);
    const d = dom(html);
    expect(d.querySelector('h2')?.textContent).toBe('Panels');
    expect(d.querySelector('strong')?.textContent).toBe('400 W');
    const links = [...d.querySelectorAll('a.citation')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['#citation-1', '#citation-2', '#citation-2']);
    expect(d.textContent).toContain('not [3]');
    expect(d.querySelector('table')).not.toBeNull();
  });

  it('keeps http(s) and relative links, opening external ones safely', () => {
    const d = dom(renderAnswer('[a](https://example.com/x) [b](/providers/acme) [c](#citation-1)', 1));
    const [a, b, c] = [...d.querySelectorAll('a')];
    expect(a?.getAttribute('href')).toBe('https://example.com/x');
    expect(a?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(a?.getAttribute('target')).toBe('_blank');
    expect(b?.getAttribute('href')).toBe('/providers/acme');
    expect(b?.hasAttribute('target')).toBe(false);
    expect(c?.getAttribute('href')).toBe('#citation-1');
  });

  it('shows escaped markdown from the catalogue as text', () => {
    const d = dom(renderAnswer('### 1. Growatt MIN 3800TL \\[240V\\] \\<b\\>', 1));
    expect(d.querySelector('h3')?.textContent).toBe('1. Growatt MIN 3800TL [240V] <b>');
    expect(d.querySelector('b')).toBeNull();
  });

  it.each(XSS_CORPUS)('renders %s inert', (payload) => {
    const d = dom(renderAnswer(`## Answer\n\n${payload}\n\nok [1]`, 1));
    expect(d.querySelector('script, iframe, svg, math, style, form, button, details, object, embed')).toBeNull();
    for (const el of d.querySelectorAll('*')) {
      for (const attr of el.attributes) {
        expect(attr.name.startsWith('on')).toBe(false);
        if (attr.name === 'href') expect(isSafeLinkUrl(attr.value)).toBe(true);
        if (attr.name === 'href') expect(attr.value).not.toMatch(/^\s*(javascript|vbscript|data):|^\/\/|^\/\\/i);
      }
    }
    for (const img of d.querySelectorAll('img')) expect(img.getAttribute('src')).toMatch(/^\/[^/\\]/);
  });

  it('allows only http(s) and same-site relative link URLs', () => {
    for (const ok of ['https://a.example', 'http://a.example/x', '/parts/x', '#citation-1', '?q=1', 'parts/x'])
      expect(isSafeLinkUrl(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', ' JAVASCRIPT:x', 'data:text/html,x', '//evil.example', '/\\evil', 'mailto:a@b.c', 'java\nscript:x', 'https:/\\evil'])
      expect(isSafeLinkUrl(bad)).toBe(false);
  });
});
