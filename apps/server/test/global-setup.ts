import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { repoRoot } from '../src/paths';

/**
 * Migrates once into a template, which every test file copies: creating a PGlite database costs
 * 2–5 s, reopening a copy 0.24 s. With TEST_DATABASE_URL the same is done on PostgreSQL with
 * `CREATE DATABASE … TEMPLATE`. The template is named per run (like the PGlite directory): two runs
 * against one server (two checkouts, a rerun while one is still going) must not drop each other's.
 */
export default async function setup() {
  // Both server projects (vitest.config.ts, decision 0606) name this setup; Vitest runs each project's
  // in the same process, so the second finds the templates made and leaves them to the first's teardown.
  const templateDir = path.join(repoRoot, '.tmp', `pg-template-${process.pid}`);
  if (process.env.TEST_PGLITE_TEMPLATE === templateDir) return;
  rmSync(templateDir, { recursive: true, force: true });
  mkdirSync(path.dirname(templateDir), { recursive: true });
  const database = await openDatabase({ dataDir: templateDir });
  await migrate(database);
  await database.close();
  process.env.TEST_PGLITE_TEMPLATE = templateDir;

  const serverUrl = process.env.TEST_DATABASE_URL;
  const templateName = `solar_test_template_${process.pid}`;
  if (serverUrl) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${templateName}`);
    await adminQuery(serverUrl, `CREATE DATABASE ${templateName}`);
    const tpl = await openDatabase({ databaseUrl: withDatabase(serverUrl, templateName), dataDir: '' });
    await migrate(tpl);
    await tpl.close();
    process.env.TEST_DATABASE_TEMPLATE = templateName;
  }
  return async () => {
    rmSync(templateDir, { recursive: true, force: true });
    if (serverUrl) await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
  };
}

/** One statement on its own connection (CREATE / DROP DATABASE cannot run in a pool's transaction). */
export async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
