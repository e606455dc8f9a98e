import { describe, expect, it } from 'vitest';
import { hasForbiddenControlCharacter } from './input-text';

describe('the input rule (decision 0332)', () => {
  it('refuses NUL and other control characters anywhere, keys included', () => {
    for (const bad of ['a\u0000b', '\u0001', 'bell\u0007', 'v\u000btab', 'f\u000cfeed', 'esc\u001b[2J', 'del\u007f', 'nel\u0085'])
      expect(hasForbiddenControlCharacter(bad), JSON.stringify(bad)).toBe(true);
    expect(hasForbiddenControlCharacter({ list: ['ok', { deep: 'x\u0000' }] })).toBe(true);
    expect(hasForbiddenControlCharacter({ 'key\u0000': 'ok' })).toBe(true);
  });

  it('accepts tab, line breaks and ordinary text', () => {
    expect(hasForbiddenControlCharacter({ description: 'Line one\r\nLine two\twith a tab, £4,800 and 🙂', n: 3, ok: true, none: null })).toBe(false);
    expect(hasForbiddenControlCharacter(new Uint8Array([0, 1, 2]))).toBe(false);
  });
});
