import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The pages each journey's page has already had scanned, as address, window width and a hash of the
 * DOM: the same unchanged page is not scanned twice in one journey (decision 0595).
 */
const scanned = new WeakMap<Page, Set<string>>();

/** Axe scan of the current page: no serious or critical violation. */
export async function expectAccessible(page: Page) {
  const state = await page.evaluate(() => {
    const html = document.documentElement.outerHTML;
    let hash = 0;
    for (let i = 0; i < html.length; i++) hash = (Math.imul(hash, 31) + html.charCodeAt(i)) | 0;
    return `${location.href} ${window.innerWidth}x${window.innerHeight} ${html.length}:${hash}`;
  });
  const seen = scanned.get(page) ?? new Set<string>();
  scanned.set(page, seen);
  if (seen.has(state)) return;
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  seen.add(state);
}

/** Where screenshots that a person looks at are written (kept out of git). */
export const shot = (name: string) =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/screenshots', `${name}.png`);

/** Whether this run takes the pictures: `npm run test:e2e:shots` sets E2E_SHOTS=1 (decision 0595). */
export const picturesWanted = process.env.E2E_SHOTS === '1';

export interface LookAtOptions {
  fullPage?: boolean;
  clip?: { x: number; y: number; width: number; height: number };
  /** A file a journey's own setting asked for (SCORING_SHOTS, LIFECYCLE_SHOTS): taken whatever E2E_SHOTS says. */
  path?: string;
  /**
   * Milliseconds to let an animation end first (a map's flight, place labels fading in), when the
   * picture is taken: a run without pictures does not wait for what only a picture would show.
   */
  settle?: number;
}

/**
 * A screenshot for a person to look at (test-results/screenshots/<name>.png), of the page or of one
 * part of it. Pictures assert nothing, so the ordinary run (CI's) skips them; `npm run test:e2e:shots`
 * takes them all (decision 0595).
 */
export async function lookAt(target: Page | Locator, name: string, options: LookAtOptions = {}) {
  if (!options.path && !picturesWanted) return;
  const file = options.path ?? shot(name);
  if (options.settle) await ('goto' in target ? target : target.page()).waitForTimeout(options.settle);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: options.fullPage, clip: options.clip });
  else await target.screenshot({ path: file });
}
