import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { serverRoot } from '../src/paths';
import { seederKeys } from '../src/seed/seed';

/**
 * Regression test for issue 11 (decision 0290, finding 3): after SIGTERM the real server process
 * keeps listening for SHUTDOWN_DRAIN_MS answering 503 (readiness 503 too), then exits 0 within 10 s.
 * Before the fix the listener closed at once and new requests were refused or reset.
 */

/** A free port in this suite's range (3460–3479). */
async function freePort(): Promise<number> {
  for (let port = 3460; port <= 3479; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3460–3479');
}

/**
 * The drain window given to the server. Long enough that, on a loaded 2-core runner, the SIGTERM
 * reaching the child and the two requests below fit inside it (with 1 s they raced its end);
 * what is proven does not change: answered 503 while draining, then closed and exited 0.
 */
const DRAIN_MS = 3000;

async function status(url: string): Promise<number | 'refused'> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 'refused';
  }
}

describe('SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'solar-shutdown-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));

  it('keeps answering 503 while draining, then exits 0 within 10 s', async () => {
    // A migrated copy with the real-data seeders marked done: the server starts in seconds
    // instead of importing the bundled datasets (not what this test is about).
    const pgdata = path.join(dataDir, 'pgdata');
    cpSync(process.env.TEST_PGLITE_TEMPLATE!, pgdata, { recursive: true });
    const database = await openDatabase({ dataDir: pgdata });
    for (const key of seederKeys(false)) {
      await database.query(`INSERT INTO app_meta (key, value) VALUES ($1, '{"skipped":"shutdown test"}') ON CONFLICT DO NOTHING`, [key]);
    }
    await database.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'warn', SHUTDOWN_DRAIN_MS: String(DRAIN_MS) };
    delete env.DATABASE_URL;
    delete env.ADMIN_EMAIL;
    delete env.ADMIN_PASSWORD;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: serverRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.on('exit', (code) => resolve({ code, at: Date.now() })));

    try {
      const startBy = Date.now() + 60_000;
      while ((await status(`${base}/api/health/ready`)) !== 200) {
        if (Date.now() > startBy || child.exitCode !== null) throw new Error(`server did not become ready: ${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await status(`${base}/api/health`)).toBe(200);

      const sentAt = Date.now();
      child.kill('SIGTERM');
      // The signal and the next request race; within the drain window readiness must turn 503.
      let readiness: number | 'refused' = 200;
      while (readiness === 200 && Date.now() - sentAt < DRAIN_MS - 100) {
        readiness = await status(`${base}/api/health/ready`);
      }
      expect(readiness).toBe(503);
      // Still listening: an ordinary API request is answered 503 with the spec's envelope, not refused.
      const response = await fetch(`${base}/api/providers`, { signal: AbortSignal.timeout(2000) });
      expect(response.status).toBe(503);
      expect(JSON.stringify(await response.json())).toContain('The server is restarting. Please try again shortly.');
      expect(Date.now() - sentAt).toBeLessThan(DRAIN_MS);

      const { code, at } = await Promise.race([exited, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no exit within 10 s')), 10_000))]);
      expect(code, stderr).toBe(0);
      expect(at - sentAt).toBeLessThan(10_000);
      expect(await status(`${base}/api/health`)).toBe('refused');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 90_000);
});
