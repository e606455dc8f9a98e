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
