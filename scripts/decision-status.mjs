#!/usr/bin/env node
// `npm run decisions`: writes each decision record's `Status:` line from the index
// (docs/decisions/README.md), so a record read alone says whether a later one superseded or refined
// it (decision 0508). `--check` writes nothing and exits 1 when a record differs or is missing from
// the index. Records added later are picked up by their index row; run it after editing the index.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const decisionsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/decisions');

/** The index's rows: record file → its Status column. */
export function indexStatuses(indexText) {
  const rows = new Map();
  for (const line of indexText.split('\n')) {
    const match = /^\|\s*\[(\d{4})\]\(([^)]+\.md)\)\s*\|.*\|\s*([^|]+?)\s*\|\s*$/.exec(line);
    if (match) rows.set(match[2], match[3]);
  }
  return rows;
}

/** A record's text with its first `Status:` line set to `status`; the record unchanged when it has none. */
export function withStatus(recordText, status) {
  return recordText.replace(/^Status:.*$/m, `Status: ${status}`);
}

/** What differs between the records and the index: records to rewrite and records the index lacks. */
export function decisionDrift(dir = decisionsDir) {
  const statuses = indexStatuses(readFileSync(path.join(dir, 'README.md'), 'utf8'));
  const stale = [];
  const unindexed = [];
  const noStatus = [];
  for (const file of readdirSync(dir).filter((f) => /^\d{4}-.*\.md$/.test(f)).sort()) {
    const status = statuses.get(file);
    if (status === undefined) {
      unindexed.push(file);
      continue;
    }
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (!/^Status:/m.test(text)) noStatus.push(file);
    else if (withStatus(text, status) !== text) stale.push({ file, text: withStatus(text, status) });
  }
  return { stale, unindexed, noStatus };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { stale, unindexed, noStatus } = decisionDrift();
  const problems = [...unindexed.map((f) => `${f}: not in docs/decisions/README.md`), ...noStatus.map((f) => `${f}: no Status: line`)];
  if (process.argv.includes('--check')) {
    for (const { file } of stale) problems.push(`${file}: its Status: line differs from the index (run npm run decisions)`);
    for (const p of problems) console.error(p);
    process.exit(problems.length ? 1 : 0);
  }
  for (const { file, text } of stale) writeFileSync(path.join(decisionsDir, file), text);
  console.log(`${stale.length} status line(s) written`);
  for (const p of problems) console.error(p);
  process.exit(problems.length ? 1 : 0);
}
