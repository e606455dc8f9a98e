import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_EXAMPLES } from '@solar/shared/constants/developers';
import { createTestApp, databaseKinds, signedInUser, type TestApp } from '../../../../test/harness';
import { hashPassword } from '../../../platform/passwords';
import { insertTender } from '../../tenders/tenders.repository';

/**
 * docs/product/developers.md#walkthrough-a-key-from-curl, run (decision 0533): every `sh step`
 * block of the document goes to bash with curl against this app listening on a port, in order,
 * and each `answer` block after a step is checked against what the server said (the document's
 * own rules: "…" any value, "x…" a prefix, one array item for every item, objects as subsets, `…`
 * lines skipped in text). `# keep:` lines carry values to the next steps. So the page cannot drift.
 */

const DOC = fileURLToPath(new URL('../../../../../../docs/product/developers.md', import.meta.url));
const run = promisify(execFile);

interface Block {
  lang: string;
  tag: string;
  body: string;
}
interface Step {
  command: string;
  answer?: Block;
  keep: Array<[name: string, path: string]>;
}

/** The document's fenced blocks in order: ```lang tag. */
function fencedBlocks(markdown: string): Block[] {
  return [...markdown.matchAll(/^```(\S*)(?:[ \t]+(\S+))?[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)].map((m) => ({ lang: m[1] ?? '', tag: m[2] ?? '', body: m[3] ?? '' }));
}

/** The steps: each `sh step` block with the `answer` block right after it, if any. */
function walkthroughSteps(markdown: string): Step[] {
  const blocks = fencedBlocks(markdown);
  const steps: Step[] = [];
  blocks.forEach((block, i) => {
    if (block.lang !== 'sh' || block.tag !== 'step') return;
    const next = blocks[i + 1];
    const keep = [...block.body.matchAll(/^# keep: (.+)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/).map((pair) => pair.split('=') as [string, string]));
    steps.push({ command: block.body, answer: next?.tag === 'answer' ? next : undefined, keep });
  });
  return steps;
}

const ANY = '…';

/** Where the answer differs from what the document shows ([] when it matches). */
function jsonDifferences(actual: unknown, shown: unknown, at = '$'): string[] {
  if (shown === ANY) return [];
  if (typeof shown === 'string' && shown.endsWith(ANY)) {
    return typeof actual === 'string' && actual.startsWith(shown.slice(0, -1)) ? [] : [`${at}: ${JSON.stringify(actual)} does not start with ${JSON.stringify(shown.slice(0, -1))}`];
  }
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${at}: not an array`];
    if (shown.length === 0) return [];
    if (shown.length === 1) {
      if (actual.length === 0) return [`${at}: empty, the document shows items`];
      return actual.flatMap((item, i) => jsonDifferences(item, shown[0], `${at}[${i}]`));
    }
    if (actual.length !== shown.length) return [`${at}: ${actual.length} items, the document shows ${shown.length}`];
    return shown.flatMap((item, i) => jsonDifferences(actual[i], item, `${at}[${i}]`));
  }
  if (shown !== null && typeof shown === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return [`${at}: not an object`];
    return Object.entries(shown).flatMap(([key, value]) =>
      key in actual ? jsonDifferences((actual as Record<string, unknown>)[key], value, `${at}.${key}`) : [`${at}.${key}: missing`],
    );
  }
  return Object.is(actual, shown) ? [] : [`${at}: ${JSON.stringify(actual)}, the document shows ${JSON.stringify(shown)}`];
}

/** Whether the output's lines hold the shown lines in order ('…' alone: any lines; a line ending in '…': a prefix). */
function textMatches(actual: string, shown: string): boolean {
  const lines = actual.replace(/^\uFEFF/, '').split('\n').map((l) => l.replace(/\r$/, ''));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  const wanted = shown.replace(/\n$/, '').split('\n');
  const fits = (line: string, want: string) => (want.endsWith(ANY) ? line.startsWith(want.slice(0, -1)) : line === want);
  let at = 0;
  let skip = false;
  for (const want of wanted) {
    if (want === ANY) {
      skip = true;
      continue;
    }
    if (skip) {
      while (at < lines.length && !fits(lines[at]!, want)) at++;
    }
    if (at >= lines.length || !fits(lines[at]!, want)) return false;
    at++;
    skip = false;
  }
  return skip || at === lines.length;
}

const valueAt = (data: unknown, dotted: string) => dotted.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), data);

describe('the walkthrough reader', () => {
  it('finds the steps, answers and kept values of the document', () => {
    const steps = walkthroughSteps(readFileSync(DOC, 'utf8'));
    expect(steps.length).toBeGreaterThanOrEqual(10);
    expect(steps.every((s) => s.command.includes('curl '))).toBe(true);
    expect(steps.flatMap((s) => s.keep.map(([name]) => name))).toEqual(['KEY', 'KEY_ID', 'NEXT']);
  });

  it('the answer rules can fail: a wrong value, a missing field, a wrong prefix, an empty list, a line out of place', () => {
    expect(jsonDifferences({ a: 1, b: [{ c: 'x' }] }, { a: 1, b: [{ c: ANY }] })).toEqual([]);
    expect(jsonDifferences({ a: 2 }, { a: 1 })).toHaveLength(1);
    expect(jsonDifferences({}, { a: ANY })).toEqual(['$.a: missing']);
    expect(jsonDifferences({ s: 'pk_1' }, { s: 'sm_…' })).toHaveLength(1);
    expect(jsonDifferences({ l: [] }, { l: [{ id: ANY }] })).toHaveLength(1);
    expect(jsonDifferences({ l: [{ id: 1 }, {}] }, { l: [{ id: ANY }] })).toEqual(['$.l[1].id: missing']);
    expect(textMatches('\uFEFF"Region"\r\n"Wales",1\r\n', '"Region"\n…\n')).toBe(true);
    expect(textMatches('"Region"\r\n', '"Region"\n…\n')).toBe(true);
    expect(textMatches('"Area"\r\n', '"Region"\n…\n')).toBe(false);
    expect(textMatches('HTTP/1.1 200 OK\r\na: 1\r\nx-limit: 600\r\n\r\n', 'HTTP/1.1 200 OK\n…\nx-limit: 600\n…')).toBe(true);
    expect(textMatches('HTTP/1.1 429 Too Many Requests\r\n', 'HTTP/1.1 200 OK\n…')).toBe(false);
    expect(textMatches('a\nb\n', 'a\n')).toBe(false);
  });

  it('every example on the API reference page is a step of the walkthrough', () => {
    const commands = walkthroughSteps(readFileSync(DOC, 'utf8')).flatMap((s) => s.command.split('\n'));
    for (const example of API_EXAMPLES) expect(commands, example.command).toContain(example.command);
  });
});

describe.each(databaseKinds)('the curl walkthrough of docs/product/developers.md on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  const env: Record<string, string> = { EMAIL: 'walkthrough@example.com', PASSWORD: 'Walk through the API 2026!' };

  beforeAll(async () => {
    t = await createTestApp({ kind });
    const owner = await signedInUser(t, { email: env.EMAIL, name: 'Walker', passwordHash: await hashPassword(env.PASSWORD!) });
    const closing = new Date(t.ctx.clock.now().getTime() + 30 * 86_400_000);
    for (const title of ['Walkthrough tender one', 'Walkthrough tender two', 'Walkthrough tender three']) {
      await insertTender(t.ctx.database.db, { source: 'Solar Manager', type: 'open', title, description: 'Open to all', userId: owner.user.id, closingDate: closing }, []);
    }
    await insertTender(t.ctx.database.db, { source: 'Solar Manager', type: 'private', title: 'walkthrough-private', description: 'invited only', userId: owner.user.id, closingDate: closing }, []);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    env.SITE = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(path.join(os.tmpdir(), 'walkthrough-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs every step with curl and gets the answer the document shows', async () => {
    const steps = walkthroughSteps(readFileSync(DOC, 'utf8'));
    const said: string[] = [];
    for (const [i, step] of steps.entries()) {
      const label = `step ${i + 1}: ${step.command.split('\n')[0]}`;
      const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', step.command], { cwd: dir, env: { ...process.env, no_proxy: '127.0.0.1', NO_PROXY: '127.0.0.1', ...env }, timeout: 30_000 });
      said.push(stdout);
      if (step.answer?.lang === 'json') {
        const answer: unknown = JSON.parse(stdout);
        expect(jsonDifferences(answer, JSON.parse(step.answer.body)), `${label}\n${stdout.slice(0, 500)}`).toEqual([]);
        for (const [name, dotted] of step.keep) {
          const value = valueAt(answer, dotted);
          expect(typeof value, `${label}: keep ${name}=${dotted}`).toBe('string');
          env[name] = value as string;
        }
      } else if (step.answer) {
        expect(textMatches(stdout, step.answer.body), `${label}\n${stdout.slice(0, 800)}`).toBe(true);
      }
    }
    // The walk really ran as a key's account on this server: the private tender never showed, the key was used and is revoked.
    expect(said.join('\n')).toContain('Walkthrough tender one');
    expect(said.join('\n')).not.toContain('walkthrough-private');
    const [key] = await t.ctx.database.query<{ revoked_at: Date | null; last_used_at: Date | null }>('SELECT revoked_at, last_used_at FROM api_keys WHERE id = $1', [env.KEY_ID]);
    expect(key?.revoked_at).toBeTruthy();
    expect(key?.last_used_at).toBeTruthy();
  });
});
