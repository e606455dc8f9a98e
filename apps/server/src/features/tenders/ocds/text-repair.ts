import iconv from 'iconv-lite';

/**
 * Repairs text damaged on its way into the sample feeds (data/tenders/SOURCE.md):
 * - mojibake: UTF-8 bytes that were decoded as Windows-1252 ('Â£' → '£', 'â€¢' → '•', 'â€¯' → a
 *   narrow no-break space, 'Ã¤' → 'ä'). Any run of characters whose Windows-1252 bytes form one valid
 *   multi-byte UTF-8 sequence is decoded back; anything else is left alone, so real 'é' or 'Â' stay.
 * - CR LF escapes that lost their backslashes and became the letters 'rn' (decision 0172): only
 *   where that is unambiguous, never inside a word such as 'government' or 'Fearnhead'.
 */
export function repairText(input: string): string {
  return repairLineBreaks(repairMojibake(input)).replace(/\r\n?/g, '\n');
}

/** Windows-1252 byte of each character it can encode (C1 controls map to their own byte). */
const CP1252_BYTE = new Map<string, number>();
for (let byte = 0x80; byte <= 0xff; byte++) {
  const char = iconv.decode(Buffer.from([byte]), 'win1252');
  if (char !== '\ufffd' && char.length === 1) CP1252_BYTE.set(char, byte);
  CP1252_BYTE.set(String.fromCharCode(byte), CP1252_BYTE.get(String.fromCharCode(byte)) ?? byte);
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function continuationCount(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 1;
  if (lead >= 0xe0 && lead <= 0xef) return 2;
  if (lead >= 0xf0 && lead <= 0xf4) return 3;
  return 0;
}

export function repairMojibake(input: string): string {
  if (!/[\u00c2-\u00f4]/.test(input)) return input;
  const chars = [...input];
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const lead = CP1252_BYTE.get(chars[i]!);
    const need = lead === undefined ? 0 : continuationCount(lead);
    if (need > 0 && i + need < chars.length) {
      const bytes = [lead!];
      for (let k = 1; k <= need; k++) {
        const b = CP1252_BYTE.get(chars[i + k]!);
        if (b === undefined || b < 0x80 || b > 0xbf) break;
        bytes.push(b);
      }
      if (bytes.length === need + 1) {
        try {
          out += strictUtf8.decode(Uint8Array.from(bytes));
          i += need;
          continue;
        } catch {
          // not a UTF-8 sequence: keep the characters as they are
        }
      }
    }
    out += chars[i];
  }
  return out;
}

export function repairLineBreaks(input: string): string {
  if (!input.includes('rn')) return input;
  return (
    input
      // Two or more in a row ('…partsrnrnAdditional') are never part of a word.
      .replace(/(?:rn){2,}/g, (run) => '\n'.repeat(run.length / 2))
      // After anything but a letter ('2025.rn', 'PQQ)rn', 'e, rn'): no English or Welsh word starts with 'rn'.
      .replace(/(^|[^A-Za-z\u00c0-\u024f])rn/g, '$1\n')
      // Between a letter and a capital ('StreetrnLondon', 'Q&ArnNon'): words do not change case there.
      .replace(/(?<=[A-Za-z])rn(?=[A-Z])/g, '\n')
      // After a consonant ('systemsrn - Insulation', 'licensingrnavailable'): English and Welsh words
      // have a vowel before 'rn' ('Worn', 'modern', 'Fearnhead', 'government', and Welsh w in 'Llansadwrn').
      .replace(/(?<=[bcdfghjklmnpqstvxzBCDFGHJKLMNPQSTVXZ])rn/g, '\n')
      // Before a list marker ('Healthcarern - Emergency'): a word is not followed by ' - ' item text.
      .replace(/rn(?=[ \t]*[-•–][ \t])/g, '\n')
      // Whitespace left around a break.
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n[ \t]+/g, '\n')
  );
}
