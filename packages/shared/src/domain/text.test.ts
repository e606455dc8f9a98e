import { describe, expect, it } from 'vitest';
import { hasInvisibleCharacters } from './text';

describe('hasInvisibleCharacters', () => {
  it.each([
    ['right-to-left override', '\u202E'],
    ['left-to-right embedding', '\u202A'],
    ['pop directional formatting', '\u202C'],
    ['first strong isolate', '\u2068'],
    ['pop directional isolate', '\u2069'],
    ['left-to-right mark', '\u200E'],
    ['right-to-left mark', '\u200F'],
    ['Arabic letter mark', '\u061C'],
    ['zero-width space', '\u200B'],
    ['zero-width non-joiner', '\u200C'],
    ['zero-width joiner', '\u200D'],
    ['word joiner', '\u2060'],
    ['byte order mark', '\uFEFF'],
    ['soft hyphen', '\u00AD'],
    ['tag character', '\u{E0041}'],
    ['Hangul filler', '\u3164'],
    ['combining grapheme joiner', '\u034F'],
    ['NUL', '\u0000'],
    ['bell', '\u0007'],
    ['tab', '\t'],
    ['line feed', '\n'],
    ['carriage return', '\r'],
    ['DEL', '\u007F'],
    ['next line (C1)', '\u0085'],
    ['line separator', '\u2028'],
    ['paragraph separator', '\u2029'],
    ['lone surrogate', '\uD800'],
  ])('finds a %s in the middle of a name', (_label, char) => {
    expect(hasInvisibleCharacters(`Acme ${char}Solar`)).toBe(true);
  });

  it.each(['Acme Solar Ltd', 'Zoë Brontë-Smith', "O'Neill & Sons (UK) Ltd.", 'Ørsted', 'Łukasz Żółw', 'e\u0301cole', 'Αθηνά', 'محمد', 'שלום', '李小龙', 'Sunny \u2600\uFE0F Solar', 'Non\u00A0breaking'])(
    'accepts the visible name %s',
    (name) => {
      expect(hasInvisibleCharacters(name)).toBe(false);
    },
  );
});
