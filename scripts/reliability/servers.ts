import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { base, PORT, serverJs, sleep, type Target } from './config';

/**
 * TRUST_PROXY (decision 0420): a server the suite talks to directly trusts loopback, so the write
 * steps (one loopback client standing for a proxy) can name many clients in X-Forwarded-For and the
 * per-address limits of one address do not refuse them. Behind HAProxy the server trusts only
 * HAProxy's address, as docs/operations.md says for that shape; clients then connect from their
 * own loopback addresses (`clientAddress`) and HAProxy appends each one (`option forwardfor`).
 */
export const TRUST_DIRECT = 'loopback';
export const TRUST_BEHIND_HAPROXY = '127.0.0.1';

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  at: number;
}

/** A process the suite started: what it wrote to stderr, and when and how it ended. */
export type Process = ChildProcess & { stderrText: string; exited: Promise<Exit> };

export function envFor(target: Pick<Target, 'dataDir' | 'databaseUrl'> & Partial<Target>, port = PORT, trustProxy = TRUST_DIRECT): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TRUST_PROXY: trustProxy,
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: port === PORT ? target.dataDir : `${target.dataDir}-${port}`,
  };
  delete env.DATABASE_URL;
  if (target.databaseUrl) env.DATABASE_URL = target.databaseUrl;
  return env;
}

/** Processes started by the suite that are still running: killed when a step fails. */
export const live = new Set<ChildProcess>();

/** A child process followed: its stderr kept, its exit awaited, and it is in `live` while it runs. */
export function follow(child: ChildProcess): Process {
  live.add(child);
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  child.on('exit', () => live.delete(child));
  const followed = Object.assign(child, { stderrText: '', exited });
  child.stderr?.on('data', (d) => (followed.stderrText += d));
  return followed;
}

export function startServer(target: Target, port = PORT, trustProxy = TRUST_DIRECT): Process {
  return follow(spawn(process.execPath, [serverJs], { env: envFor(target, port, trustProxy), stdio: ['ignore', 'ignore', 'pipe'] }));
}

/** Waits for readiness; how long it took in ms. */
export async function waitReady(ms = 180_000, at = base): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < ms) {
    const ok = await fetch(`${at}/api/health/ready`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return Date.now() - start;
    await sleep(50);
  }
  throw new Error(`not ready within ${ms} ms`);
}

/** SIGTERM, then SIGKILL after 15 s. */
export async function stop(child: Process): Promise<void> {
  if (child.exitCode !== null || child.signalCode) return;
  child.kill('SIGTERM');
  await Promise.race([child.exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
}

/** A process's resident memory in MB (0 once it is gone). */
export function rss(pid: number | undefined): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A demo account's session cookie. */
export async function login(email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

export interface OwnProvider {
  id: string;
  slug: string;
}

/** The signed-in user's first provider profile, made when they have none. */
export async function myProvider(cookie: string): Promise<OwnProvider> {
  const me = (await (await fetch(`${base}/api/auth/me`, { headers: { cookie } })).json()) as { data: { id: string } };
  const mine = (await (await fetch(`${base}/api/providers/user/${me.data.id}`, { headers: { cookie } })).json()) as { data: { providers: OwnProvider[] } };
  const first = mine.data.providers[0];
  if (first) return first;
  const created = await fetch(`${base}/api/providers`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ businessName: `Reliability Solar ${randomUUID().slice(0, 6)}`, description: 'A provider for the reliability run.', services: ['Panel Cleaning'], location: 'Leeds', type: 'Installer' }),
  });
  if (created.status !== 201) throw new Error(`create provider: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { data: OwnProvider }).data;
}

/** A provider's answer, whether the route wraps it in `data` or not. */
export const unwrap = <T>(json: unknown): T => ((json as { data?: T }).data ?? json) as T;

/**
 * A server on the target with the demo provider signed in: `run` gets the process, the session
 * cookie and the provider's profile; the server is stopped afterwards, whatever happened.
 */
export async function withDemoProvider<T>(target: Target, run: (session: { child: Process; cookie: string; provider: OwnProvider }) => Promise<T>): Promise<T> {
  const child = startServer(target);
  try {
    await waitReady();
    const cookie = await login('provider.demo@example.com', 'DemoProvider2026');
    return await run({ child, cookie, provider: await myProvider(cookie) });
  } finally {
    await stop(child);
  }
}
