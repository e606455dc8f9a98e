import { randomUUID } from 'node:crypto';
import { base, check } from '../config';
import { targetQuery } from '../database';
import { pageviews } from '../page-views';
import { login, myProvider, startServer, stop, unwrap, waitReady } from '../servers';
import { BOTH, type ReliabilityStep } from '../step';

/** 1,000 concurrent creates each stored exactly once; 500 concurrent edits of one record leave one of them and one row. */
export const writes: ReliabilityStep = {
  name: 'writes',
  databases: BOTH,
  target: 'writes',
  async run(target) {
    const child = startServer(target);
    const acknowledged: string[] = [];
    let failures: number;
    let edits: { ok: number; statuses: number[]; final: string; acknowledged: Set<string>; id: string };
    try {
      await waitReady();
      failures = await pageviews('create', 1000, 50, acknowledged);
      const cookie = await login('provider.demo@example.com', 'DemoProvider2026');
      const provider = await myProvider(cookie);
      const values = Array.from({ length: 500 }, (_, k) => `Concurrent edit ${k} ${randomUUID()}`);
      const answers = await Promise.all(
        values.map((description) =>
          fetch(`${base}/api/providers/${provider.id}`, { method: 'PATCH', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ description }) })
            .then((r) => ({ status: r.status, description }))
            .catch(() => ({ status: 0, description })),
        ),
      );
      const ok = answers.filter((a) => a.status === 200);
      const final = unwrap<{ description: string }>(await (await fetch(`${base}/api/providers/${provider.id}`)).json());
      edits = { ok: ok.length, statuses: [...new Set(answers.map((a) => a.status))], final: final.description, acknowledged: new Set(ok.map((a) => a.description)), id: provider.id };
    } finally {
      await stop(child);
    }
    const rows = await targetQuery<{ path: string; n: number }>(target, `SELECT path, count(*)::int AS n FROM page_views WHERE path LIKE '/reliability/create/%' GROUP BY path`);
    const counts = new Map(rows.map((r) => [r.path, r.n]));
    const missing = acknowledged.filter((p) => counts.get(p) !== 1);
    const providerRows = await targetQuery<{ n: number }>(target, `SELECT count(*)::int AS n FROM providers WHERE id = $1`, [edits.id]);
    check(missing.length === 0, `${missing.length} acknowledged creates not present exactly once`);
    check(edits.acknowledged.has(edits.final), 'the final description is not one of the acknowledged edits');
    check(providerRows[0]?.n === 1, 'the edited record is not exactly one row');
    check(edits.ok === 500, `only ${edits.ok} of 500 edits acknowledged (statuses ${edits.statuses.join(', ')})`);
    return `1,000 creates: ${acknowledged.length} acknowledged (${failures} refused), all present exactly once; 500 concurrent edits: ${edits.ok} acknowledged, final value one of them, one row`;
  },
};
