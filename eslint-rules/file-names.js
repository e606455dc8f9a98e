import path from 'node:path';

/**
 * `local/kebab-case-file-names` (STYLE §2 "kebab-case files"): every folder and file name under the
 * linted workspace is kebab-case; dots separate role suffixes and extensions
 * (`asset-providers.service.ts`, `autocannon.d.ts`). A local rule rather than a plugin: no
 * dependency for one regular expression (docs/decisions/0347).
 */
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const kebabCaseFileNames = {
  meta: {
    type: 'suggestion',
    docs: { description: 'File and folder names are kebab-case; dots separate role suffixes and extensions.' },
    schema: [],
    messages: { notKebab: "'{{name}}' is not kebab-case (STYLE §2), e.g. 'asset-providers.service.ts'." },
  },
  create(context) {
    const relative = path.relative(context.cwd, context.physicalFilename);
    // Only files inside the project, named relative to its root.
    if (relative.startsWith('..') || path.isAbsolute(relative)) return {};
    const segments = relative.split(path.sep);
    const file = segments.pop();
    const bad = [...segments.filter((folder) => !KEBAB.test(folder)), ...(file.split('.').every((part) => KEBAB.test(part)) ? [] : [file])];
    return {
      Program(node) {
        for (const name of bad) context.report({ node, messageId: 'notKebab', data: { name } });
      },
    };
  },
};

export default {
  meta: { name: 'solar-local-rules' },
  rules: { 'kebab-case-file-names': kebabCaseFileNames },
};
