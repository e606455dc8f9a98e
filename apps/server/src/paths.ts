import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server workspace (apps/server), found from this file whether it runs from src or dist. */
export const serverRoot = (() => {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) || path.basename(dir).startsWith('dist')) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('apps/server not found');
    dir = parent;
  }
  return dir;
})();

export const repoRoot = path.resolve(serverRoot, '../..');
/** WEB_DIST_DIR lets parallel work build the web app into a folder of its own. */
export const webDistDir = path.resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
/** The web app's server entry, built beside its client folder (`dist` → `dist-server`, decision 0370). */
export const webServerEntryDir = (distDir: string) => `${distDir.replace(/[\\/]$/, '')}-server`;
export const migrationsDir = path.join(serverRoot, 'src/db/migrations');
/** Bundled open data copied into the repo (each folder has its source note). */
export const dataDir = path.join(repoRoot, 'data');
