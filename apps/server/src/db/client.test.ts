import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../../test/harness';
import { serverRoot } from '../paths';
import { openDatabase, type Database } from './client';
import { isUniqueViolation, rowsOf } from './sql-helpers';

describe.each(databaseKinds)('the database client on %s', (kind) => {
  let t: TestApp;
  let database: Database;
  beforeAll(async () => {
    t = await createTestApp({ kind });
    database = t.ctx.database;
    await database.exec('CREATE TABLE client_test (id int PRIMARY KEY, note text)');
  });
  afterAll(() => t.close());

  it("rejects a failing statement with PostgreSQL's fields, through query, exec and Drizzle", async () => {
    await database.query('INSERT INTO client_test (id) VALUES ($1)', [1]);
    const duplicate = await database.query('INSERT INTO client_test (id) VALUES ($1)', [1]).catch((e: unknown) => e);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'client_test_pkey', table: 'client_test' });
    expect(isUniqueViolation(duplicate, 'client_test_pkey')).toBe(true);
    await expect(database.exec('SELECT 1; SELECT 1/0')).rejects.toMatchObject({ code: '22012' });
    // Refused when parsed, when its parameters are bound, and when run.
    await expect(database.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    await expect(database.query('SELECT $1::int AS n', ['one'])).rejects.toMatchObject({ code: '22P02' });
    await expect(database.query('SELECT 1/$1::int AS n', [0])).rejects.toMatchObject({ code: '22012' });
    expect(await database.query('SELECT $1::int AS n', [7])).toEqual([{ n: 7 }]);
    const inTransaction = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO client_test (id) VALUES (2)`);
        await tx.execute(sql`INSERT INTO client_test (id) VALUES (1)`);
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(inTransaction, 'client_test_pkey')).toBe(true);
    // The failed transaction rolled back, and the client goes on answering.
    expect(await database.query('SELECT id FROM client_test ORDER BY id')).toEqual([{ id: 1 }]);
  });

  it("returns rows typed by Drizzle's parsers and by PGlite's", async () => {
    const [row] = await database.query<{ at: Date; ids: number[]; doc: unknown }>(
      "SELECT timestamptz '2026-11-28 09:00:00Z' AS at, ARRAY[1, 2]::int[] AS ids, $1::jsonb AS doc",
      [JSON.stringify({ a: [1] })],
    );
    expect(row).toEqual({ at: new Date('2026-11-28T09:00:00Z'), ids: [1, 2], doc: { a: [1] } });
    // Drizzle's driver reads timestamps as text (its own parsers, passed with each query).
    const [viaDrizzle] = rowsOf<{ at: unknown }>(await database.db.execute(sql`SELECT timestamptz '2026-11-28 09:00:00Z' AS at`));
    expect(typeof viaDrizzle!.at).toBe('string');
  });

  it('hands a committed notification to its listener', async () => {
    const heard: string[] = [];
    const listener = await database.listen('client_test', (payload) => heard.push(payload), () => undefined);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_notify('client_test', 'from a transaction')`);
      expect(heard).toEqual([]);
    });
    // PGlite hears it as the committing statement returns; PostgreSQL on the listening connection.
    if (kind === 'pglite') expect(heard).toEqual(['from a transaction']);
    await listener.notify('from the listener');
    await vi.waitFor(() => expect(heard).toEqual(['from a transaction', 'from the listener']));
    await listener.close();
  });

  it.runIf(kind === 'pglite')('runs a statement from outside a transaction after the transaction ends', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO client_test (id, note) VALUES (10, 'inside')`);
      outside = database.query('SELECT note FROM client_test WHERE id = 10').then((rows) => order.push(`outside saw ${JSON.stringify(rows)}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.execute(sql`UPDATE client_test SET note = 'committed' WHERE id = 10`);
      order.push('commit');
    });
    await outside;
    expect(order).toEqual(['commit', 'outside saw [{"note":"committed"}]']);
  });

  it.runIf(kind === 'pglite')("counts PGlite's WebAssembly memory", () => {
    expect(database.wasmBytes()).toBeGreaterThan(16 * 1048576);
  });
});

describe('PGlite on its thread', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'solar-pglite-thread-'));
    cpSync(process.env.TEST_PGLITE_TEMPLATE!, path.join(dataDir, 'pgdata'), { recursive: true });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('finishes the statements under way when closed, and refuses later ones', async () => {
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    const slow = database.query<{ n: number }>('SELECT 1 AS n FROM pg_sleep(0.2)');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await database.close();
    expect(await slow).toEqual([{ n: 1 }]);
    await expect(database.query('SELECT 1')).rejects.toThrow(/closed/);
    await database.close();
  });

  it('does not keep the process alive while idle', () => {
    // A command that forgets to close the database still exits once its statements have answered.
    const script = path.join(dataDir, 'forgets-to-close.mts');
    writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(pathToFileURL(path.join(serverRoot, 'src/db/client.ts')).href)};
const database = await openDatabase({ dataDir: ${JSON.stringify(path.join(dataDir, 'pgdata'))} });
console.log(JSON.stringify(await database.query('SELECT 41 + 1 AS n')));`,
    );
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: serverRoot,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('[{"n":42}]');
    expect(child.status).toBe(0);
  });
});
