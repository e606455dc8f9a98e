import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contracts } from './index';
import * as routes from './routes';
import { routesSource } from './routes-source';

const dir = fileURLToPath(new URL('.', import.meta.url));
const NOT_FEATURES = new Set(['index', 'contract', 'common', 'routes', 'routes-source']);

async function contractModules() {
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .filter((f) => !NOT_FEATURES.has(f));
  const modules: Record<string, Record<string, unknown>> = {};
  for (const name of names) modules[name] = (await import(/* @vite-ignore */ new URL(`./${name}.ts`, import.meta.url).href)) as Record<string, unknown>;
  return modules;
}

describe('the route table the browser calls through (decision 0343)', () => {
  it('is generated from the contract rows (run `npx vitest run --project shared -u` after a change)', async () => {
    await expect(routesSource(await contractModules())).toMatchFileSnapshot('./routes.ts');
  });

  it('has every contract row with its method and path, and nothing else', () => {
    const table = Object.fromEntries(Object.entries(routes).map(([name, r]) => [name, `${r.method} ${r.path}`]));
    expect(table).toEqual(Object.fromEntries(Object.entries(contracts).map(([name, c]) => [name, `${c.method} ${c.path}`])));
  });
});
