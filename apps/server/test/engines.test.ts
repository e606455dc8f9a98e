import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverRoot } from '../src/paths';
import { BOTH_ENGINES } from './engines';

/** Every server test file, relative to apps/server. */
function testFiles(dir = serverRoot, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('dist') ? [] : testFiles(dir, rel);
    return rel.endsWith('.test.ts') ? [rel] : [];
  });
}

/** Decision 0606: the list of files run on both engines stays true as files move and grow. */
describe('the files run on both engines (test/engines.ts)', () => {
  const files = testFiles().filter(
    (f) => (f.startsWith('src/') || f.startsWith('test/')) && f !== 'test/engines.test.ts',
  );

  it('names only test files that exist, each once', () => {
    expect(BOTH_ENGINES.filter((f) => !existsSync(path.join(serverRoot, f)))).toEqual([]);
    expect(new Set(BOTH_ENGINES).size).toBe(BOTH_ENGINES.length);
  });

  it('holds every file with a PostgreSQL-only test or branch of its own (it would run on one engine otherwise)', () => {
    const ownBranch = files.filter((f) => {
      const text = readFileSync(path.join(serverRoot, f), 'utf8');
      return /process\.env\.TEST_DATABASE_URL|kind === 'postgres'|kind: 'postgres'/.test(text);
    });
    expect(ownBranch.length).toBeGreaterThan(0);
    expect(ownBranch.filter((f) => !BOTH_ENGINES.includes(f))).toEqual([]);
  });
});
