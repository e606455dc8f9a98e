import { spawn } from 'node:child_process';
import { check, root } from '../config';
import { stateOf } from '../database';
import { envFor, startServer, stop, waitReady } from '../servers';
import { BOTH, type ReliabilityStep } from '../step';

/** Migrations run again change nothing; on PostgreSQL twice at once too; on PGlite a second process on the same DATA_DIR is refused. */
export const migrations: ReliabilityStep = {
  name: 'migrations',
  databases: BOTH,
  target: 'migrations',
  async run(target) {
    const migrate = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const p = spawn('npx', ['tsx', 'apps/server/src/cli/migrate.ts'], { cwd: root, env: envFor(target), stdio: ['ignore', 'pipe', 'pipe'] });
        let out = '';
        p.stdout.on('data', (d) => (out += d));
        p.stderr.on('data', (d) => (out += d));
        p.on('exit', (code) => resolve({ code, out }));
      });
    // The first run brings the copy up to the migrations in this tree; the runs after it must do nothing.
    const first = await migrate();
    const before = await stateOf(target);
    const second = await migrate();
    if (target.kind === 'postgres') {
      const [a, b] = await Promise.all([migrate(), migrate()]);
      check([first, second, a, b].every((r) => r.code === 0), `a migration run failed: ${[first, second, a, b].map((r) => r.out).join('\n')}`);
    }
    const after = await stateOf(target);
    if (target.kind === 'pglite') {
      check(first.code === 0 && second.code === 0, `a migration run failed: ${first.out}${second.out}`);
      const server = startServer(target);
      await waitReady();
      const locked = await migrate();
      await stop(server);
      check(locked.code !== 0 && /lock|in use|another/i.test(locked.out), `a second process on the same DATA_DIR was not refused: ${locked.code} ${locked.out}`);
    }
    const changed = Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
    check(changed.length === 0, `running migrations again changed ${changed.join(', ')}`);
    return target.kind === 'postgres' ? 'twice in a row and twice at once: exit 0, no change' : 'twice in a row: no change; a second process on the same DATA_DIR refused by the lock';
  },
};
