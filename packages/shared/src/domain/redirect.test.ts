import { describe, expect, it } from 'vitest';
import { safeRedirect, signInPath } from './redirect';

describe('safeRedirect', () => {
  it('keeps same-site relative paths with their query', () => {
    expect(safeRedirect('/providers/abc/quote?service=Cleaning&x=1')).toBe('/providers/abc/quote?service=Cleaning&x=1');
    expect(safeRedirect('/list-a-tender')).toBe('/list-a-tender');
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    ' /padded',
    '/%0d%0aSet-Cookie',
    '/a\u0000b',
    'evil.example',
    '',
    null,
    undefined,
  ])('refuses %s', (value) => {
    const result = safeRedirect(value as string);
    expect(result.startsWith('/') && !result.startsWith('//')).toBe(true);
    if (value !== '/%0d%0aSet-Cookie') expect(result).toBe('/');
  });

  it('builds sign-in paths with the target encoded', () => {
    expect(signInPath('/auth', '/providers/a b/quote?x=1&y=2')).toBe('/auth?redirect=%2Fproviders%2Fa%20b%2Fquote%3Fx%3D1%26y%3D2');
  });
});
