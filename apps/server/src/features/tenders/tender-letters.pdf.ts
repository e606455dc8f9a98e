import { PDFDocument, StandardFonts, rgb, type PDFFont } from 'pdf-lib';

/**
 * Award and regret letters as PDF (issue 27 part C, decision 0527), drawn with pdf-lib: A4, the
 * standard Helvetica fonts (nothing to ship), text wrapped to the page. What a letter says comes
 * from `letterContent`: a later part of the cycle (scores) adds its section there.
 */

export interface LetterInput {
  kind: 'award' | 'regret';
  buyer: string;
  tender: { id: string; title: string };
  provider: string;
  winner: string;
  issuedOn: string;
  standstill: { lastDay: string; days: number } | null;
  response: { price: string; leadTime: string; submittedOn: string };
  feedback: string | null;
  /** Sections a later part of the cycle adds (scores against criteria): a heading and its lines. */
  extra?: Array<{ heading: string; lines: string[] }>;
}

export interface LetterBlock {
  text: string;
  style: 'title' | 'heading' | 'body' | 'small';
}

/** The letter's words, in order: the one place they are written. */
export function letterContent(l: LetterInput): LetterBlock[] {
  const award = l.kind === 'award';
  const blocks: LetterBlock[] = [
    { text: l.buyer, style: 'heading' },
    { text: `Issued ${l.issuedOn} through Solar Manager`, style: 'small' },
    { text: award ? 'Letter of award' : 'Notice of an unsuccessful response', style: 'title' },
    { text: `To: ${l.provider}`, style: 'body' },
    { text: `Tender: ${l.tender.title} (reference ${l.tender.id})`, style: 'body' },
    {
      text: award
        ? `We are pleased to tell you that the response of ${l.provider} to this tender has been successful, and that we intend to award the contract to you.`
        : `Thank you for the response of ${l.provider} to this tender. We regret to tell you that it has not been successful: we intend to award the contract to ${l.winner}.`,
      style: 'body',
    },
  ];
  if (l.standstill) {
    blocks.push({
      text: award
        ? `The award is subject to a standstill period of ${l.standstill.days} calendar days, which ends at midnight at the end of ${l.standstill.lastDay} (UK time). We will confirm the contract after it ends.`
        : `A standstill period of ${l.standstill.days} calendar days applies before the contract is confirmed; it ends at midnight at the end of ${l.standstill.lastDay} (UK time). If you have concerns about this decision, please raise them with us before then.`,
      style: 'body',
    });
  }
  blocks.push(
    { text: 'Your response', style: 'heading' },
    { text: `Price: ${l.response.price}`, style: 'body' },
    { text: `Lead time: ${l.response.leadTime}`, style: 'body' },
    { text: `Submitted: ${l.response.submittedOn}`, style: 'body' },
    { text: 'Feedback from the buyer', style: 'heading' },
    { text: l.feedback?.trim() ? l.feedback.trim() : 'The buyer gave no written feedback.', style: 'body' },
  );
  for (const section of l.extra ?? []) {
    blocks.push({ text: section.heading, style: 'heading' }, ...section.lines.map((text) => ({ text, style: 'body' as const })));
  }
  blocks.push({ text: award ? 'We look forward to working with you.' : 'Thank you for the time you gave to this tender.', style: 'body' });
  return blocks;
}

const SIZES: Record<LetterBlock['style'], number> = { title: 18, heading: 12.5, body: 10.5, small: 9 };
const A4 = [595.28, 841.89] as const;
const MARGIN = 56;

/** Characters the standard fonts cannot draw (outside WinAnsi) become '?', never an error. */
function drawable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    if (ch === '\n') {
      out += ch;
      continue;
    }
    try {
      font.encodeText(ch);
      out += ch;
    } catch {
      out += '?';
    }
  }
  return out;
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) {
        line = next;
        continue;
      }
      if (line) lines.push(line);
      // A word wider than the line is cut where it must be.
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let n = rest.length - 1;
        while (n > 1 && font.widthOfTextAtSize(rest.slice(0, n), size) > width) n--;
        lines.push(rest.slice(0, n));
        rest = rest.slice(n);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export async function renderLetter(input: LetterInput): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(input.kind === 'award' ? `Letter of award: ${input.tender.title}` : `Unsuccessful response: ${input.tender.title}`);
  pdf.setAuthor(input.buyer);
  pdf.setProducer('Solar Manager');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([...A4]);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  for (const block of letterContent(input)) {
    const font = block.style === 'title' || block.style === 'heading' ? bold : regular;
    const size = SIZES[block.style];
    const gap = block.style === 'title' ? 14 : block.style === 'heading' ? 10 : 6;
    y -= gap;
    for (const line of wrap(font, size, drawable(font, block.text), width)) {
      if (y - size < MARGIN) {
        page = pdf.addPage([...A4]);
        y = A4[1] - MARGIN;
      }
      y -= size * 1.35;
      page.drawText(line, { x: MARGIN, y, size, font, color: block.style === 'small' ? rgb(0.35, 0.35, 0.4) : rgb(0.08, 0.1, 0.15) });
    }
  }
  return Buffer.from(await pdf.save());
}
