import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM, type ParsedDocument } from 'jsdom';
import { repoRoot } from '../../../paths';

let built: string | undefined;

/**
 * The web app's server entry, built once per test process (`vite build --ssr`, about two seconds),
 * so these tests render with the code the server runs in production. It is built inside apps/web,
 * as in production, so its imports resolve from the web app's packages.
 */
export function serverEntryDir(): string {
  if (built) return built;
  const dir = path.join(repoRoot, 'apps/web', `dist-ssr-test-${process.pid}`);
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  const result = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--ssr', 'src/entry-server.tsx', '--outDir', dir, '--emptyOutDir', '--logLevel', 'error'],
    { cwd: path.join(repoRoot, 'apps/web'), env: { ...process.env, NODE_ENV: 'production' }, encoding: 'utf8' },
  );
  if (result.status !== 0 || !existsSync(path.join(dir, 'entry-server.js'))) throw new Error(`server entry build failed:\n${result.stderr}${result.stdout}`);
  built = dir;
  return dir;
}

/** A client folder holding the real index.html (the template the server fills), no built scripts needed. */
export function webShellDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solar-web-'));
  mkdirSync(dir, { recursive: true });
  copyFileSync(path.join(repoRoot, 'apps/web/index.html'), path.join(dir, 'index.html'));
  return dir;
}

/** The page as a crawler without JavaScript reads it. */
export function parseHtml(html: string) {
  const { document } = new JSDOM(html).window;
  const meta = (key: string) =>
    document.querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content') ?? null;
  const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>);
  return {
    document,
    title: document.title,
    description: meta('description'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    robots: meta('robots'),
    meta,
    jsonLd,
    ofType: (type: string) => jsonLd.filter((node) => node['@type'] === type),
    /** Text of the rendered app (what hydrates), not of the head or the data scripts. */
    text: document.getElementById('root')?.textContent ?? '',
    state: JSON.parse(document.getElementById('query-state')?.textContent ?? 'null') as { queries: Array<{ queryKey: unknown[]; state: { status: string } }> } | null,
  };
}

/** An XML document, failing on anything not well-formed (the browser's own parser, through jsdom). */
export function parseXml(text: string): ParsedDocument {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}`);
  return doc;
}
