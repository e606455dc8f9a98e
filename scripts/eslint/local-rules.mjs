import path from 'node:path';

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Rules of this repository that no installed plugin has (STYLE §2: kebab-case file names). Kept
 * tiny on purpose: a dependency for one check is more to keep than these lines.
 */
export const localRules = {
  rules: {
    'kebab-case-filename': {
      meta: {
        type: 'suggestion',
        docs: { description: 'File names are kebab-case (the part before the first dot).' },
        schema: [],
        messages: { kebab: "File name '{{name}}' is not kebab-case (STYLE §2): use '{{suggestion}}'." },
      },
      create(context) {
        const file = path.basename(context.filename);
        const name = file.split('.')[0] ?? '';
        return {
          Program(node) {
            if (KEBAB.test(name)) return;
            const suggestion = name
              .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
              .replace(/[_\s]+/g, '-')
              .toLowerCase();
            context.report({ node, messageId: 'kebab', data: { name: file, suggestion: file.replace(name, suggestion) } });
          },
        };
      },
    },
  },
};
