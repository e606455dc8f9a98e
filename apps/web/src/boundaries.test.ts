import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });
/**
 * The same config without its one type-aware rule, so no TypeScript program is built: that build
 * was most of this file's time (decision 0605). `npm run lint` runs the whole config.
 */
const typeAware = new Set(['@typescript-eslint/no-floating-promises']);
const syntaxOnly = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => !typeAware.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

/** The rule ids and messages, but for the type-aware rule, that the repository's lint config reports for `code` at `file`. */
async function lint(file: string, code: string) {
  const [result] = await syntaxOnly.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('web boundaries are enforced by lint (decision 0344)', () => {
  it('a feature importing another feature fails', async () => {
    const messages = await lint(
      'apps/web/src/features/assets/components/asset-detail.tsx',
      "import { useProvider } from '../../providers/api/get-provider';\nexport const use = useProvider;\n",
    );
    expect(messages).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*The assets feature imports no other feature/)]);
  });

  it.each([
    ['components/', 'apps/web/src/components/provider-card.tsx', "import { useAsset } from '../features/assets/api/get-asset';"],
    ['lib/', 'apps/web/src/lib/provider-list.ts', "import { useAsset } from '../features/assets/api/get-asset';"],
    ['components/ (from app/)', 'apps/web/src/components/require-auth.tsx', "import { routes } from '../app/routes';"],
  ])('%s importing a feature or app code fails', async (_label, file, line) => {
    const messages = await lint(file, `${line}\nexport const use = [${line.match(/\{ (\w+) \}/)![1]}];\n`);
    expect(messages).toEqual([expect.stringMatching(/^import\/no-restricted-paths: .*components\/ and lib\/ are shared by every feature/)]);
  });

  it("a hand-typed '/api/' path outside the contracts fails", async () => {
    const messages = await lint(
      'apps/web/src/features/assets/api/get-asset.ts',
      "export const a = '/api/assets/1';\nexport const b = (id: string) => `/api/assets/${id}`;\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Call the API through its contract route/),
      expect.stringMatching(/^no-restricted-syntax: Call the API through its contract route/),
    ]);
  });

  it('a file name that is not kebab-case fails', async () => {
    expect(await lint('apps/web/src/components/ProviderCard.test.tsx', 'export {};\n')).toEqual([
      expect.stringMatching(/^local\/kebab-case-file-names: 'ProviderCard.test.tsx' is not kebab-case .*'provider-card.test.tsx'/),
    ]);
  });

  it('the same rule covers folders and the other workspaces', async () => {
    expect(await lint('packages/shared/src/Shared_Constants/ok-name.ts', 'export {};\n')).toEqual([
      expect.stringMatching(/^local\/kebab-case-file-names: 'Shared_Constants' is not kebab-case .*'shared-constants'/),
    ]);
  });

  it('a floating promise in the web app fails: the rule is on, with type information, for its code but not its tests', async () => {
    const app = await eslint.calculateConfigForFile(path.join(root, 'apps/web/src/lib/provider-list.ts'));
    expect(app.rules['@typescript-eslint/no-floating-promises']).toEqual([2]);
    expect(app.languageOptions.parserOptions.projectService).toBe(true);
    const test = await eslint.calculateConfigForFile(path.join(root, 'apps/web/src/lib/provider-list.test.ts'));
    expect(test.rules['@typescript-eslint/no-floating-promises']).toBeUndefined();
  });

  it('the files as they are pass: imports within a feature and from lib/ and components/ are allowed', async () => {
    for (const file of ['apps/web/src/features/assets/components/asset-detail.tsx', 'apps/web/src/components/provider-card.tsx']) {
      expect(await lint(file, readFileSync(path.join(root, file), 'utf8'))).toEqual([]);
    }
  });
});
