// Each service owns its tables through its own named DataSource (`ServiceStorageModule.forService`),
// named after its folder with `-` as `_` (services/forwarder-809 → 'forwarder_809'). A repository of
// another service's DataSource, or of the unnamed default one, reads tables the service does not own.
const { filePathOf } = require('./file-path');

const SERVICE_FILE = /(?:^|\/)services\/([^/]+)\/src\//;
// The decorator and the index of the argument that names the DataSource.
const INJECTORS = { InjectRepository: 1, InjectDataSource: 0, InjectEntityManager: 0 };

/** @type {import('eslint').Rule.RuleModule} */
module.exports = {
  meta: {
    type: 'problem',
    docs: { description: "@InjectRepository(Entity, '<own data source>') names the service's own DataSource" },
    schema: [],
    messages: {
      missing: "{{decorator}} must name this service's DataSource: '{{expected}}'.",
      foreign: "{{decorator}} names DataSource '{{actual}}'; a service uses only its own: '{{expected}}'.",
      notLiteral: "{{decorator}} names its DataSource with a string literal ('{{expected}}'), so the owner is visible here.",
    },
  },
  create(context) {
    const match = SERVICE_FILE.exec(filePathOf(context));
    if (!match) return {};
    const expected = match[1].replace(/-/g, '_');
    return {
      'Decorator > CallExpression'(node) {
        const decorator = node.callee.type === 'Identifier' ? node.callee.name : undefined;
        if (!decorator || !(decorator in INJECTORS)) return;
        const arg = node.arguments[INJECTORS[decorator]];
        const data = { decorator, expected };
        if (!arg) return context.report({ node, messageId: 'missing', data });
        if (arg.type !== 'Literal' || typeof arg.value !== 'string') return context.report({ node: arg, messageId: 'notLiteral', data });
        if (arg.value !== expected) context.report({ node: arg, messageId: 'foreign', data: { ...data, actual: arg.value } });
      },
    };
  },
};
