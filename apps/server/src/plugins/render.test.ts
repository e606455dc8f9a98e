import { describe, expect, it } from 'vitest';
import { renderKey } from './render';

describe('the key a rendered page is kept under (decision 0371)', () => {
  it('sorts parameters by name, keeps a list in its order, drops tracking parameters and empty values', () => {
    expect(renderKey('/providers?services=B&page=2&services=A&utm_source=news&fbclid=x&location=')).toBe('/providers?page=2&services=B&services=A');
    expect(renderKey('/providers?page=2&services=B&services=A')).toBe(renderKey('/providers?services=B&services=A&page=2'));
    expect(renderKey('/providers?services=A&services=B')).not.toBe(renderKey('/providers?services=B&services=A'));
    expect(renderKey('/')).toBe('/');
  });
});
