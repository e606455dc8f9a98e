import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..', process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const LIMIT_KB = 170;

/** First-load JS of `/`: the entry chunk, its static imports and the home page's lazy chunk. */
test(`first-load JS of / stays within ${LIMIT_KB} KB gzip`, () => {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean; src?: string }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest)
    .filter(([key, c]) => c.isEntry || key.endsWith('home-page.tsx'))
    .forEach(([key]) => visit(key));
  const bytes = [...files].reduce((sum, f) => sum + gzipSync(readFileSync(path.join(dist, f))).length, 0);
  console.log(`first-load JS of /: ${(bytes / 1024).toFixed(1)} KB gzip in ${files.size} files`);
  expect(bytes / 1024).toBeLessThanOrEqual(LIMIT_KB);
});
