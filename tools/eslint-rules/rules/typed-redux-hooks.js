// The console reads and writes the store through the typed hooks of console/src/app/hooks.ts
// (useAppSelector, useAppDispatch): raw react-redux hooks lose RootState and the thunk dispatch type.
const { filePathOf, isOneOf } = require('./file-path');

const RAW_HOOKS = { useSelector: 'useAppSelector', useDispatch: 'useAppDispatch', useStore: 'useAppStore' };
const HOOKS_FILE = ['console/src/app/hooks.ts'];

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'Only the typed redux hooks of console/src/app/hooks.ts' },
    schema: [],
    messages: { raw: '{{hook}} from react-redux: use {{typed}} from app/hooks.' },
  },
  create(context) {
    if (isOneOf(filePathOf(context), HOOKS_FILE)) return {};
    return {
      'ImportDeclaration[source.value="react-redux"] > ImportSpecifier'(node) {
        const hook = node.imported.name ?? node.imported.value;
        if (hook in RAW_HOOKS) context.report({ node, messageId: 'raw', data: { hook, typed: RAW_HOOKS[hook] } });
      },
    };
  },
};
