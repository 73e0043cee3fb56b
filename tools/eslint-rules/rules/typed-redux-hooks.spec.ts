import { ruleTester } from './rule-tester';
import rule from './typed-redux-hooks';

ruleTester.run('typed-redux-hooks', rule, {
  valid: [
    { code: "import { useAppSelector, useAppDispatch } from '../../app/hooks';", filename: 'console/src/features/alarm/AlarmScreen.tsx' },
    { code: "import { Provider } from 'react-redux';", filename: 'console/src/main.tsx' },
    { code: "import { useDispatch, useSelector } from 'react-redux';\nexport const useAppDispatch = useDispatch.withTypes();", filename: 'console/src/app/hooks.ts' },
  ],
  invalid: [
    {
      code: "import { useSelector } from 'react-redux';",
      filename: 'console/src/features/alarm/AlarmScreen.tsx',
      errors: [{ messageId: 'raw', data: { hook: 'useSelector', typed: 'useAppSelector' } }],
    },
    {
      code: "import { Provider, useDispatch as dispatchHook } from 'react-redux';",
      filename: 'console/src/features/x/X.tsx',
      errors: [{ messageId: 'raw', data: { hook: 'useDispatch', typed: 'useAppDispatch' } }],
    },
  ],
});
