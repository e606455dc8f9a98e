#!/usr/bin/env node
// npm run lighthouse: Lighthouse 12 performance of the four most visited public pages (home, the
// directory, a provider profile, the tender board), desktop preset and mobile default, with the
// JavaScript each page transferred (bytes on the wire, headers included, from Chromium's network
// log), against the built server on a seeded copy (e2e/scripts/serve.mjs) on 127.0.0.1, with
// Debian's Chromium. Builds first if the build is missing. Traffic stays on loopback; Chromium's
// background connections are switched off. Exit code 1 if a score is under LIGHTHOUSE_MIN
// (default 0: report only). LIGHTHOUSE_PAGES (comma-separated paths) and LIGHTHOUSE_PRESETS
// (desktop,mobile) narrow a run; LIGHTHOUSE_JSON writes the figures to a file.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Lighthouse is installed on first use into .tmp/lighthouse, not into the project's lock file: its
// dependency @paulirish/trace_engine asks for `latest` of two packages, so a locked version goes
// stale and `npm ci` refuses the lock file as soon as a new one is published.
const LIGHTHOUSE_VERSION = '12.8.2';
const toolDir = path.join(root, '.tmp/lighthouse');
if (!existsSync(path.join(toolDir, 'node_modules/lighthouse/package.json'))) {
  console.log(`Installing lighthouse@${LIGHTHOUSE_VERSION} into .tmp/lighthouse (once)...`);
  const install = spawnSync('npm', ['install', '--prefix', toolDir, '--no-save', '--no-audit', '--no-fund', `lighthouse@${LIGHTHOUSE_VERSION}`], { stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
const requireTool = createRequire(path.join(toolDir, 'package.json'));
const load = async (specifier) => import(pathToFileURL(requireTool.resolve(specifier)).href);
const chromeLauncher = await load('chrome-launcher');
const lighthouse = (await load('lighthouse')).default;
const desktopConfig = (await load('lighthouse/core/config/desktop-config.js')).default;
const port = process.env.E2E_PORT ?? '3461';
const dist = { WEB_DIST_DIR: process.env.WEB_DIST_DIR ?? 'apps/web/dist-lh', SERVER_DIST_DIR: process.env.SERVER_DIST_DIR ?? 'dist-lh' };
// The profile: a real REPD operator with a position, so its map card is on the page.
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/,/providers,/providers/anesco,/explore-tenders').split(',');
const presets = (process.env.LIGHTHOUSE_PRESETS ?? 'desktop,mobile').split(',');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const min = Number(process.env.LIGHTHOUSE_MIN ?? 0);
const base = `http://localhost:${port}`;

if (!existsSync(path.join(root, 'apps/server', dist.SERVER_DIST_DIR, 'server.js')) || !existsSync(path.join(root, dist.WEB_DIST_DIR, 'index.html'))) {
  console.log(`building into ${dist.WEB_DIST_DIR} and apps/server/${dist.SERVER_DIST_DIR} …`);
  const build = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, env: { ...process.env, ...dist }, stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);
}

const server = spawn(process.execPath, ['e2e/scripts/serve.mjs'], {
  cwd: root,
  env: { ...process.env, ...dist, E2E_PORT: port, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
const stop = async () => {
  await chrome?.kill();
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('SIGINT', () => void stop().then(() => process.exit(130)));

try {
  const readyBy = Date.now() + 240_000;
  for (;;) {
    const ok = await fetch(`${base}/api/health/ready`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > readyBy || server.exitCode !== null) throw new Error('the server did not become ready');
    await new Promise((r) => setTimeout(r, 500));
  }

  chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] };
  const results = [];
  let version = '';
  for (const preset of presets) {
    // Desktop: Lighthouse's desktop preset. Mobile: its default (a mid-range phone, simulated slow 4G and 4x CPU).
    const config = preset === 'desktop' ? desktopConfig : undefined;
    for (const page of pages) {
      const scores = [];
      let metrics = {};
      let shifts = [];
      let js = { bytes: 0, requests: 0 };
      for (let i = 0; i < runs; i++) {
        // A run can fail to record its trace on a busy machine (NO_NAVSTART): retry it, twice at most.
        let result;
        for (let attempt = 1; ; attempt++) {
          result = await lighthouse(`${base}${page}`, flags, config);
          if (!result.lhr.runtimeError || attempt === 3) break;
          console.log(`  ${page}: ${result.lhr.runtimeError.code}, retrying`);
        }
        const lhr = result.lhr;
        version = `${lhr.lighthouseVersion}, ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}`;
        if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        scores.push(Math.round(lhr.categories.performance.score * 100));
        const a = lhr.audits;
        metrics = {
          FCP: a['first-contentful-paint'].displayValue,
          LCP: a['largest-contentful-paint'].displayValue,
          TBT: a['total-blocking-time'].displayValue,
          CLS: a['cumulative-layout-shift'].displayValue,
          SI: a['speed-index'].displayValue,
        };
        // transferSize is Chromium's encodedDataLength: the body as sent plus the response headers.
        const scripts = (a['network-requests']?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
        js = { bytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0), requests: scripts.length };
        // Name what shifts, so a low CLS can be traced to its element.
        shifts = (a['layout-shifts']?.details?.items ?? []).slice(0, 3).map((item) => `${item.score?.toFixed(3)} ${item.node?.selector ?? item.node?.snippet ?? '?'}`);
      }
      const median = [...scores].sort((x, y) => x - y)[Math.floor(scores.length / 2)];
      results.push({ preset, page, median, scores, metrics, js });
      const jsText = `JS ${(js.bytes / 1024).toFixed(1)} KB in ${js.requests} requests`;
      console.log(`${preset.padEnd(8)}${page.padEnd(24)} performance ${median} (runs ${scores.join(', ')}; ${jsText}; last run: ${Object.entries(metrics).map(([k, v]) => `${k} ${v}`).join(', ')})`);
      if (shifts.length) console.log(`  layout shifts: ${shifts.join(' | ')}`);
    }
  }
  console.log(`Lighthouse ${version} (/usr/bin/chromium), ${presets.join(' and ')}, performance only, ${runs} runs a page (median shown), ${new Date().toISOString()}`);
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, `${JSON.stringify({ version, runs, at: new Date().toISOString(), results }, null, 2)}\n`);
  await stop();
  process.exit(results.every((r) => r.median >= min) ? 0 : 1);
} catch (err) {
  console.error(err);
  await stop();
  process.exit(1);
}
