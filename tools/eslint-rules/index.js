// The house rules as Nx workspace rules: @nx/eslint-plugin loads this folder by convention and names
// each rule `@nx/workspace-<name>` (eslint.config.mjs). Each rule has a RuleTester
// spec beside it; docs/architecture.md "House rules" says where each is on.
module.exports = {
  meta: { name: '@openfleet/eslint-rules' },
  rules: {
    'china-time-through-helper': require('./rules/china-time-through-helper'),
    'inject-repository-own-data-source': require('./rules/inject-repository-own-data-source'),
    'typed-redux-hooks': require('./rules/typed-redux-hooks'),
    'stored-file-through-helper': require('./rules/stored-file-through-helper'),
  },
};
