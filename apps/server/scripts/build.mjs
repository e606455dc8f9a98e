// Bundles the server (and the shared workspace it imports) into dist/; npm packages stay external.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@solar/'));

await build({
  entryPoints: {
    server: 'src/server.ts',
    'cli/migrate': 'src/cli/migrate.ts',
    'cli/outbox': 'src/cli/outbox.ts',
  },
  // SERVER_DIST_DIR (a folder inside apps/server whose name starts with dist) allows parallel builds.
  outdir: process.env.SERVER_DIST_DIR ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // vite: loaded only by `npm run dev` (plugins/dev-web.ts), never bundled.
  external: [...external, 'smtp-server', 'autocannon', 'vite'],
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});
console.log(`server built into apps/server/${process.env.SERVER_DIST_DIR ?? 'dist'}`);
