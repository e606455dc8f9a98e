import path from 'node:path';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `ProviderCard` → `provider-card`, `seed_data` → `seed-data`. */
const toKebab = (name) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();

/**
 * `local/kebab-case-file-names` (docs/style.md#2-names-say-what-a-thing-is): every folder and file
 * name under the project root is kebab-case, dots separating role suffixes and extensions
 * (`asset-providers.service.ts`, `provider-card.test.tsx`, `autocannon.d.ts`). One rule for every
 * workspace; a local rule rather than a plugin, as a dependency for one regular expression is more
 * to keep than these lines (decisions 0344, 0347).
 */
const kebabCaseFileNames = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File and folder names are kebab-case; dots separate role suffixes and extensions.' },
    schema: [],
    messages: { notKebab: "'{{name}}' is not kebab-case (docs/style.md#2-names-say-what-a-thing-is): use '{{suggestion}}'." },
  },
  create(context) {
    const relative = path.relative(context.cwd, context.physicalFilename);
    // Only files inside the project, named relative to its root.
    if (relative.startsWith('..') || path.isAbsolute(relative)) return {};
    const segments = relative.split(path.sep);
    const file = segments.pop() ?? '';
    const bad = [
      ...segments.filter((folder) => !KEBAB.test(folder)),
      ...(file.split('.').every((part) => KEBAB.test(part)) ? [] : [file]),
    ];
    return {
      Program(node) {
        for (const name of bad) {
          const suggestion = name.split('.').map(toKebab).join('.');
          context.report({ node, messageId: 'notKebab', data: { name, suggestion } });
        }
      },
    };
  },
};

/** Rules of this repository that no installed plugin has. */
export const localRules = {
  meta: { name: 'solar-local-rules' },
  rules: { 'kebab-case-file-names': kebabCaseFileNames },
};
