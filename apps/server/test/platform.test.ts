import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/index';
import { migrate, readMigrations } from '../src/db/migrate';
import { parseEnv } from '../src/env';
import { ensureConfiguredAdmin } from '../src/features/accounts/admin-bootstrap';
import { findUserByEmail } from '../src/features/accounts/accounts.repository';
import { fixedClock } from '../src/platform/clock';
import { DataDirLockedError, lockDataDir } from '../src/platform/data-dir-lock';
import { JobRunner } from '../src/platform/jobs';
import { hashPassword, verifyPassword } from '../src/platform/passwords';
import { createLocalStorage } from '../src/platform/storage';
import { serverRoot } from '../src/paths';
import { createTestApp, databaseKinds, type TestApp } from './harness';

describe('configuration', () => {
  it('refuses bad values with one readable message', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL/);
    expect(() => parseEnv({ ADMIN_EMAIL: 'a@b.co' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD must be set together/);
  });
  it('has working defaults: demo content on, off in production', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.SEED_DEMO).toBe(true);
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
    expect(parseEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ PUBLIC_URL: 'https://solar.example/' }).COOKIE_SECURE).toBe(true);
  });
});

describe('the alerts job period', () => {
  it('is five minutes unless ALERTS_EVERY_MS says otherwise, from 1 second to 10 minutes (decision 0536)', () => {
    expect(parseEnv({}).ALERTS_EVERY_MS).toBe(300_000);
    expect(parseEnv({ ALERTS_EVERY_MS: '2000' }).ALERTS_EVERY_MS).toBe(2000);
    expect(() => parseEnv({ ALERTS_EVERY_MS: '500' })).toThrow(/ALERTS_EVERY_MS/);
    expect(() => parseEnv({ ALERTS_EVERY_MS: '900000' })).toThrow(/ALERTS_EVERY_MS/);
    expect(() => parseEnv({ ALERTS_EVERY_MS: 'often' })).toThrow(/ALERTS_EVERY_MS/);
  });
});

describe('data directory lock', () => {
  it('refuses a second process while the first is alive and takes over a stale lock', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'solar-lock-'));
    try {
      writeFileSync(path.join(dir, 'server.pid'), String(process.ppid)); // a live process
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      writeFileSync(path.join(dir, 'server.pid'), '2147483646'); // no such process: a crash left it
      const unlock = lockDataDir(dir);
      expect(readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
      unlock();
      expect(existsSync(path.join(dir, 'server.pid'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('makes a second server on the same DATA_DIR exit with a clear message', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'solar-lock-'));
    const unlock = lockDataDir(dir);
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: serverRoot,
        env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`Another server process (pid ${process.pid}) is already using the data directory`);
    } finally {
      unlock();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('passwords', () => {
  it('hashes with argon2id and verifies exactly as typed', async () => {
    const hash = await hashPassword('Correct Horse 9');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Correct Horse 9')).toBe(true);
    expect(await verifyPassword(hash, 'correct horse 9')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
  });
});

describe('storage', () => {
  it('stores under server-generated keys and refuses other names', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'solar-store-'));
    try {
      const storage = createLocalStorage(root);
      const file = await storage.put('private', Buffer.from('%PDF-1.4'), 'pdf');
      expect(file.key).toMatch(/^[0-9a-f-]{36}\.pdf$/);
      expect(await storage.open('public', file.key)).toBeNull(); // classes are separate
      expect((await storage.open('private', file.key))?.size).toBe(8);
      expect(await storage.open('private', '../../etc/passwd')).toBeNull();
      await expect(storage.put('public', Buffer.from('x'), '../sh')).rejects.toThrow();
      await storage.delete('private', file.key);
      expect(readdirSync(path.join(root, 'private'))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe.each(databaseKinds)('database platform on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());

  it('runs migrations twice, and twice at once, without doing anything the second time', async () => {
    expect(await migrate(t.ctx.database)).toEqual([]);
    expect(await Promise.all([migrate(t.ctx.database), migrate(t.ctx.database)])).toEqual([[], []]);
    const rows = await t.ctx.database.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0]!.n).toBe(readMigrations().length);
  });

  it('refuses a migration that was edited after it was applied', async () => {
    const [first, ...rest] = readMigrations();
    await expect(migrate(t.ctx.database, [{ ...first!, checksum: 'changed' }, ...rest])).rejects.toThrow(/changed after it was applied/);
  });

  it('runs each job once per period across runners, on an injected clock', async () => {
    const clock = fixedClock(new Date('2027-01-01T00:00:00Z'));
    const runs: string[] = [];
    const job = { name: `test-job-${kind}`, everyMs: 60_000, run: async ({ now }: { now: Date }) => void runs.push(now.toISOString()) };
    const a = new JobRunner(t.ctx.database, clock, t.ctx.log);
    const b = new JobRunner(t.ctx.database, clock, t.ctx.log);
    a.register(job);
    b.register(job);
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect([...ranA, ...ranB]).toEqual([job.name]); // one of the two "processes" ran it
    expect(await a.runDue()).toEqual([]); // not due again yet
    clock.advance(60_001);
    expect(await b.runDue()).toEqual([job.name]);
    expect(runs).toEqual(['2027-01-01T00:00:00.000Z', '2027-01-01T00:01:00.001Z']);
  });

  it('ticks as often as its most frequent job is due when that is under a minute, and once a minute otherwise', async () => {
    const clock = fixedClock(new Date('2027-03-01T00:00:00Z'));
    const runs: string[] = [];
    const slow = new JobRunner(t.ctx.database, clock, t.ctx.log);
    slow.register({ name: `hourly-${kind}`, everyMs: 3_600_000, run: async () => undefined });
    const quick = new JobRunner(t.ctx.database, clock, t.ctx.log);
    quick.register({ name: `hourly-${kind}`, everyMs: 3_600_000, run: async () => undefined });
    quick.register({ name: `every-second-${kind}`, everyMs: 1000, run: async ({ now }) => void runs.push(now.toISOString()) });
    /** The period of the timer a runner's start() sets. */
    const tickOf = (runner: JobRunner) => {
      const spy = vi.spyOn(globalThis, 'setInterval');
      try {
        runner.start();
        return spy.mock.calls.map((call) => Number(call[1]));
      } finally {
        spy.mockRestore();
      }
    };
    expect(tickOf(slow)).toEqual([60_000]);
    expect(tickOf(quick)).toEqual([1000]);
    try {
      await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 5000 });
      clock.advance(1000);
      // The next tick comes a second later, not a minute.
      await vi.waitFor(() => expect(runs).toEqual(['2027-03-01T00:00:00.000Z', '2027-03-01T00:00:01.000Z']), { timeout: 5000 });
    } finally {
      await Promise.all([slow.stop(), quick.stop()]);
    }
  });

  it('records a failing job and releases its lock', async () => {
    const clock = fixedClock(new Date('2027-02-01T00:00:00Z'));
    const runner = new JobRunner(t.ctx.database, clock, t.ctx.log);
    runner.register({ name: `failing-${kind}`, everyMs: 1000, run: async () => Promise.reject(new Error('boom')) });
    expect(await runner.runDue()).toEqual([`failing-${kind}`]);
    const [row] = await t.ctx.database.query<{ last_error: string; locked_until: Date | null }>(
      'SELECT last_error, locked_until FROM job_locks WHERE name = $1',
      [`failing-${kind}`],
    );
    expect(row).toEqual({ last_error: 'boom', locked_until: null });
  });

  it('registers the session purge job in the running server', () => {
    expect(t.ctx.jobs.names()).toContain('purge-expired-sessions');
  });

  it('writes mail to the outbox, and delivers it to its files when no SMTP server is configured', async () => {
    const { id } = await t.ctx.mailer.send({ to: 'someone@example.com', subject: 'Hello', text: 'Body text' }, 'test-mail');
    const rows = await t.ctx.database.query<{ to_address: string; kind: string }>('SELECT to_address, kind FROM outbox WHERE id = $1', [id]);
    expect(rows).toEqual([{ to_address: 'someone@example.com', kind: 'test-mail' }]);
    await t.ctx.mailer.idle();
    const [row] = await t.ctx.database.query<{ status: string; transport: string }>('SELECT status, transport FROM outbox WHERE id = $1', [id]);
    expect(row).toEqual({ status: 'sent', transport: 'file' });
    const files = readdirSync(path.join(t.ctx.env.DATA_DIR, 'outbox'));
    const file = files.find((f) => f.includes(id));
    expect(readFileSync(path.join(t.ctx.env.DATA_DIR, 'outbox', file!), 'utf8')).toMatch(new RegExp(`^To: someone@example.com\nSubject: Hello\nMessage-ID: <${id}@solar-marketplace.local>\n\nBody text`));
    await expect(t.ctx.mailer.send({ to: 'a@b.co\r\nBcc: x@y.z', subject: 'x', text: 'x' })).rejects.toThrow(/line break/);
    // Only the outbox id and the kind of mail are logged: never the recipient, subject or body.
    expect(t.logs.some((l) => l.includes('Body text') || l.includes('someone@example.com'))).toBe(false);
    expect(t.logs.some((l) => l.includes(id) && l.includes('test-mail'))).toBe(true);
  });

  it('tells when background mail has been written and delivered (shutdown waits for it), failed writes included', async () => {
    const subjects = ['Idle one', 'Idle two', 'Idle three'];
    for (const subject of subjects) void t.ctx.mailer.send({ to: 'idle@example.com', subject, text: 'x' });
    void t.ctx.mailer.send({ to: 'bad@b.co\r\nBcc: x@y.z', subject: 'x', text: 'x' }).catch(() => undefined);
    await t.ctx.mailer.idle();
    const rows = await t.ctx.database.query<{ subject: string; status: string }>(
      "SELECT subject, status FROM outbox WHERE to_address = 'idle@example.com' ORDER BY subject",
    );
    expect(rows).toEqual([...subjects].sort().map((subject) => ({ subject, status: 'sent' })));
    await t.ctx.mailer.idle(); // nothing in flight: settles at once
  });

  it('creates the configured admin once, never overwriting a password or re-granting a revoked admin', async () => {
    const env = { ...t.ctx.env, ADMIN_EMAIL: 'Root@Example.com', ADMIN_PASSWORD: 'FirstPass123' };
    await ensureConfiguredAdmin({ ...t.ctx, env });
    const admin = (await findUserByEmail(t.ctx.database.db, 'root@example.com'))!;
    expect(admin.isAdmin).toBe(true);
    await t.ctx.database.db.update(users).set({ passwordHash: await hashPassword('Changed123'), isAdmin: false }).where(eq(users.id, admin.id));
    await ensureConfiguredAdmin({ ...t.ctx, env: { ...env, ADMIN_PASSWORD: 'AnotherPass123' } });
    const after = (await findUserByEmail(t.ctx.database.db, 'root@example.com'))!;
    expect(after.isAdmin).toBe(false);
    expect(await verifyPassword(after.passwordHash, 'Changed123')).toBe(true);
  });
});

describe('logging', () => {
  it('logs a client leaving mid-download at debug, and real errors as errors', async () => {
    const { Writable } = await import('node:stream');
    const { createLogger } = await import('../src/logger');
    const lines: string[] = [];
    const log = createLogger('info', new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }));
    log.error(new Error('premature close'));
    log.error(new Error('real problem'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('real problem');
  });
});
