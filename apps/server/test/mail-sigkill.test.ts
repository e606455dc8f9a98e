import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { serverRoot } from '../src/paths';
import { seederKeys } from '../src/seed/seed';
import { TestSmtpServer } from './fixtures/smtp';

/**
 * Issue 30 (decision 0470): the server process killed with SIGKILL after the sign-up committed and
 * while its mail was being sent (the SMTP server had the message but had not answered) still
 * delivers that mail after a restart, with the same Message-ID, and only once.
 */

/** A free port in this suite's range (4760–4779). */
async function freePort(): Promise<number> {
  for (let port = 4760; port <= 4779; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 4760–4779');
}

async function ready(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

describe('SIGKILL between commit and send', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solar-mail-kill-'));
  const smtp = new TestSmtpServer();
  let child: ChildProcess | undefined;
  afterAll(async () => {
    child?.kill('SIGKILL');
    await smtp.stop();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });

  it('the mail still arrives after the restart, once', async () => {
    // A migrated copy with the real-data seeders marked done, so the server starts in seconds.
    const pgdata = path.join(dataDir, 'pgdata');
    cpSync(process.env.TEST_PGLITE_TEMPLATE!, pgdata, { recursive: true });
    const database = await openDatabase({ dataDir: pgdata });
    for (const key of seederKeys(false)) {
      await database.query(`INSERT INTO app_meta (key, value) VALUES ($1, '{"skipped":"mail kill test"}') ON CONFLICT DO NOTHING`, [key]);
    }
    await database.close();

    await smtp.start(0);
    smtp.hold = true;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', SMTP_URL: smtp.url };
    delete env.DATABASE_URL;
    delete env.ADMIN_EMAIL;
    delete env.ADMIN_PASSWORD;
    const startServer = async () => {
      const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: serverRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      started.stderr!.on('data', (chunk) => (stderr += String(chunk)));
      for (const by = Date.now() + 90_000; !(await ready(`${base}/api/health/ready`)); ) {
        if (Date.now() > by || started.exitCode !== null) throw new Error(`server did not become ready: ${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return started;
    };

    child = await startServer();
    const killed = new Promise<void>((resolve) => {
      smtp.onHeld = () => {
        child!.kill('SIGKILL');
        resolve();
      };
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child!.once('exit', (_code, signal) => resolve(signal)));
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'killed@mid-send.example.com', name: 'Kim Killed', company: 'Kill Nine', password: 'SolarPanel42x', type: 'provider' }),
    });
    expect(signup.status).toBe(201);
    await killed;
    expect(await exited).toBe('SIGKILL');
    expect(smtp.received).toEqual([]);
    const heldIds = [...smtp.held];
    expect(heldIds.length).toBeGreaterThanOrEqual(1);

    // Back up, with the mail server answering again.
    smtp.hold = false;
    child = await startServer();
    await smtp.waitFor(() => smtp.received.length >= 2, 'the sign-up mails after the restart', 30_000);
    await new Promise((r) => setTimeout(r, 1500)); // the worker's next passes send no copy
    const subjects = smtp.received.map((m) => m.subject).sort();
    expect(subjects).toEqual(['Confirm your email address for Solar Marketplace', 'Welcome to Solar Marketplace']);
    // The mail cut off by the kill went again under its own Message-ID (receivers drop a copy by it).
    for (const id of heldIds) expect(smtp.received.filter((m) => m.messageId === id)).toHaveLength(1);
    child.kill('SIGTERM');
    await new Promise((resolve) => child!.once('exit', resolve));
    child = undefined;
  });
});
