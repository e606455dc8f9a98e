// `npm run routes`: writes packages/shared/src/contracts/routes.ts from the contract rows (decisions
// 0343, 0504). The build runs it first; `routes.test.ts` fails in CI while the committed file is stale.
// `--check` writes nothing and exits 1 when the file differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { contractModules, routesFile, routesSource } from '../src/contracts/routes-source';

const generated = routesSource(await contractModules());
const current = readFileSync(routesFile, 'utf8');
if (current === generated) {
  console.log('routes.ts is up to date');
} else if (process.argv.includes('--check')) {
  console.error('routes.ts is stale: run `npm run routes`');
  process.exit(1);
} else {
  writeFileSync(routesFile, generated);
  console.log('routes.ts written');
}
