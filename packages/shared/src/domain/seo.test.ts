import { describe, expect, it } from 'vitest';
import { absoluteUrl, canonicalSearch, isThinProfile, metaDescription } from './seo';

describe('search-engine helpers (decision 0370)', () => {
  it('a profile is thin when unclaimed with neither services nor a description', () => {
    expect(isThinProfile({ claimed: false, services: [], description: '  ' })).toBe(true);
    expect(isThinProfile({ claimed: true, services: [], description: '' })).toBe(false);
    expect(isThinProfile({ claimed: false, services: ['Panel Cleaning'], description: '' })).toBe(false);
    expect(isThinProfile({ claimed: false, services: [], description: 'Asset manager.' })).toBe(false);
  });

  it('cuts a description at a word within 160 characters, whitespace collapsed', () => {
    expect(metaDescription('  Two   lines\nof text ')).toBe('Two lines of text');
    const long = 'word '.repeat(60);
    const cut = metaDescription(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(metaDescription(`${'a'.repeat(200)}`)).toHaveLength(160);
  });

  it('builds absolute addresses from the public URL and keeps absolute ones', () => {
    expect(absoluteUrl('https://solar.example/', '/providers')).toBe('https://solar.example/providers');
    expect(absoluteUrl('https://solar.example', 'og-card.png')).toBe('https://solar.example/og-card.png');
    expect(absoluteUrl('https://solar.example', 'https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
  });

  it('keeps only the listed parameters, in the listed order, lists in their own order', () => {
    const params = new URLSearchParams('sort=name&page=2&services=B&utm_source=x&services=A&location=&companies=Z');
    expect(canonicalSearch(params, ['companies', 'services', 'location', 'page'])).toBe('?companies=Z&services=B&services=A&page=2');
    expect(canonicalSearch(new URLSearchParams('sort=name'), ['page'])).toBe('');
  });
});
