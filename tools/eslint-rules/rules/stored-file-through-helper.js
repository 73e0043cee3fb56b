// A stored file (export, snapshot, upload, evidence) reaches an HTTP answer only through
// sendStoredFile (libs/service-kit/src/stored-file.ts): it stats first, names the file safely,
// handles stream errors and answers the endpoint's not-found envelope. Streaming by hand skips that.
const { filePathOf, isOneOf } = require('./file-path');

const DEFAULT_ALLOW = [
  'libs/service-kit/src/stored-file.ts',
  // The console bundle, not a stored file.
  'services/api/src/console-assets.ts',
];
const RESPONSE_NAMES = /^(res|response|reply)$/;
const FS_MODULES = new Set(['fs', 'node:fs', 'fs/promises', 'node:fs/promises']);

const nameOf = (node) => (node?.type === 'Identifier' ? node.name : node?.type === 'MemberExpression' && !node.computed ? node.property.name : undefined);

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Stored files are served only through sendStoredFile' },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: { byHand: '{{what}}: serve a stored file with sendStoredFile (@openfleet/service-kit).' },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? DEFAULT_ALLOW;
    if (isOneOf(filePathOf(context), allow)) return {};
    const report = (node, what) => context.report({ node, messageId: 'byHand', data: { what } });
    return {
      ImportDeclaration(node) {
        if (!FS_MODULES.has(node.source.value)) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier' && (specifier.imported.name ?? specifier.imported.value) === 'createReadStream') report(specifier, 'createReadStream');
        }
      },
      CallExpression(node) {
        if (node.callee.type !== 'MemberExpression' || node.callee.computed) return;
        const method = node.callee.property.name;
        if (method === 'createReadStream') return report(node, 'createReadStream');
        if (method === 'pipe' && RESPONSE_NAMES.test(nameOf(node.arguments[0]) ?? '')) return report(node, '.pipe(response)');
        if ((method === 'sendFile' || method === 'download') && RESPONSE_NAMES.test(nameOf(node.callee.object) ?? '')) report(node, `response.${method}`);
      },
    };
  },
};
