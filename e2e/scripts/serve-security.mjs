#!/usr/bin/env node
// The server for the XSS corpus run (npm run test:security): the seeded e2e snapshot, plus an OCDS
// notice and an answer service whose text is the hostile corpus. The answer service is a local
// fake on 127.0.0.1 (ISSUE 11: optional integrations are tested against a local fake).
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { XSS_CORPUS, XSS_MARKER } from '../tests/security/corpus.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = process.env.E2E_PORT ?? '3210';
const answerPort = Number(process.env.XSS_ANSWER_PORT ?? 3402);
const snapshot = path.join(root, `.tmp/e2e-snapshot-${port}`);
const dataDir = path.join(root, `.tmp/e2e-data-${port}`);
const server = path.join(root, 'apps/server', process.env.SERVER_DIST_DIR ?? 'dist', 'server.js');
const env = {
  ...process.env,
  NODE_ENV: 'production',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${port}`,
  ADMIN_EMAIL: 'admin.e2e@example.com',
  ADMIN_PASSWORD: 'AdminE2e2026!',
  PARTS_ANSWER_URL: `http://127.0.0.1:${answerPort}/v1/chat/completions`,
};
delete env.DATABASE_URL;

if (!existsSync(path.join(snapshot, 'pgdata'))) {
  rmSync(snapshot, { recursive: true, force: true });
  execFileSync(process.execPath, [server, '--seed-only'], { env: { ...env, DATA_DIR: snapshot }, stdio: 'inherit' });
}
rmSync(dataDir, { recursive: true, force: true });
cpSync(snapshot, dataDir, { recursive: true });

// One imported OCDS notice whose every text field is hostile.
const hostile = XSS_CORPUS.join(' ');
const release = {
  ocid: 'ocds-xss-corpus-0001',
  id: 'ocds-xss-corpus-0001-1',
  date: new Date().toISOString(),
  tag: ['tender'],
  initiationType: 'tender',
  tender: {
    id: 'XSS-1',
    title: `Solar PV maintenance ${XSS_MARKER} OCDS <img src=x onerror=alert(1)>`,
    description: `Solar photovoltaic panels. ${hostile}`,
    status: 'active',
    classification: { scheme: 'CPV', id: '09331200', description: 'Solar photovoltaic modules <script>alert(1)</script>' },
    items: [{ id: '1', deliveryAddresses: [{ region: 'England <svg onload=alert(1)>', countryName: 'United Kingdom' }] }],
    value: { amount: 250000, currency: 'GBP' },
    tenderPeriod: { endDate: new Date(Date.now() + 30 * 86_400_000).toISOString() },
    documents: [{ id: 'd1', url: 'javascript:alert(1)', title: 'Spec <img src=x onerror=alert(1)>' }],
  },
  parties: [
    {
      id: 'GB-XSS-1',
      name: `Hostile Council ${XSS_MARKER} <img src=x onerror=alert(1)>`,
      contactPoint: { email: 'javascript:alert(1)', url: 'javascript:alert(1)' },
      details: { url: 'javascript:alert(1)' },
      roles: ['buyer'],
    },
  ],
  buyer: { id: 'GB-XSS-1', name: `Hostile Council ${XSS_MARKER} <img src=x onerror=alert(1)>` },
};
mkdirSync(path.join(root, '.tmp'), { recursive: true });
const ocdsFile = path.join(root, `.tmp/xss-ocds-${port}.json`);
writeFileSync(ocdsFile, JSON.stringify({ uri: 'x', version: '1.1', publishedDate: new Date().toISOString(), releases: [release] }));
execFileSync('npx', ['tsx', 'apps/server/src/cli/import-ocds.ts', ocdsFile], { cwd: root, env: { ...env, DATA_DIR: dataDir }, stdio: 'inherit' });

// The fake answer service: answers every question with the corpus as markdown, citing [1].
const answers = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const content = [`## Answer ${XSS_MARKER} [1]`, '', ...XSS_CORPUS.map((p) => `- ${p}`), '', XSS_CORPUS.join('\n\n')].join('\n');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
  });
});
answers.listen(answerPort, '127.0.0.1');

const child = spawn(process.execPath, [server], { env: { ...env, DATA_DIR: dataDir }, stdio: 'inherit' });
// Forwarded; a server that has not exited 15 s later is killed, so it never outlives the run.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    child.kill(signal);
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}
child.on('exit', (code) => {
  answers.close();
  process.exit(code ?? 0);
});
