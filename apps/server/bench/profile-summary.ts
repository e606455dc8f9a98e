// Where a server's CPU time went, from a V8 CPU profile (`BENCH_CPU_PROF=<dir> npm run bench` writes
// one when the bench stops the server; issue 26): self time by package or area, the heaviest
// functions, and the app's own functions with what they call (inclusive time). The bench writes the
// load run's window (`windows.json`, the same monotonic clock as the profile) beside the profile: only
// the samples inside it are counted, so start-up, seeding and the warm-up are left out.
// Usage: `npx tsx apps/server/bench/profile-summary.ts <file.cpuprofile> [top] [scenario]`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A V8 CPU profile's node and the profile (`--cpu-prof`), as this script and `stall-summary.ts` read them. */
export interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
/** A load run's span in microseconds of the monotonic clock (`process.hrtime`), as `bench/run.ts` writes it. */
export interface ProfileWindow {
  scenario: string;
  startUs: number;
  endUs: number;
}

const [file, topText, scenario] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top] [scenario]');
const top = Number(topText ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const windowsFile = path.join(path.dirname(file), 'windows.json');
const windows = existsSync(windowsFile) ? (JSON.parse(readFileSync(windowsFile, 'utf8')) as ProfileWindow[]) : [];
const inside = windows.filter((w) => w.startUs >= profile.startTime && w.endUs <= profile.endTime && (!scenario || w.scenario === scenario));

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfUs = new Map<number, number>();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (inside.length && !inside.some((w) => at >= w.startUs && at <= w.endUs)) return;
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});

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
const nameOf = (node: Node) => `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}:${node.callFrame.lineNumber + 1}`;

const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const areas = new Map<string, number>();
const functions = new Map<string, number>();
/** Time with the function anywhere on the stack (once per sample however deep it recurses): server code and the render only. */
const inclusive = new Map<string, number>();
for (const [id, us] of selfUs) {
  const node = byId.get(id)!;
  const name = area(node);
  areas.set(name, (areas.get(name) ?? 0) + us);
  functions.set(nameOf(node), (functions.get(nameOf(node)) ?? 0) + us);
  const onStack = new Set<string>();
  for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
    const frame = byId.get(n)!;
    const kind = area(frame);
    if (kind === 'server (app code)' || kind === 'web app (render)' || kind === 'fastify') onStack.add(nameOf(frame));
  }
  for (const fn of onStack) inclusive.set(fn, (inclusive.get(fn) ?? 0) + us);
}
const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
const busy = total - (areas.get('(idle)') ?? 0);
const span = inside.length ? `the load run${inside.length > 1 ? 's' : ''} (${inside.map((w) => w.scenario).join(', ')}) only` : 'the whole profile (no windows.json beside it)';
console.log(`${(total / 1e6).toFixed(1)} s sampled over ${span}, ${(busy / 1e6).toFixed(1)} s busy (${pct(busy).trim()})\n\nSelf time by area:`);
for (const [name, us] of [...areas].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${pct(us)}  ${name}`);
console.log('\nHeaviest functions (self time):');
for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${name}`);
console.log('\nThe app, Fastify and the render with what they call (inclusive time):');
for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us)}  ${name}`);
