#!/usr/bin/env node
/**
 * Writes apps/web/public/og-card.png, the 1200 × 630 preview card of pages without an image of
 * their own (link previews in LinkedIn, Slack, email; decision 0370): the logo, the name and the
 * promise on the brand colours. Drawn from SVG with sharp (a server dependency); the text needs a
 * sans-serif font installed (DejaVu Sans here). Run it after changing the wording:
 * `node apps/web/scripts/build-og-card.mjs`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const require = createRequire(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/package.json'));
const sharp = require('sharp');
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/og-card.png');

const sun = `<g transform="translate(96 118) scale(6)"><circle cx="16" cy="16" r="7" fill="#f59e0b"/><g stroke="#f59e0b" stroke-width="2.5" stroke-linecap="round" fill="none"><path d="M16 2v4M16 26v4M2 16h4M26 16h4M6 6l2.8 2.8M23.2 23.2 26 26M6 26l2.8-2.8M23.2 8.8 26 6"/></g></g>`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f8fafc"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect y="590" width="1200" height="40" fill="#0369a1"/>
  ${sun}
  <text x="96" y="400" font-family="DejaVu Sans, Arial, sans-serif" font-size="84" font-weight="700" fill="#0f172a">Solar Marketplace</text>
  <text x="96" y="470" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#334155">Find the right solar partner in the UK</text>
  <text x="96" y="530" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#475569">Providers · Tenders · Parts · Every UK renewable project</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toFile(OUT);
console.log(`wrote ${OUT}`);
