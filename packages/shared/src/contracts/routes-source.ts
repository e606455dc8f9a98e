import type { Contract } from './contract';

/**
 * The text of `routes.ts`: one `route()` per contract row, typed by the row, so the browser gets
 * every method and path without the schemas (decision 0343). `routes.test.ts` keeps the file equal
 * to this; `npx vitest run --project shared -u` rewrites it after a contract is added or changed.
 */
export function routesSource(modules: Record<string, Record<string, unknown>>): string {
  const features = Object.keys(modules).sort();
  const lines = [
    '// Generated from the contract rows by routes-source.ts; do not edit by hand.',
    '// After adding or changing a contract: npx vitest run --project shared -u',
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
