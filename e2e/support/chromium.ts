import { existsSync } from 'node:fs';

/**
 * Debian's Chromium, as its headless shell when that is installed (Debian's
 * `chromium-headless-shell`, the same Blink and V8 without the browser's windowing layer; the one
 * Playwright itself runs headless by default). It needs less CPU per journey than the full browser
 * in headless mode (decision 0639). `E2E_CHROMIUM` names another executable.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const chromiumExecutable = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** The flags this closed network needs (no background connections). */
export const chromiumLaunch = {
  executablePath: chromiumExecutable,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
  ],
};
