import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect, signInPath } from './redirect';

/** Where a browser on https://solar.example would go for this path, and what a decoding server would read. */
function landsOnSite(path: string): boolean {
  const url = new URL(path, 'https://solar.example');
  let decoded = url.pathname;
  for (let i = 0; i < 4; i++) decoded = decodeURIComponent(decoded);
  return url.origin === 'https://solar.example' && !decoded.startsWith('//') && !decoded.includes('\\') && !/(^|\/)\.\.?(\/|$)/.test(decoded);
}

describe('safeRedirect', () => {
  it('keeps same-site relative paths with their query and fragment', () => {
    expect(safeRedirect('/providers/abc/quote?service=Cleaning&x=1')).toBe('/providers/abc/quote?service=Cleaning&x=1');
    expect(safeRedirect('/list-a-tender')).toBe('/list-a-tender');
    expect(safeRedirect('/tender/9b2c/respond#documents')).toBe('/tender/9b2c/respond#documents');
    expect(safeRedirect('/providers?location=Leeds%2C%20West%20Yorkshire&date=01%2F02')).toBe('/providers?location=Leeds%2C%20West%20Yorkshire&date=01%2F02');
    expect(safeRedirect('/caf%C3%A9')).toBe('/caf%C3%A9');
  });

  // Issue 25, finding 13: '/..//evil.example' came back as '//evil.example', a protocol-relative address.
  it.each([
    ['dot segments to a protocol-relative address', '/..//evil.example'],
    ['dot segments, deeper', '/a/b/../../..//evil.example/x'],
    ['single dot segments', '/.//evil.example'],
    ['encoded dot segments', '/%2e%2e//evil.example'],
    ['encoded dots and slashes a decoding server would resolve', '/a/%2e%2e%2f%2fevil.example'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['doubly encoded slashes', '/%252F%252Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['a backslash after the slash', '/\\/evil.example'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a newline between the slashes', '/\n/evil.example'],
    ['a carriage return between the slashes', '/\r/evil.example'],
    ['an encoded tab between the slashes', '/%09/evil.example'],
    ['a protocol-relative address', '//evil.example'],
    ['an absolute address', 'https://evil.example/'],
    ['a scheme', 'javascript:alert(1)'],
    ['a leading space', ' /padded'],
    ['encoded CR LF', '/%0d%0aSet-Cookie'],
    ['a NUL', '/a\u0000b'],
    ['a right-to-left override', '/\u202Eelpmaxe.live'],
    ['a zero-width space', '/\u200B/evil.example'],
    ['a host with no slash', 'evil.example'],
    ['malformed percent-encoding', '/%E0%A4%A'],
    ['too long', `/${'a'.repeat(2048)}`],
    ['empty', ''],
    ['null', null],
    ['undefined', undefined],
  ])('refuses %s', (_name, value) => {
    expect(safeRedirect(value)).toBe('/');
    expect(safeRedirect(value, '/dashboard')).toBe('/dashboard');
  });

  it('for any input, answers a same-site path that reads the same when checked again (property)', () => {
    const pieces = fc.constantFrom('/', '//', '\\', '.', '..', '%2e', '%2f', '%2F', '%5c', '%25', '\t', '\n', '\r', '\u202E', '?', '#', '@', ':', 'evil.example', 'a', 'é', '%');
    const hostile = fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string(), hostile.map((s) => `/${s}`)), (value) => {
        const result = safeRedirect(value);
        expect(result.startsWith('/')).toBe(true);
        expect(landsOnSite(result)).toBe(true);
        expect(safeRedirect(result)).toBe(result);
      }),
      { numRuns: 5000 },
    );
  });

  it('builds sign-in paths with the target encoded', () => {
    expect(signInPath('/auth', '/providers/a b/quote?x=1&y=2')).toBe('/auth?redirect=%2Fproviders%2Fa%20b%2Fquote%3Fx%3D1%26y%3D2');
  });
});
