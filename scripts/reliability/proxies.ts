import { spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PORT, tmp } from './config';
import { writeNginxConfig } from './nginx-config';
import { follow, type Process } from './servers';

/** A Debian package's program, installed with apt-get when missing (as root). */
export function debianBinary(pkg: string, program = pkg): string {
  const have = () => spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).stdout.trim();
  if (have()) return have();
  if (process.getuid?.() !== 0) throw new Error(`${program} is missing: install the Debian package ${pkg} (this script installs it only when run as root)`);
  console.log(`${program} missing: installing the Debian package ${pkg}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', pkg], { env, stdio: 'inherit', timeout: 5 * 60_000 });
  if (install().status !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'inherit', timeout: 5 * 60_000 });
    if (install().status !== 0) throw new Error(`apt-get install ${pkg} failed`);
  }
  return have();
}

/**
 * nginx on `base` with the checked-in cache configuration (deploy/nginx/solar-cache.conf, decision
 * 0430) in front of `upstream` (HAProxy): visitors' public reads are answered from its cache within
 * the stated bound; everything else goes through.
 */
export function startCache(upstream: number): Process {
  const dir = path.join(tmp, 'nginx');
  rmSync(dir, { recursive: true, force: true });
  const main = writeNginxConfig(dir, {
    listen: PORT,
    upstream,
    workerConnections: 1024,
    // A connection to HAProxy per request, as the clients below open one (decision 0383): a request
    // the killed process had is then answered 502 by HAProxy, which logs the server, where on a
    // reused connection HAProxy closes it without an answer or a log line and nginx answers the 502.
    // The client sees the same 502 either way; only its attribution to the killed process needs this.
    editSite: (site) => {
      const text = site.replace(/^\s*keepalive \d+;\n/m, '');
      if (text.split('\n').some((line) => !line.trim().startsWith('#') && /__[A-Z_]+__|keepalive/.test(line))) throw new Error('deploy/nginx/solar-cache.conf: a placeholder or the upstream keepalive line was not replaced');
      return text;
    },
  });
  return follow(spawn(debianBinary('nginx'), ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', main], { stdio: 'ignore' }));
}

/**
 * HAProxy on `frontend` in front of the given ports: round robin, health checks on readiness every
 * 250 ms (down after 2 failures), and a request that cannot connect to a backend is sent to the
 * other one (retries with redispatch: safe for writes, as nothing was delivered).
 */
export function startBalancer(frontend: number, ports: number[]): Process {
  const cfg = path.join(tmp, 'haproxy.cfg');
  writeFileSync(
    cfg,
    [
      'global',
      '  maxconn 512',
      '  log stderr format raw local0',
      'defaults',
      '  mode http',
      '  log global',
      '  timeout connect 1s',
      '  timeout client 30s',
      '  timeout server 30s',
      '  retries 3',
      '  option redispatch 1',
      // Appends the client's address to X-Forwarded-For; the servers trust only this hop (decision 0420).
      '  option forwardfor',
      'frontend web',
      `  bind 127.0.0.1:${frontend}`,
      // One line per request: the client's request id, the server that answered (or failed), status, termination state.
      '  http-request capture req.hdr(x-request-id) len 40',
      '  log-format "req %[capture.req.hdr(0)] %s %ST %tsc"',
      '  default_backend app',
      'backend app',
      '  balance roundrobin',
      '  option httpchk GET /api/health/ready',
      '  http-check expect status 200',
      // A refused connection (a killed process) fails a check at once; a process that is alive but
      // slow on a loaded machine gets 2 s before a check fails (the default is `inter`, 250 ms, which
      // took both processes out of rotation at a load average of 27).
      '  timeout check 2s',
      '  default-server inter 250 fall 2 rise 2',
      ...ports.map((port, i) => `  server app${i + 1} 127.0.0.1:${port} check`),
      '',
    ].join('\n'),
  );
  return follow(spawn(debianBinary('haproxy'), ['-f', cfg, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] }));
}

/** One request from a given loopback source address (a client of its own), answered as { status, json }. */
export function requestFrom(
  localAddress: string,
  method: string,
  url: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; json: unknown }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, localAddress, agent: false, headers: { ...(payload && { 'content-type': 'application/json' }), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? (JSON.parse(text) as unknown) : null }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}
