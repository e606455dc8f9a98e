import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const site = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/nginx/solar-cache.conf');

/**
 * nginx's configuration for a run in `dir`: the checked-in cache site (deploy/nginx/solar-cache.conf,
 * decision 0430) listening on `listen` in front of `upstream`, its cache, temporary files, pid and
 * log inside `dir`. Used by the reliability suite and `apps/server/test/http-cache-proxy.test.ts`.
 * `editSite` changes the site's text after its placeholders are filled. Returns the main file's path.
 */
export function writeNginxConfig(
  dir: string,
  { listen, upstream, workerConnections, editSite = (text) => text }: { listen: number; upstream: number; workerConnections: number; editSite?: (text: string) => string },
): string {
  for (const sub of ['cache', 'temp']) mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o777 });
  const text = editSite(
    readFileSync(site, 'utf8')
      .replace(/^(\s*listen )__LISTEN__;/m, `$1127.0.0.1:${listen};`)
      .replace(/^(\s*)__UPSTREAM__/m, `$1server 127.0.0.1:${upstream};`)
      .replace(/^proxy_cache_path __CACHE_DIR__/m, `proxy_cache_path ${path.join(dir, 'cache')}`),
  );
  writeFileSync(path.join(dir, 'solar-cache.conf'), text);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  const main = path.join(dir, 'nginx.conf');
  writeFileSync(
    main,
    [
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      `events { worker_connections ${workerConnections}; }`,
      `http { access_log off; ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')} include ${path.join(dir, 'solar-cache.conf')}; }`,
    ].join('\n'),
  );
  return main;
}
