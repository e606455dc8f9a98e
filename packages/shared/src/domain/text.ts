/**
 * Characters a name must not hold (decision 0338): they are invisible, or change how the text
 * around them is shown, so "\u202Eevil" reads as "live" in a list and two names can look alike.
 *
 * - Cc: control characters (C0, DEL, C1).
 * - Cf: format characters: bidi embeddings, overrides, isolates and marks (U+202A–U+202E,
 *   U+2066–U+2069, U+200E, U+200F, U+061C), zero-width space, joiners (U+200B–U+200D), word
 *   joiner (U+2060), BOM (U+FEFF), soft hyphen, tag characters.
 * - Zl, Zp: line and paragraph separators (a name is one line).
 * - Cs: a lone surrogate (no character at all).
 * - The other default-ignorable code points, which render as nothing (Hangul fillers, U+034F),
 *   except variation selectors: they choose how an emoji looks and hide no text.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
const VARIATION_SELECTOR = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

export function hasInvisibleCharacters(value: string): boolean {
  if (INVISIBLE.test(value)) return true;
  for (const char of value) if (IGNORABLE.test(char) && !VARIATION_SELECTOR.test(char)) return true;
  return false;
}
