import { base, check, sleep } from '../config';
import { startServer, stop, waitReady } from '../servers';
import { POSTGRES_ONLY, type ReliabilityStep } from '../step';

interface Probe {
  at: number;
  ready: number | string;
  search: number | string;
}

const statusOf = (url: string) =>
  fetch(url)
    .then((r) => r.status)
    .catch((e: { cause?: { code?: string } }) => e.cause?.code ?? 'ERR');

/** PostgreSQL stopped (fast, then immediate) and started under traffic: readiness says 503 meanwhile, the process lives, 200 again within 5 s. */
export const pgRestart: ReliabilityStep = {
  name: 'pg-restart',
  databases: POSTGRES_ONLY,
  target: 'restart',
  async run(target, cluster) {
    check(cluster, 'the pg-restart step needs the PostgreSQL cluster');
    const lines: string[] = [];
    const child = startServer(target);
    try {
      await waitReady();
      for (const mode of ['fast', 'immediate']) {
        const timeline: Probe[] = [];
        let running = true;
        const poll = (async () => {
          while (running) {
            const ready = await statusOf(`${base}/api/health/ready`);
            const search = await statusOf(`${base}/api/providers/search?page=1`);
            timeline.push({ at: Date.now(), ready, search });
            await sleep(50);
          }
        })();
        await sleep(1000);
        const restartAt = Date.now();
        cluster.ctl('stop', '-m', mode);
        await sleep(1500);
        cluster.ctl('start');
        const upAt = Date.now();
        await sleep(6000);
        running = false;
        await poll;
        check(child.exitCode === null && !child.signalCode, `the server died during the ${mode} restart: ${child.stderrText.slice(-500)}`);
        const during = timeline.filter((p) => p.at > restartAt && p.at < upAt);
        const saw503 = during.some((p) => p.ready === 503);
        const lastBad = timeline.filter((p) => p.ready !== 200 || p.search !== 200).at(-1);
        const recoveredMs = lastBad ? lastBad.at - upAt : 0;
        const serverErrors = timeline.filter((p) => typeof p.search !== 'number').length;
        const end = timeline.at(-1);
        check(saw503, `readiness never answered 503 while PostgreSQL was down (${mode})`);
        check(end?.ready === 200 && end.search === 200, `not back to 200 after the ${mode} restart`);
        check(recoveredMs <= 5000, `errors went on ${recoveredMs} ms after PostgreSQL was back (${mode})`);
        check(serverErrors === 0, `${serverErrors} requests got no HTTP answer (${mode})`);
        lines.push(`-m ${mode}: readiness 503 while down (${during.filter((p) => p.ready === 503).length} probes), 200 again ${Math.max(0, recoveredMs)} ms after PostgreSQL was up; process survived`);
      }
    } finally {
      await stop(child);
    }
    return lines.join('; ');
  },
};
