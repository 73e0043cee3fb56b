// China time (UTC+8) is computed in one module. A hand-written offset (`8 * 3600`, `28800`,
// `8 * 60 * 60 * 1000`, `480 * 60`) elsewhere is a second, unchecked copy of it.
const { filePathOf, isOneOf } = require('./file-path');

const OFFSET_SECONDS = 8 * 3600;
const OFFSETS = new Set([OFFSET_SECONDS, OFFSET_SECONDS * 1000]);
const DEFAULT_ALLOW = ['libs/contracts/src/time/china-time.ts'];

/** The value of a product of number literals (`8 * 60 * 60`), else undefined. */
function literalProduct(node) {
  if (node.type === 'Literal' && typeof node.value === 'number') return node.value;
  if (node.type === 'BinaryExpression' && node.operator === '*') {
    const left = literalProduct(node.left);
    const right = literalProduct(node.right);
    return left === undefined || right === undefined ? undefined : left * right;
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: 'The UTC+8 offset is written only in the China-time module; use its helpers elsewhere' },
    schema: [{ type: 'object', properties: { allow: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: { handWritten: 'Hand-written UTC+8 offset ({{value}}): use the helpers of libs/contracts/src/time/china-time.ts.' },
  },
  create(context) {
    const allow = context.options[0]?.allow ?? DEFAULT_ALLOW;
    if (isOneOf(filePathOf(context), allow)) return {};
    const check = (node) => {
      // Report the whole product once, not each literal inside it.
      if (node.parent?.type === 'BinaryExpression' && node.parent.operator === '*' && literalProduct(node.parent) !== undefined) return;
      const value = literalProduct(node);
      if (value !== undefined && OFFSETS.has(value)) context.report({ node, messageId: 'handWritten', data: { value: String(value) } });
    };
    return { Literal: check, 'BinaryExpression[operator="*"]': check };
  },
};
