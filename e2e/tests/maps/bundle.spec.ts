import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const dist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../..',
  process.env.WEB_DIST_DIR ?? 'apps/web/dist',
);
type Manifest = Record<
  string,
  { file: string; src?: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

/** The manifest keys a page loads at first: the entry, its static imports, the page's lazy chunk and its static imports. */
function firstLoad(manifest: Manifest, pageSuffix: string): Set<string> {
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (!manifest[key] || keys.has(key)) return;
    keys.add(key);
    manifest[key].imports?.forEach(visit);
  };
  const roots = Object.entries(manifest).filter(([key, c]) => c.isEntry || key.endsWith(pageSuffix));
  expect(roots.some(([key]) => key.endsWith(pageSuffix))).toBe(true);
  roots.forEach(([key]) => visit(key));
  return keys;
}

// Issue 5: MapLibre (and the directory map's clustering) never enter the first load of other pages.
for (const [route, page] of [
  ['/', 'app/pages/home-page.tsx'],
  ['/providers', 'features/providers/pages/providers-page.tsx'],
  ['/providers/{id}', 'features/providers/pages/provider-profile-page.tsx'],
] as const) {
  test(`first-load JS of ${route} holds neither MapLibre nor supercluster`, () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
    const keys = [...firstLoad(manifest, page)];
    expect(keys.filter((k) => /maplibre-gl|supercluster|providers-map-page/.test(k))).toEqual([]);
    for (const key of keys) {
      const code = readFileSync(path.join(dist, manifest[key]!.file), 'utf8');
      // Strings of MapLibre's renderer and of supercluster's API (property names survive minifying).
      expect(
        code.includes('webglcontextlost') || code.includes('getClusterExpansionZoom'),
        `${key} holds map code`,
      ).toBe(false);
    }
  });
}
