import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * Brotli (quality 11) and gzip (level 9) copies of every script, style and SVG, made once at build
 * and sent by the server as they are (@fastify/static `preCompressed`): brotli at its best is
 * about a fifth smaller than gzip at the level the server would compress on the fly, and costs the
 * server nothing per request (decision 0372).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      if (this.environment.name !== 'client') return;
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(file)) continue;
        const full = path.join(options.dir!, file);
        const bytes = readFileSync(full);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${full}.br`,
          brotliCompressSync(bytes, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
          }),
        );
        writeFileSync(`${full}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
// WEB_DIST_DIR (relative to the repo root) lets parallel work build into a folder of its own; the
// server entry goes beside it, never inside the folder served to browsers.
const distDir = process.env.WEB_DIST_DIR ? `../../${process.env.WEB_DIST_DIR}` : 'dist';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/uploads': api },
  },
  build: isSsrBuild
    ? {
        // `vite build --ssr src/entry-server.tsx`: the server's render of public pages (decision 0370).
        outDir: `${distDir}-server`,
        emptyOutDir: true,
        sourcemap: true,
        copyPublicDir: false,
      }
    : {
        outDir: distDir,
        emptyOutDir: true,
        manifest: true,
        sourcemap: false,
        chunkSizeWarningLimit: 1200,
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  // What every page runs (React, the router, the query cache, class names, the API
                  // client) in one file rather than ten: each response also carries ~0.8 KB of
                  // headers (decision 0372).
                  name: 'core',
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|@tanstack[\\/](query-core|react-query)|clsx|tailwind-merge)[\\/]|apps[\\/]web[\\/]src[\\/](lib[\\/](cn|api-client|query-client|session[\\/]get-me)|components[\\/]ui[\\/]toast-store)\.ts$|packages[\\/]shared[\\/]src[\\/](contracts[\\/](routes|contract)|constants[\\/](http|ui|seo))\.ts$/,
                  priority: 2,
                },
                {
                  // The form primitives most pages share: one small file, not seven of under 1 KB (decision 0375).
                  name: 'ui',
                  test: /apps[\\/]web[\\/]src[\\/]components[\\/]ui[\\/](field|input|button|badge|card|label|spinner|select|skeleton)\.tsx$/,
                  priority: 1,
                },
                {
                  // The small helpers the filtered pages and the profile share, each well under 1 KB: one
                  // response rather than ten, each of which carries ~0.3 KB of headers (decision 0540);
                  // the filtered pages' Save search and Export buttons with them.
                  name: 'pages',
                  test: /apps[\\/]web[\\/]src[\\/](lib[\\/](use-query-params|use-debounced|clean-params|quote-path|geo[\\/][a-z-]+)\.ts|components[\\/](past-the-end|collapsible-filters|export[\\/]export-button|save-search[\\/]save-search-button)\.tsx)$|packages[\\/]shared[\\/]src[\\/](domain[\\/]redirect|constants[\\/](services|geo))\.ts$/,
                  priority: 1,
                  minShareCount: 2,
                },
                {
                  // zod's core and classic API as one file, with the contracts' own field helpers every
                  // contract module imports: not five small files beside it (decision 0540).
                  name: 'zod',
                  test: /node_modules[\\/]zod[\\/]v4[\\/](core|classic|locales[\\/]en)[\\/]|packages[\\/]shared[\\/]src[\\/]contracts[\\/](common|fields)\.ts$/,
                  priority: 1,
                },
                {
                  // The tender pages' shared constants and rules, one file rather than five; the board's
                  // address reading with them (decision 0573).
                  name: 'tender-rules',
                  test: /packages[\\/]shared[\\/]src[\\/](constants[\\/](tenders|tender-lifecycle|tender-notices|data-sources)|domain[\\/](tenders|tender-board-address))\.ts$/,
                  priority: 1,
                },
                {
                  name: 'icons',
                  test: /node_modules[\\/]lucide-react[\\/]/,
                  priority: 1,
                  // An icon only one or two pages draw stays with them, so every page does not carry it.
                  minShareCount: 3,
                },
              ],
            },
          },
        },
      },
}));
