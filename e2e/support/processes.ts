import type { ChildProcess } from 'node:child_process';

/**
 * Stops a server a journey started: SIGTERM (its graceful shutdown), then SIGKILL if it has not
 * exited within `graceMs`, so a server that cannot stop never outlives the journey and its port.
 */
export async function stopProcess(child: ChildProcess | undefined, graceMs = 15_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * Kills `child` when this worker process exits, if it is still running. A hook that times out while
 * a server is starting never gets the server to stop it, and Playwright then ends the worker: without
 * this, the server would keep running (and holding its port and a core) for the rest of the run.
 */
export function endWithWorker<T extends ChildProcess>(child: T): T {
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
  return child;
}
