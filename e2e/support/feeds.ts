import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { root, waitFor } from './own-server';
import { endWithWorker, stopProcess } from './processes';

/**
 * `npm run feeds:fixture` on `port` (apps/server/src/cli/feeds-fixture.ts): the tender feeds as the
 * services serve them, its generated notices' three days ending at `end`. Resolves once it answers.
 */
export async function startFeedFixture(port: number, end: Date): Promise<ChildProcess> {
  const child = endWithWorker(spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/cli/feeds-fixture.ts', String(port)],
    {
      cwd: root,
      env: { ...process.env, FEEDS_FIXTURE_END: end.toISOString() },
      stdio: 'ignore',
    },
  ));
  await waitFor(
    async () => (await fetch(`http://127.0.0.1:${port}/nothing`)).status === 404,
    60_000,
    'the feed fixture',
  ).catch(async (error: unknown) => {
    await stopProcess(child);
    throw error;
  });
  return child;
}
