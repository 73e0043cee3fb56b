// One RuleTester for the house rules: TypeScript with decorators and JSX, as the code they check.
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';

export const ruleTester = new RuleTester({
  languageOptions: { parser: tseslint.parser as never, parserOptions: { ecmaFeatures: { jsx: true } } },
});
