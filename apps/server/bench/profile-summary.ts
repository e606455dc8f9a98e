// Where a server's CPU time went, from a V8 CPU profile (`BENCH_CPU_PROF=<dir> npm run bench` writes
// one when the bench stops the server; issue 26): self time by package or area, then the heaviest
// functions. Usage: `npx tsx apps/server/bench/profile-summary.ts <file.cpuprofile> [top]`.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topText] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

/** The area a frame belongs to: a package, Node itself, the app's own code, or V8's own entries. */
function area(node: Node): string {
  const { url, functionName } = node.callFrame;
  if (!url) return functionName.startsWith('(') ? functionName : `native ${functionName || '(anonymous)'}`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/dist-server/') || url.includes('apps/web')) return 'web app (render)';
  return 'server (app code)';
}

const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const areas = new Map<string, number>();
const functions = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const name = area(node);
  areas.set(name, (areas.get(name) ?? 0) + us);
  const fn = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const busy = total - (areas.get('(idle)') ?? 0);
console.log(`${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (${pct(busy).trim()})\n\nSelf time by area:`);
for (const [name, us] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${pct(us)}  ${name}`);
console.log('\nHeaviest functions (self time):');
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(topText ?? 25))) console.log(`  ${pct(us)}  ${name}`);
