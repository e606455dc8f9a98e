// `npx tsx apps/server/bench/heap-summary.ts <file.heapsnapshot> [rows]`: what a V8 heap snapshot holds,
// by kind of object (decision 0622). Sums each node's own size by its type and constructor name (for
// strings, by their first characters, so repeated texts show), and lists the largest. Made by
// `BENCH_HEAP_SNAPSHOT=<dir> npm run bench` after a measured run.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] }; node_count: number };
  nodes: number[];
  strings: string[];
}

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: heap-summary.ts <file.heapsnapshot> [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
const fields = snap.snapshot.meta.node_fields;
const width = fields.length;
const typeAt = fields.indexOf('type');
const nameAt = fields.indexOf('name');
const sizeAt = fields.indexOf('self_size');
const types = snap.snapshot.meta.node_types[0];

const byKind = new Map<string, { count: number; bytes: number }>();
let total = 0;
for (let i = 0; i < snap.nodes.length; i += width) {
  const type = types[snap.nodes[i + typeAt]!]!;
  const size = snap.nodes[i + sizeAt]!;
  total += size;
  let name = snap.strings[snap.nodes[i + nameAt]!] ?? '';
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string') name = JSON.stringify(name.slice(0, 40));
  const key = `${type}\t${name}`;
  const entry = byKind.get(key) ?? { count: 0, bytes: 0 };
  entry.count++;
  entry.bytes += size;
  byKind.set(key, entry);
}

const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
console.log(`${file}: ${snap.snapshot.node_count} nodes, ${mb(total)} MB of own sizes\n`);
const byType = new Map<string, number>();
for (const [key, { bytes }] of byKind) {
  const type = key.slice(0, key.indexOf('\t'));
  byType.set(type, (byType.get(type) ?? 0) + bytes);
}
console.log('by type:');
for (const [type, bytes] of [...byType].sort((a, b) => b[1] - a[1])) console.log(`  ${mb(bytes).padStart(8)} MB  ${type}`);
console.log(`\nlargest ${rows} kinds (type, constructor or text):`);
for (const [key, { count, bytes }] of [...byKind].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, rows))
  console.log(`  ${mb(bytes).padStart(8)} MB  ${String(count).padStart(9)} ×  ${key.replace('\t', ' ').slice(0, 100)}`);
