#!/usr/bin/env node
/**
 * Writes the two default contracts of the quote page (docs/product/quotes.md#default-contracts) as PDFs into
 * apps/web/public/assets/contracts/. No PDF library is installed, so this writes plain PDF 1.4 by
 * hand: Helvetica (a standard font every viewer has), A4 pages, wrapped text. Run it after editing
 * the wording: `node apps/web/scripts/build-contract-pdfs.mjs` (docs/decisions/0255).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/assets/contracts');

const NOTICE =
  'Standard form offered through Solar Marketplace for convenience. It is not legal advice: each party should read it, and take advice where needed, before signing. Where it conflicts with a signed order or the quote, the signed document wins.';

const SIGNATURES = (a, b) => [
  { h: 'Signed for the parties' },
  { p: `For the ${a}:  Name ______________________  Position ______________________` },
  { p: 'Signature ______________________  Date ____ / ____ / ________' },
  { p: `For the ${b}:  Name ______________________  Position ______________________` },
  { p: 'Signature ______________________  Date ____ / ____ / ________' },
];

const CONTRACTS = [
  {
    file: 'data-processing-agreement.pdf',
    title: 'Data Processing Agreement',
    subtitle: 'Solar Marketplace standard form, version 1.0 (2026). UK GDPR Article 28.',
    blocks: [
      { p: NOTICE, small: true },
      { h: 'Parties' },
      {
        p: 'This agreement is between the customer that sent the quote request (the "Controller") and the service provider that accepts the work (the "Processor"), each as named in the quote request, the quote or the order that refers to this agreement (together, the "Services Contract").',
      },
      { h: '1. Subject and duration' },
      {
        p: 'The Processor processes personal data on behalf of the Controller only to deliver the services described in the Services Contract (for example site monitoring, inspections, drone or thermographic surveys, operations and maintenance reporting), for as long as those services last and any period needed to return or delete the data under clause 8.',
      },
      { h: '2. Personal data and data subjects' },
      {
        p: 'Categories of data subjects: the Controller\'s staff, contractors and visitors at the site, and members of the public who may appear in images. Categories of data: names, business contact details, site access and attendance records, vehicle registrations, and photographs, video and thermal images taken on site. No special category or criminal offence data is processed unless the parties agree it in writing.',
      },
      { h: '3. Instructions' },
      {
        p: 'The Processor processes the personal data only on the Controller\'s documented instructions, which are this agreement and the Services Contract, including with regard to transfers outside the United Kingdom, unless the law requires otherwise; in that case the Processor tells the Controller first, unless the law forbids it. The Processor tells the Controller at once if it believes an instruction infringes data protection law.',
      },
      { h: '4. Confidentiality and security' },
      {
        p: 'The Processor makes sure that everyone it authorises to process the data is bound by confidentiality. It keeps appropriate technical and organisational measures under Article 32 UK GDPR, at least: encryption of data in transit and at rest, access limited to named staff with individual accounts, backups tested at least every six months, and secure deletion of media and devices.',
      },
      { h: '5. Sub-processors' },
      {
        p: 'The Processor engages another processor only with the Controller\'s prior written authorisation, on written terms that give the same protection as this agreement. The Processor remains fully liable to the Controller for the sub-processor\'s performance.',
      },
      { h: '6. Assistance and personal data breaches' },
      {
        p: 'Taking into account the nature of the processing, the Processor helps the Controller answer requests from data subjects, carry out data protection impact assessments and meet its security obligations. The Processor notifies the Controller of a personal data breach without undue delay and in any case within 48 hours of becoming aware of it, with the information the Controller needs to meet its own reporting duties.',
      },
      { h: '7. International transfers' },
      {
        p: 'The Processor does not transfer the personal data outside the United Kingdom without the Controller\'s prior written consent and an appropriate safeguard, such as the International Data Transfer Agreement or the UK Addendum to the EU standard contractual clauses.',
      },
      { h: '8. End of the services' },
      {
        p: 'Within 30 days of the end of the services, the Processor, at the Controller\'s choice, returns the personal data to the Controller or deletes it, deletes existing copies unless the law requires them to be kept, and confirms this in writing.',
      },
      { h: '9. Audits' },
      {
        p: 'The Processor makes available all information needed to show compliance with this agreement and allows audits, including inspections, by the Controller or an auditor it appoints, on at least 30 days\' notice, once a year, or at any time after a personal data breach.',
      },
      { h: '10. Liability and law' },
      {
        p: 'Liability under this agreement follows the Services Contract, but nothing limits liability that cannot be limited by law. This agreement is governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction.',
      },
      ...SIGNATURES('Controller', 'Processor'),
    ],
  },
  {
    file: 'uav-hire-agreement.pdf',
    title: 'UAV Hire Agreement',
    subtitle: 'Solar Marketplace standard form, version 1.0 (2026). Drone services with a remote pilot.',
    blocks: [
      { p: NOTICE, small: true },
      { h: 'Parties' },
      {
        p: 'This agreement is between the customer that sent the quote request (the "Client") and the service provider that accepts the work (the "Operator"), each as named in the quote request, the quote or the order that refers to this agreement.',
      },
      { h: '1. Services' },
      {
        p: 'The Operator provides flights of uncrewed aircraft (UAV) with a qualified remote pilot, and the deliverables described in the quote (for example visual, thermographic or LiDAR surveys of a solar, battery or wind site), at the sites and in the period stated in the quote. The Client hires the service, not the aircraft: the Operator keeps control of the aircraft at all times.',
      },
      { h: '2. Regulation and qualifications' },
      {
        p: 'The Operator holds a valid CAA Operator ID, its remote pilots hold the competency the flights require (such as the A2 Certificate of Competency or the General Visual Line of Sight Certificate), and it holds any operational authorisation needed. Every flight follows the UK regulations on unmanned aircraft, the Air Navigation Order 2016 and CAP 722. The Operator obtains any airspace permission needed; the Client tells the Operator of any restriction at the site it knows about.',
      },
      { h: '3. Site access and safety' },
      {
        p: 'The Client provides safe access to the site, any induction and permits, and tells the Operator in writing of known hazards such as high-voltage equipment, livestock, public rights of way and other work on site. The Operator sends its risk assessment and method statement before the first flight. The remote pilot may postpone or abort any flight for safety, weather or airspace reasons; this is not a breach of this agreement.',
      },
      { h: '4. Weather, rescheduling and cancellation' },
      {
        p: 'Flights need suitable conditions (for thermography, irradiance of at least 600 W/m2 as in IEC TS 62446-3). A flight cancelled for weather or safety is rescheduled at no extra charge. If the Client cancels less than 48 hours before a booked flight, the cancellation fee stated in the quote applies.',
      },
      { h: '5. Data and deliverables' },
      {
        p: 'The Operator delivers the deliverables within the period in the quote. Ownership of the deliverables and of the rights in them passes to the Client on payment; the Operator may keep copies for up to 90 days for quality checks and then deletes them, unless the Client agrees otherwise in writing. Images may show people or vehicles: where the Operator processes personal data for the Client, the Solar Marketplace Data Processing Agreement applies.',
      },
      { h: '6. Fees and payment' },
      {
        p: 'Fees are those in the quote, exclusive of VAT. The Operator invoices on delivery of the deliverables, and invoices are payable within 30 days. Late payment carries interest under the Late Payment of Commercial Debts (Interest) Act 1998.',
      },
      { h: '7. Insurance' },
      {
        p: 'The Operator holds aviation third-party liability insurance of at least GBP 5,000,000 for each occurrence and public liability insurance of at least GBP 5,000,000, for the whole period of the services, and shows the certificates on request.',
      },
      { h: '8. Liability' },
      {
        p: 'The Operator is liable for physical damage to the site caused by its negligence or the negligence of its pilots. Neither party is liable for loss of profit, revenue or generation, or for indirect loss. Apart from liability for death or personal injury caused by negligence, fraud, and loss covered by the insurance in clause 7, each party\'s total liability under this agreement is limited to 150% of the fees.',
      },
      { h: '9. Termination' },
      {
        p: 'Either party may end this agreement by 14 days\' written notice, or at once if the other commits a material breach and does not remedy it within 7 days of being asked to. The Client pays for the work done up to the end.',
      },
      { h: '10. Law' },
      {
        p: 'This agreement is governed by the law of England and Wales, and the courts of England and Wales have exclusive jurisdiction.',
      },
      ...SIGNATURES('Client', 'Operator'),
    ],
  },
];

// ---- Layout ----
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const BODY = 10;
const LEADING = 14;

/** Helvetica advance widths (per 1000 em) for printable ASCII, from the standard AFM. */
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const widthOf = (text, size) => [...text].reduce((w, c) => w + (HELVETICA[c.charCodeAt(0) - 32] ?? 600), 0) * (size / 1000) * 1.04;

function wrap(text, size, maxWidth) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (widthOf(next, size) > maxWidth && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

const escape = (text) => {
  if (/[^\x20-\x7e]/.test(text)) throw new Error(`Non-ASCII text in a contract: ${text}`);
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
};

/** Lays the blocks out on pages: each page is a list of [font, size, x, y, text]. */
function layout(contract) {
  const width = PAGE.width - 2 * PAGE.margin;
  const pages = [[]];
  let y = PAGE.height - PAGE.margin;
  const put = (font, size, text, gapBefore = 0) => {
    if (y - gapBefore - size < PAGE.margin + 20) {
      pages.push([]);
      y = PAGE.height - PAGE.margin;
    } else y -= gapBefore;
    y -= size;
    pages.at(-1).push([font, size, PAGE.margin, y, text]);
    y -= LEADING - size;
  };
  put('F2', 18, contract.title);
  put('F1', 9, contract.subtitle, 6);
  y -= 8;
  for (const block of contract.blocks) {
    if (block.h) put('F2', 11.5, block.h, 10);
    else {
      const size = block.small ? 8.5 : BODY;
      wrap(block.p, size, width).forEach((line, i) => put('F1', size, line, i === 0 ? 4 : 0));
    }
  }
  return pages;
}

function buildPdf(contract) {
  const pages = layout(contract);
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const pagesObj = add('');
  const helvetica = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const info = add(`<< /Title (${escape(contract.title)}) /Author (Solar Marketplace) /Subject (${escape(contract.subtitle)}) >>`);
  const kids = pages.map((items, index) => {
    const footer = `${contract.title} - page ${index + 1} of ${pages.length}`;
    const lines = [...items, ['F1', 8, PAGE.margin, PAGE.margin - 24, footer]];
    const stream = ['BT', ...lines.map(([font, size, x, yy, text]) => `/${font} ${size} Tf 1 0 0 1 ${x.toFixed(2)} ${yy.toFixed(2)} Tm (${escape(text)}) Tj`), 'ET'].join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 ${helvetica} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

mkdirSync(OUT, { recursive: true });
for (const contract of CONTRACTS) {
  const bytes = buildPdf(contract);
  writeFileSync(path.join(OUT, contract.file), bytes);
  console.log(`${contract.file}: ${bytes.length} bytes`);
}
