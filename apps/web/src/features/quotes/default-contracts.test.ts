import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTRACTS } from '@solar/shared/constants/quotes';

const dir = path.resolve(__dirname, '../../../public/assets/contracts');

/** Re-reads the hand-written PDFs: every xref offset points at its object, and the text is there. */
function readPdf(file: string) {
  const bytes = readFileSync(path.join(dir, file));
  const text = bytes.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const xref = text.slice(startxref);
  const [, first, countText] = /^xref\n(\d+) (\d+)\n/.exec(xref) ?? [];
  const offsets = xref
    .split('\n')
    .slice(2, 2 + Number(countText))
    .map((line) => Number(line.slice(0, 10)));
  const strings = [...text.matchAll(/\((.*?)(?<!\\)\) Tj/g)].map((m) => m[1]!.replace(/\\([\\()])/g, '$1'));
  return { text, first: Number(first), offsets, words: strings.join(' ') };
}

describe('default contract PDFs (docs/product/quotes.md#default-contracts)', () => {
  it.each(DEFAULT_CONTRACTS.map((c) => [c.label, c.file] as const))('%s is a well-formed PDF with its title, clauses and signature block', (label, file) => {
    const pdf = readPdf(file);
    expect(pdf.text.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.first).toBe(0);
    pdf.offsets.slice(1).forEach((offset, i) => expect(pdf.text.slice(offset, offset + 12)).toMatch(new RegExp(`^${i + 1} 0 obj`)));
    expect(pdf.words).toContain(label);
    expect(pdf.words).toContain('England and Wales');
    expect(pdf.words).toContain('Signed for the parties');
    expect(pdf.words).toMatch(/page 1 of \d/);
  });
});
