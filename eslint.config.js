import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { localRules } from './scripts/eslint/local-rules.mjs';

const serverNeverImportsWeb = { group: ['**/apps/web/**', '@solar/web*'], message: 'The server never imports the web app.' };
const featuresNeverImportEntryPoints = {
  group: ['**/cli/**', '**/bench/**'],
  message: 'Features never import cli/ or bench/: entry points import features, not the reverse.',
};

const root = path.dirname(fileURLToPath(import.meta.url));
const web = 'apps/web/src';
const webFeatures = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web's boundaries (decision 0344), one zone per feature so a new feature is covered as soon as
 * its folder exists: a feature imports no other feature and no app code; components/ and lib/
 * import neither. What several features share lives in lib/ or components/; a page that combines
 * features lives in app/pages/.
 */
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `./${web}/features/${feature}`,
    from: `./${web}/features`,
    except: [`./${feature}`],
    message: `The ${feature} feature imports no other feature: move what both use to lib/ or components/, or combine them in a page in app/pages/ (decision 0344).`,
  })),
  {
    target: `./${web}/features`,
    from: `./${web}/app`,
    message: 'Features never import app/ (pages that combine features live there).',
  },
  {
    target: [`./${web}/components`, `./${web}/lib`],
    from: [`./${web}/features`, `./${web}/app`],
    message: 'components/ and lib/ are shared by every feature, so they import no feature and no app code (decision 0344).',
  },
];

/** Paths of calls live in the contracts; the browser calls through their routes (decision 0343). */
const callsThroughRoutes = [
  {
    selector: 'Literal[value=/^\\/api\\//]',
    message: 'Call the API through its contract route: api.call(route, …) from lib/api-client (decision 0343).',
  },
  {
    selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]',
    message: 'Call the API through its contract route: api.call(route, …) from lib/api-client (decision 0343).',
  },
];

/**
 * A form field's label, hint, count and message are tied to its control once, by `Field`
 * (decisions 0505, 0590): no hand-written `aria-describedby` or `aria-invalid`, as an attribute or
 * a property, outside components/ui/field.tsx. What is not a form field (a disabled button and its
 * reason, a chart and its summary) says why in the disable comment.
 */
const fieldWiringMessage =
  "Wire a form field with Field: <Field id label hint error>{(control) => <Input {...control} />}</Field> (decision 0590). Not a form field? Disable this line and say why.";
const fieldsWiredByField = [
  { selector: 'JSXAttribute[name.name=/^aria-(describedby|invalid)$/]', message: fieldWiringMessage },
  { selector: 'Property[key.value=/^aria-(describedby|invalid)$/]', message: fieldWiringMessage },
];

/**
 * Services keep rules, permissions and transactions; queries live in the repositories (decision 0348).
 * Row types come from db/rows.ts or the repository.
 */
const servicesHoldNoQueries = {
  group: ['drizzle-orm', 'drizzle-orm/**', '**/db/schema', '**/db/schema/**'],
  message: 'A service holds no queries: put them in the feature repository (functions taking a database or a transaction); row types come from db/rows.',
};
const QUERY_METHODS = '/^(query|exec|execute|select|selectDistinct|insert|update|delete)$/';
const noQueryMessage = 'A service runs no SQL: call a repository function and pass it the database or the transaction (decision 0348).';
/** SQL run through a database handle without importing drizzle: `ctx.database.query(…)`, `ctx.database.db.select()`, `tx.insert(…)`. */
const queriesInServices = [
  { selector: `CallExpression[callee.property.name=${QUERY_METHODS}][callee.object.property.name=/^(db|database)$/]`, message: noQueryMessage },
  { selector: `CallExpression[callee.property.name=${QUERY_METHODS}][callee.object.name=/^(db|tx|database)$/]`, message: noQueryMessage },
];

/**
 * Dependencies point one way (docs/style.md#7-dependencies-point-one-way): shared → features → app. The web never imports the
 * server; shared imports neither; a feature never reaches into another feature's folders.
 */
export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-*/**', '**/node_modules/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    languageOptions: { globals: { console: 'readonly', process: 'readonly', window: 'readonly', document: 'readonly' } },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-undef': 'off',
      // Refusing control characters in input is deliberate (docs/security.md#input-output-uploads: CR/LF in mail headers).
      'no-control-regex': 'off',
    },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/ignore': ['node_modules'],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['packages/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@solar/server*', '@solar/web*'], message: 'shared imports no app code' }] }],
    },
  },
  {
    files: ['apps/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@solar/server*'], message: 'The web never imports the server.' },
          ],
          paths: [
            { name: 'lucide-react', message: 'Icons come from components/ui/icons (decision 0623).' },
            { name: 'react-router', importNames: ['Link'], message: 'Links come from components/ui/link (decision 0623).' },
          ],
        },
      ],
    },
  },
  {
    // The modules that wrap lucide's icons and React Router's link, and their tests against the originals (decision 0623).
    files: ['apps/web/src/components/ui/{icons,link}.tsx', 'apps/web/src/components/ui/{icons,link}.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/server/**', '@solar/server*'], message: 'The web never imports the server.' }] },
      ],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    rules: {
      'import/no-restricted-paths': ['error', { basePath: root, zones: webZones }],
    },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${web}/test/**`],
    rules: {
      'no-restricted-syntax': ['error', ...callsThroughRoutes, ...fieldsWiredByField],
    },
  },
  {
    // The one module that writes a control's description and invalid mark (decision 0590).
    files: [`${web}/components/ui/field.tsx`],
    rules: { 'no-restricted-syntax': ['error', ...callsThroughRoutes] },
  },
  {
    // Type-aware, so only where a promise left floating is a bug users meet: the web app's code
    // (tests are left out to keep the lint fast; a floating promise there fails the test itself).
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${web}/test/**`],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['apps/server/src/features/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb, featuresNeverImportEntryPoints] }] },
  },
  {
    // A feature's tests may drive its benchmark scenario (bench/ is never bundled; tests are not either).
    files: ['apps/server/src/features/**/*.test.ts', 'apps/server/src/features/*/test/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb] }] },
  },
  {
    // Repeats the features' patterns: a later block's options replace an earlier block's for the same rule.
    files: ['apps/server/src/features/**/*.service.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [serverNeverImportsWeb, featuresNeverImportEntryPoints, servicesHoldNoQueries] }],
      'no-restricted-syntax': ['error', ...queriesInServices],
    },
  },
  {
    files: ['apps/server/src/platform/**', 'apps/server/src/plugins/**', 'apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverNeverImportsWeb,
            { group: ['**/features/**'], message: 'platform/, plugins/ and db/ are beneath the features: they never import one.' },
          ],
        },
      ],
    },
  },
  {
    // Kebab-case file and folder names in every workspace (docs/style.md#2-names-say-what-a-thing-is).
    files: ['apps/**/*.{ts,tsx,js,mjs}', 'packages/**/*.{ts,tsx,js,mjs}', 'e2e/**/*.{ts,js,mjs}', 'scripts/**/*.{ts,js,mjs}'],
    plugins: { local: localRules },
    rules: { 'local/kebab-case-file-names': 'error' },
  },
  {
    // Type-aware, server only (the web's type information would double the lint time): a promise
    // nobody awaits loses its error, or outlives the request or transaction that started it.
    files: ['apps/server/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
