import { describe, expect, it } from 'vitest';
import { applyHead, headHtml, headTags } from './head-tags';
import { breadcrumbs } from './json-ld';

const PUBLIC = 'https://solar.example';

describe('page head tags (decision 0370)', () => {
  it('writes every text escaped, addresses absolute, and JSON-LD that cannot close its element', () => {
    const html = headHtml(
      headTags(
        {
          title: 'A "quoted" <b>name</b> & co',
          description: "It's <script>alert(1)</script>",
          canonical: '/providers/a-b',
          noindex: true,
          jsonLd: [{ '@context': 'https://schema.org', '@type': 'Organization', name: '</script><script>alert(1)</script> & \u2028' }],
        },
        PUBLIC,
      ),
    );
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt; &amp; co</title>');
    expect(html).toContain('content="It&#39;s &lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('<link data-head rel="canonical" href="https://solar.example/providers/a-b" />');
    expect(html).toContain('<meta data-head name="robots" content="noindex, follow" />');
    expect(html).toContain('<meta data-head property="og:image" content="https://solar.example/og-card.png" />');
    expect(html).toContain('<meta data-head name="twitter:card" content="summary_large_image" />');
    const jsonLd = /<script type="application\/ld\+json" data-head>(.*?)<\/script>/.exec(html)![1]!;
    expect(jsonLd).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(jsonLd).name).toBe('</script><script>alert(1)</script> & \u2028');
  });

  it('a logo is the small card; no canonical and no robots tag unless given', () => {
    const tags = headTags({ title: 'T', description: 'D', image: { url: '/uploads/logo.png', alt: 'Logo' } }, PUBLIC);
    const html = headHtml(tags);
    expect(html).toContain('content="summary"');
    expect(html).toContain('content="https://solar.example/uploads/logo.png"');
    expect(html).not.toContain('canonical');
    expect(html).not.toContain('robots');
  });

  it('replaces the head elements on navigation, leaving the rest of the head', () => {
    document.head.innerHTML = '<meta charset="utf-8"><meta data-head name="description" content="old"><link rel="icon" href="/favicon.svg">';
    applyHead(headTags({ title: 'New page', description: 'New text', canonical: '/new', jsonLd: [breadcrumbs(PUBLIC, [['Home', '/']])] }, PUBLIC));
    expect(document.title).toBe('New page');
    expect(document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('New text');
    expect(document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://solar.example/new');
    expect(document.querySelector('link[rel="icon"]')).not.toBeNull();
    expect(JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!)['@type']).toBe('BreadcrumbList');
  });
});
