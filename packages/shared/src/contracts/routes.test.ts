import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contracts } from './index';
import * as routes from './routes';
import { contractModules, routesFile, routesSource } from './routes-source';

describe('the route table the browser calls through (decisions 0343, 0504)', () => {
  it('is the one generated from the contract rows (run `npm run routes` after a change)', async () => {
    const generated = routesSource(await contractModules());
    expect(readFileSync(routesFile, 'utf8') === generated, 'routes.ts is stale: run `npm run routes`').toBe(true);
  });

  it('has every contract row with its method and path, and nothing else', () => {
    const table = Object.fromEntries(Object.entries(routes).map(([name, r]) => [name, `${r.method} ${r.path}`]));
    expect(table).toEqual(Object.fromEntries(Object.entries(contracts).map(([name, c]) => [name, `${c.method} ${c.path}`])));
  });
});
