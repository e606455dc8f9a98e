// What the slowest answers of a load run waited for (issue 26): `BENCH_TRACE=<file> npm run bench`
// writes every answer of a fresh scenario's load run and every write (kind, address, when it ended on
// the monotonic clock, how long it took) and the server's stalls (waits of its main thread of 30 ms or
// more, from `platform/event-loop-stats.ts`). This prints the slowest answers with the stall time and
// the writes that overlapped each, the longest stalls, and, given the run's CPU profile
// (`BENCH_CPU_PROF`), what the main thread ran during the stalls: the functions with the most self
// time and the app's frames with the most inclusive time, over all stalls and for the longest few.
// Usage: `npx tsx apps/server/bench/stall-summary.ts <trace.json> [<file.cpuprofile>] [top]`.
import { readFileSync } from 'node:fs';
import type { Node, Profile, ProfileWindow } from './profile-summary';

export interface TraceEntry {
  kind: string;
  path: string;
  /** When the answer came (µs, the monotonic clock V8's CPU profiles use). */
  endUs: number;
  ms: number;
}

export interface TraceFile {
  windows: ProfileWindow[];
  answers: TraceEntry[];
  /** [end (µs), length (ms)] */
  stalls: Array<[number, number]>;
}

function main() {
  const [traceFile, profileFile, topText] = process.argv.slice(2);
  if (!traceFile) throw new Error('usage: stall-summary.ts <trace.json> [<file.cpuprofile>] [top]');
  const top = Number(topText ?? 15);
  const trace = JSON.parse(readFileSync(traceFile, 'utf8')) as TraceFile;
  const start = trace.windows[0]?.startUs ?? Math.min(...trace.answers.map((a) => a.endUs - a.ms * 1000));
  const at = (us: number) => `${((us - start) / 1e6).toFixed(2).padStart(6)} s`;
  const reads = trace.answers.filter((a) => !a.kind.startsWith('write'));
  const writes = trace.answers.filter((a) => a.kind.startsWith('write'));
  const stalls = trace.stalls.map(([endUs, ms]) => ({ startUs: endUs - ms * 1000, endUs, ms }));
  const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
  const stalledWithin = (s0: number, s1: number) => stalls.reduce((us, s) => us + overlap(s0, s1, s.startUs, s.endUs), 0) / 1000;

  const totalStall = stalls.reduce((ms, s) => ms + s.ms, 0);
  const windowMs = trace.windows.reduce((ms, w) => ms + (w.endUs - w.startUs) / 1000, 0);
  console.log(`${reads.length} reads, ${writes.length} writes; ${stalls.length} stalls of 30 ms or more, ${totalStall.toFixed(0)} ms in all (${((100 * totalStall) / Math.max(1, windowMs)).toFixed(1)} % of the run), longest ${Math.max(0, ...stalls.map((s) => s.ms))} ms`);

  console.log(`\nThe ${top} slowest reads (began, took, of which the server's main thread stalled, writes answered meanwhile):`);
  for (const a of [...reads].sort((x, y) => y.ms - x.ms).slice(0, top)) {
    const s0 = a.endUs - a.ms * 1000;
    const during = writes.filter((w) => overlap(s0, a.endUs, w.endUs - w.ms * 1000, w.endUs) > 0).length;
    console.log(`  ${at(s0)}  ${a.ms.toFixed(0).padStart(5)} ms  stalled ${stalledWithin(s0, a.endUs).toFixed(0).padStart(4)} ms  writes ${String(during).padStart(2)}  ${a.kind}  ${a.path.slice(0, 90)}`);
  }

  // Per kind: the slowest answers' share of time the main thread was stalled.
  console.log('\nBy kind: p50, p99, max (ms), and for the slowest 1 % the mean time the main thread stalled meanwhile:');
  const kinds = new Map<string, TraceEntry[]>();
  for (const a of reads) kinds.set(a.kind, [...(kinds.get(a.kind) ?? []), a]);
  for (const [kind, list] of [...kinds].sort((x, y) => y[1].length - x[1].length)) {
    const sorted = [...list].sort((x, y) => x.ms - y.ms);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.ms;
    const slow = sorted.slice(Math.floor(sorted.length * 0.99));
    const stalled = slow.reduce((ms, a) => ms + stalledWithin(a.endUs - a.ms * 1000, a.endUs), 0) / Math.max(1, slow.length);
    console.log(`  ${kind.padEnd(44)} ${String(list.length).padStart(6)}  p50 ${q(0.5).toFixed(0).padStart(5)}  p99 ${q(0.99).toFixed(0).padStart(5)}  max ${sorted.at(-1)!.ms.toFixed(0).padStart(5)}  stalled ${stalled.toFixed(0).padStart(4)}`);
  }
  const writeTimes = writes.map((w) => w.ms).sort((x, y) => x - y);
  if (writeTimes.length) console.log(`  writes: p50 ${writeTimes[Math.floor(writeTimes.length / 2)]!.toFixed(0)}, max ${writeTimes.at(-1)!.toFixed(0)} ms`);

  console.log(`\nThe ${top} longest stalls:`);
  const longest = [...stalls].sort((x, y) => y.ms - x.ms).slice(0, top);
  for (const s of longest) console.log(`  ${at(s.startUs)}  ${String(s.ms).padStart(4)} ms`);

  if (!profileFile) return;
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (n: Node) => `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber + 1}`;
  const ours = (n: Node) => n.callFrame.url !== '' && !n.callFrame.url.includes('node_modules') && !n.callFrame.url.startsWith('node:');
  // Each sample's time and node. A sample's time is capped at SAMPLE_CAP_US: on a loaded machine the
  // process waits for a core between two samples, and the whole wait would be charged to one frame.
  const deltas = [...profile.timeDeltas].sort((a, b) => a - b);
  const SAMPLE_CAP_US = 4 * Math.max(1, deltas[Math.floor(deltas.length / 2)] ?? 1000);
  const samples: Array<[number, number, number]> = [];
  let t = profile.startTime;
  let waited = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    waited += Math.max(0, dt - SAMPLE_CAP_US);
    samples.push([t, id, Math.min(dt, SAMPLE_CAP_US)]);
  });
  console.log(`\nCPU profile: each sample counted at most ${(SAMPLE_CAP_US / 1000).toFixed(1)} ms (4 × the median interval); ${(waited / 1000).toFixed(0)} ms beyond that were waits for a core (a loaded machine), not work`);
  const summarise = (ranges: Array<{ startUs: number; endUs: number }>, label: string, count: number) => {
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    let total = 0;
    for (const [time, id, dt] of samples) {
      if (!ranges.some((r) => time >= r.startUs && time <= r.endUs)) continue;
      total += dt;
      const node = byId.get(id)!;
      self.set(name(node), (self.get(name(node)) ?? 0) + dt);
      const seen = new Set<string>();
      for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
        const frame = byId.get(n)!;
        if (ours(frame) || /fastify|pglite|\/pg\//.test(frame.callFrame.url)) seen.add(name(frame));
      }
      for (const f of seen) inclusive.set(f, (inclusive.get(f) ?? 0) + dt);
    }
    const pct = (us: number) => `${((100 * us) / Math.max(1, total)).toFixed(1).padStart(5)} %`;
    console.log(`\n${label}: ${(total / 1000).toFixed(0)} ms of samples`);
    console.log('  self time:');
    for (const [f, us] of [...self].sort((x, y) => y[1] - x[1]).slice(0, count)) console.log(`    ${pct(us)}  ${f}`);
    console.log('  inclusive (the app, the render, Fastify, the database clients):');
    for (const [f, us] of [...inclusive].sort((x, y) => y[1] - x[1]).slice(0, count)) console.log(`    ${pct(us)}  ${f}`);
  };
  summarise(stalls, 'During all stalls', top);
  for (const s of longest.slice(0, 5)) summarise([s], `The stall at ${at(s.startUs).trim()} (${s.ms} ms)`, 8);
}

if (process.argv[1]?.endsWith('stall-summary.ts')) main();
