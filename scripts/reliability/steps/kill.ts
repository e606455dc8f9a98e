import { base, check, clientIp, KILL_CYCLES, sleep } from '../config';
import { targetQuery } from '../database';
import { startServer, stop, waitReady } from '../servers';
import { BOTH, type ReliabilityStep } from '../step';

/** KILL_CYCLES kill -9s under writes: no acknowledged write lost, ready again within 10 s each time. */
export const kill: ReliabilityStep = {
  name: 'kill',
  databases: BOTH,
  target: 'kill',
  async run(target) {
    const acknowledged: string[] = [];
    const readyTimes: number[] = [];
    for (let cycle = 0; cycle < KILL_CYCLES; cycle++) {
      const child = startServer(target);
      readyTimes.push(await waitReady(cycle === 0 ? 180_000 : 60_000));
      let running = true;
      const writer = (async () => {
        let k = 0;
        const one = async () => {
          while (running) {
            const p = `/reliability/kill/${cycle}/${k++}`;
            try {
              const res = await fetch(`${base}/api/analytics/pageview`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp() }, body: JSON.stringify({ path: p }) });
              if (res.status < 300) acknowledged.push(p);
            } catch {
              /* in flight when killed: not acknowledged */
            }
          }
        };
        await Promise.all(Array.from({ length: 8 }, one));
      })();
      await sleep(300 + Math.random() * 700);
      child.kill('SIGKILL');
      await child.exited;
      running = false;
      await writer;
    }
    // One more start to prove it comes back after the last kill, then a clean stop for the count.
    const last = startServer(target);
    readyTimes.push(await waitReady(60_000));
    await stop(last);
    const rows = await targetQuery<{ path: string }>(target, `SELECT path FROM page_views WHERE path LIKE '/reliability/kill/%'`);
    const stored = new Set(rows.map((r) => r.path));
    const lost = acknowledged.filter((p) => !stored.has(p));
    const sorted = readyTimes.slice(1).sort((a, b) => a - b);
    const slowest = Math.max(...sorted);
    const figures = `${KILL_CYCLES} kill -9 cycles, ${acknowledged.length} acknowledged writes, ${lost.length} lost; ready again in ${sorted[0]}–${slowest} ms (median ${sorted[Math.floor(sorted.length / 2)]} ms, ${sorted.filter((ms) => ms > 10_000).length} over 10 s)`;
    check(lost.length === 0, figures);
    check(slowest <= 10_000, figures);
    return figures;
  },
};
