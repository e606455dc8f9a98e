import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Contract } from './contract';

/** The generated file, beside this one. */
export const routesFile = fileURLToPath(new URL('./routes.ts', import.meta.url));

const NOT_FEATURES = new Set(['index', 'contract', 'common', 'routes', 'routes-source']);

/** Every contract module of this folder, by file name (tests and files that are not features left out). */
export async function contractModules(): Promise<Record<string, Record<string, unknown>>> {
  const names = readdirSync(fileURLToPath(new URL('.', import.meta.url)))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.slice(0, -3))
    .filter((f) => !NOT_FEATURES.has(f));
  const modules: Record<string, Record<string, unknown>> = {};
  for (const name of names) modules[name] = (await import(/* @vite-ignore */ new URL(`./${name}.ts`, import.meta.url).href)) as Record<string, unknown>;
  return modules;
}

/**
 * The text of `routes.ts`: one `route()` per contract row, typed by the row, so the browser gets
 * every method and path without the schemas (decision 0343). `npm run routes` writes it (the build
 * runs it first); `routes.test.ts` fails while the file differs (decision 0504).
 */
export function routesSource(modules: Record<string, Record<string, unknown>>): string {
  const features = Object.keys(modules).sort();
  const lines = [
    '// Generated from the contract rows by routes-source.ts; do not edit by hand.',
    '// After adding or changing a contract: npm run routes (the build runs it too).',
    "import { route } from './contract';",
    ...features.filter((f) => contractsOf(modules[f]!).length > 0).map((f) => `import type * as ${alias(f)} from './${f}';`),
    '',
  ];
  for (const feature of features) {
    for (const [name, c] of contractsOf(modules[feature]!)) {
      lines.push(`export const ${name} = route<typeof ${alias(feature)}.${name}>('${c.method}', '${c.path}');`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A kebab-case file name as an identifier: `tender-lifecycle` → `tenderLifecycle`. */
const alias = (file: string) => file.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());

function contractsOf(module: Record<string, unknown>): Array<[string, Contract]> {
  return Object.entries(module)
    .filter((entry): entry is [string, Contract] => {
      const v = entry[1];
      return typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v;
    })
    .sort(([a], [b]) => a.localeCompare(b));
}
