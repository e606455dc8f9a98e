#!/usr/bin/env node
// `npm run dev`: the server with reload (tsx watch), serving the web app through Vite in middleware
// mode (WEB_DEV=1, apps/server/src/plugins/dev-web.ts): public pages are rendered on the server as in
// production and hydrated with hot reload, on one port (decision 0430).
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '3000';
const child = spawn('npm', ['run', 'dev', '-w', 'apps/server'], { stdio: 'inherit', env: { ...process.env, PORT: port, WEB_DEV: '1' } });
console.log(`Web app with server rendering and hot reload: http://localhost:${port}`);
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => process.exit(code ?? 0));
