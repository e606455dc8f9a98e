import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { loadServerEntry, pageModuleTags, renderKey } from './render';

describe('the key a rendered page is kept under (decision 0371)', () => {
  it('sorts parameters by name, keeps a list in its order, drops tracking parameters and empty values', () => {
    expect(renderKey('/providers?services=B&page=2&services=A&utm_source=news&fbclid=x&location=')).toBe('/providers?page=2&services=B&services=A');
    expect(renderKey('/providers?page=2&services=B&services=A')).toBe(renderKey('/providers?services=B&services=A&page=2'));
    expect(renderKey('/providers?services=A&services=B')).not.toBe(renderKey('/providers?services=B&services=A'));
    expect(renderKey('/')).toBe('/');
  });
});

describe("a rendered page's own script goes with its HTML (decision 0370)", () => {
  const manifest = {
    'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_core-C.js'], css: ['assets/index-A.css'] },
    '_core-C.js': { file: 'assets/core-C.js' },
    '_card-D.js': { file: 'assets/card-D.js', imports: ['_core-C.js', '_icon-E.js'], css: ['assets/card-D.css'] },
    '_icon-E.js': { file: 'assets/icon-E.js' },
    'src/app/pages/home-page.tsx': { file: 'assets/home-page-B.js', imports: ['_core-C.js', 'index.html', '_card-D.js'] },
  };
  const dist = mkdtempSync(path.join(os.tmpdir(), 'solar-manifest-'));
  mkdirSync(path.join(dist, '.vite'));
  writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("preloads the chunks the page imports that the entry does not, then the page's module, before the entry runs", () => {
    const tags = pageModuleTags(dist)('src/app/pages/home-page.tsx').split(/\n\s*/);
    expect(tags).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/card-D.css">',
      '<link rel="modulepreload" crossorigin href="/assets/card-D.js">',
      '<link rel="modulepreload" crossorigin href="/assets/icon-E.js">',
      '<script type="module" crossorigin src="/assets/home-page-B.js"></script>',
    ]);
  });

  it('adds nothing for a module the manifest does not name, or without a client build', () => {
    expect(pageModuleTags(dist)('src/app/pages/gone-page.tsx')).toBe('');
    expect(pageModuleTags(path.join(dist, 'missing'))('src/app/pages/home-page.tsx')).toBe('');
  });
});

describe("the pages' modules load when the server starts (decision 0584)", () => {
  it("waits for the entry's warm-up before the entry is used, and still loads an entry without one", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'solar-entry-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const app = Fastify();
    const write = (name: string, warm: string) => {
      mkdirSync(path.join(dir, name));
      writeFileSync(
        path.join(dir, name, 'entry-server.js'),
        `export let warmed = false;\nexport const plan = async () => null;\nexport const render = async () => null;\n${warm}`,
      );
      return path.join(dir, name);
    };
    const warmed = await loadServerEntry(app, write('warmed', 'export const warm = () => new Promise((resolve) => setTimeout(() => { warmed = true; resolve(); }, 50));\n'));
    expect((warmed as unknown as { warmed: boolean }).warmed).toBe(true);
    const plain = await loadServerEntry(app, write('plain', ''));
    expect(typeof plain?.render).toBe('function');
    await app.close();
  });
});
