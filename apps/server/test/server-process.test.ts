import { execFileSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, serverRoot } from '../src/paths';
import { DEFAULT_HEAP_MB, DEFAULT_SEMI_SPACE_MB, serverNodeArgs, startServer } from '../scripts/server-process.mjs';

/**
 * How Node runs the server (decisions 0410, 0415, 0635): `npm start`, the server package's `start`
 * and the bench take the flags from scripts/server-process.mjs. These tests start a stand-in for
 * dist/server.js that reports what the process really got: V8's heap limit, the malloc arenas,
 * whether source maps are on.
 */

interface Reported {
  heapLimitMb: number;
  arenas: string | undefined;
  execArgv: string[];
  sourceMaps: boolean;
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'solar-server-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const standIn = path.join(dir, 'dist', 'server.js');
mkdirSync(path.dirname(standIn));
writeFileSync(
  standIn,
  `import v8 from 'node:v8';
console.log(JSON.stringify({
  heapLimitMb: v8.getHeapStatistics().heap_size_limit / 1048576,
  arenas: process.env.MALLOC_ARENA_MAX,
  execArgv: process.execArgv,
  sourceMaps: process.sourceMapsEnabled,
}));
process.exitCode = Number(process.env.STAND_IN_EXIT ?? 0);
`,
);

/** What the stand-in printed, and how it exited. */
function reported(child: ChildProcess): Promise<{ report: Reported; code: number | null }> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => (out += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        resolve({ report: JSON.parse(out) as Reported, code });
      } catch {
        reject(new Error(`the stand-in printed ${JSON.stringify(out)}`));
      }
    });
  });
}

/** The environment without the variables these tests set, so the machine's own do not leak in. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { SERVER_HEAP_MB: _heap, SERVER_SEMI_SPACE_MB: _semi, MALLOC_ARENA_MAX: _arenas, NODE_OPTIONS: _options, ...env } = process.env;
  return { ...env, ...extra };
}

describe('the server process', () => {
  it('runs with the heap ceiling, the smaller young generation and two malloc arenas by default, without source maps', async () => {
    const { report } = await reported(startServer(standIn, { env: cleanEnv(), stdio: ['ignore', 'pipe', 'inherit'] }));
    expect(report.execArgv).toEqual(expect.arrayContaining([`--max-old-space-size=${DEFAULT_HEAP_MB}`, `--max-semi-space-size=${DEFAULT_SEMI_SPACE_MB}`]));
    // V8's limit is the old generation's ceiling plus the young generation (three semi-spaces' worth;
    // with V8's own 16 MB semi-space it would be 48 MB more than the ceiling).
    expect(report.heapLimitMb).toBe(DEFAULT_HEAP_MB + 3 * DEFAULT_SEMI_SPACE_MB);
    expect(report.arenas).toBe('2');
    expect(report.sourceMaps).toBe(false);
  });

  it('takes the sizes from SERVER_HEAP_MB and SERVER_SEMI_SPACE_MB and keeps an arena count the environment sets', async () => {
    const env = cleanEnv({ SERVER_HEAP_MB: '512', SERVER_SEMI_SPACE_MB: '16', MALLOC_ARENA_MAX: '4' });
    const { report } = await reported(startServer(standIn, { env, stdio: ['ignore', 'pipe', 'inherit'] }));
    expect(report.heapLimitMb).toBe(512 + 3 * 16);
    expect(report.arenas).toBe('4');
  });

  it('refuses a SERVER_HEAP_MB that is not a number of megabytes, saying which variable', () => {
    expect(() => serverNodeArgs({ SERVER_HEAP_MB: '256mb' })).toThrow(/SERVER_HEAP_MB must be a whole number of megabytes/);
    expect(() => serverNodeArgs({ SERVER_HEAP_MB: '4' })).toThrow(/SERVER_HEAP_MB/);
    expect(() => serverNodeArgs({ SERVER_SEMI_SPACE_MB: '0' })).toThrow(/SERVER_SEMI_SPACE_MB must be a whole number of megabytes from 1/);
  });

  it("the server package's start runs dist/server.js beside its script with these flags and passes its exit code on", () => {
    const pkg = JSON.parse(readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.start).toBe('node scripts/server-process.mjs');
    // The same script in a folder of its own, beside the stand-in (dist/server.js).
    mkdirSync(path.join(dir, 'scripts'), { recursive: true });
    copyFileSync(path.join(serverRoot, 'scripts/server-process.mjs'), path.join(dir, 'scripts/server-process.mjs'));
    const run = (env: NodeJS.ProcessEnv) => execFileSync(process.execPath, [path.join(dir, 'scripts/server-process.mjs')], { env, encoding: 'utf8' });
    const report = JSON.parse(run(cleanEnv())) as Reported;
    expect(report.execArgv).toContain(`--max-old-space-size=${DEFAULT_HEAP_MB}`);
    expect(report.arenas).toBe('2');
    let status: number | null = null;
    try {
      run(cleanEnv({ STAND_IN_EXIT: '3' }));
    } catch (error) {
      status = (error as { status: number | null }).status;
    }
    expect(status).toBe(3);
  });

  it('npm start runs the server through the same module', () => {
    const start = readFileSync(path.join(repoRoot, 'scripts/start.mjs'), 'utf8');
    expect(start).toMatch(/import \{ runServer \} from '\.\.\/apps\/server\/scripts\/server-process\.mjs'/);
    expect(start).toMatch(/runServer\('apps\/server\/dist\/server\.js'/);
    expect(start).not.toMatch(/max-old-space-size|max-semi-space-size|enable-source-maps/);
  });
});
