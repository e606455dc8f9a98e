import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * The repository's own lint config, narrowed to the layer rules these tests assert. The config's
 * only type-aware rule (no-floating-promises) is left to `npm run lint`: without it, no TypeScript
 * program is built, which was most of this file's time (decision 0605).
 */
const layerRules = new Set(['no-restricted-imports', 'no-restricted-syntax']);
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => layerRules.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The layer rules' ids and messages that the repository's lint config reports for `code` at `file`. */
async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const service = 'apps/server/src/features/tenders/tenders.service.ts';
const noImport = /^no-restricted-imports: .*A service holds no queries/;
const noSql = /^no-restricted-syntax: A service runs no SQL/;

describe('server layers are enforced by lint (decisions 0347, 0348)', () => {
  it('a service importing drizzle-orm or a table fails', async () => {
    const code = "import { eq } from 'drizzle-orm';\nimport { tenders } from '../../db/schema/index';\nexport const a = [eq, tenders];\n";
    expect(await lint(service, code)).toEqual([expect.stringMatching(noImport), expect.stringMatching(noImport)]);
  });

  it.each([
    ['ctx.database.query', "await ctx.database.query('UPDATE tenders SET title = $1', ['x']);"],
    ['ctx.database.db.select', 'await ctx.database.db.select().from(table);'],
    ['tx.insert in a transaction', 'await ctx.database.db.transaction(async (tx) => tx.insert(table).values({}));'],
  ])('a service running SQL through %s fails', async (_label, line) => {
    const code = `declare const ctx: any;\ndeclare const table: any;\nexport async function run() {\n  ${line}\n}\n`;
    expect((await lint(service, code)).filter((m) => m.startsWith('no-restricted-syntax'))).toEqual([expect.stringMatching(noSql)]);
  });

  it('the same code in a repository passes', async () => {
    const code = "import { eq } from 'drizzle-orm';\nimport type { Database } from '../../db/client';\nexport const run = (database: Database) => database.query('SELECT 1', [eq]);\n";
    expect(await lint('apps/server/src/features/tenders/tenders.repository.ts', code)).toEqual([]);
  });

  it('platform/ importing a feature fails', async () => {
    const code = "import { getTender } from '../features/tenders/tenders.service';\nexport const a = getTender;\n";
    expect(await lint('apps/server/src/platform/clock.ts', code)).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*platform\/, plugins\/ and db\/ are beneath the features/),
    ]);
  });

  it('every service as it is passes the layer rules', async () => {
    const features = path.join(root, 'apps/server/src/features');
    const services = readdirSync(features, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.service.ts'));
    expect(services.length).toBeGreaterThan(15);
    for (const file of services) {
      const relative = path.join('apps/server/src/features', file);
      expect([relative, await lint(relative, readFileSync(path.join(root, relative), 'utf8'))]).toEqual([relative, []]);
    }
  });
});
