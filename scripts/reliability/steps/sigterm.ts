import http from 'node:http';
import { base, check, sleep } from '../config';
import { startServer, waitReady } from '../servers';
import { BOTH, type ReliabilityStep } from '../step';

type Status = number | string | undefined;

/** SIGTERM under load: requests in flight finish, new ones are answered 503, the process exits 0 within 10 s. */
export const sigterm: ReliabilityStep = {
  name: 'sigterm',
  databases: BOTH,
  target: 'sigterm',
  async run(target) {
    const child = startServer(target);
    await waitReady();
    const outcomes = {
      before: { ok: 0, s503: 0, refused: 0, other: {} as Record<string, number> },
      after: { ok: 0, s503: 0, refused: 0, other: {} as Record<string, number> },
    };
    let running = true;
    let termAt = Infinity;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 12 });
    const get = (p: string) =>
      new Promise<{ status: Status; sentAt: number }>((resolve) => {
        const sentAt = Date.now();
        const req = http.get(`${base}${p}`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, sentAt }));
        });
        req.on('error', (e: NodeJS.ErrnoException) => resolve({ status: e.code, sentAt }));
      });
    const worker = async () => {
      while (running) {
        const r = await get('/api/providers/search?services=Panel%20Cleaning&location=Leeds&locationCenter=-1.549,53.801&radius=200');
        const bucket = r.sentAt < termAt ? outcomes.before : outcomes.after;
        if (r.status === 200) bucket.ok++;
        else if (bucket === outcomes.after && r.status === 503) bucket.s503++;
        else if (bucket === outcomes.after && r.status === 'ECONNREFUSED') bucket.refused++;
        else bucket.other[String(r.status)] = (bucket.other[String(r.status)] ?? 0) + 1;
        if (r.status === 'ECONNREFUSED') await sleep(20);
      }
    };
    const workers = Array.from({ length: 12 }, worker);
    await sleep(2000);
    termAt = Date.now();
    child.kill('SIGTERM');
    const exit = await Promise.race([child.exited, sleep(12_000).then(() => null)]);
    const exitMs = exit ? exit.at - termAt : null;
    await sleep(300);
    running = false;
    await Promise.all(workers);
    agent.destroy();
    if (!exit) child.kill('SIGKILL');
    const figures = `in flight before SIGTERM: ${outcomes.before.ok} finished 200, other ${JSON.stringify(outcomes.before.other)}; after: ${outcomes.after.ok} finished, ${outcomes.after.s503} answered 503, ${outcomes.after.refused} refused, other ${JSON.stringify(outcomes.after.other)}; exit code ${exit?.code} after ${exitMs} ms`;
    check(exit && exit.code === 0 && exitMs !== null && exitMs <= 10_000, `did not exit cleanly within 10 s: ${figures}`);
    check(Object.keys(outcomes.before.other).length === 0, `requests in flight before SIGTERM failed: ${figures}`);
    check(outcomes.after.s503 > 0, `no new request was answered 503: ${figures}`);
    return figures;
  },
};
