import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries.js';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // contract imports nothing of ours; server and web never meet; no web feature imports another
    // feature or the app's internals (eslint-rules/boundaries.js says which is which).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/no-restricted-paths': 'error' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Sightline does not use the React Compiler, so libraries it cannot memoise are fine.
      'react-hooks/incompatible-library': 'off',
    },
  },
  {
    // Component tests type without user-event's pause after every key (src/web/test/user.ts).
    files: ['src/web/**/*.test.{ts,tsx}'],
    rules: {
      // A busy machine needs the shared waits (src/web/test/setup.ts, vite.config.ts); a file may raise them, never lower them.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='configure'] Property[key.name='asyncUtilTimeout'][value.value<10000]",
          message: 'findBy… waits 10 s everywhere (src/web/test/setup.ts); a shorter wait fails on a busy machine.',
        },
        {
          selector: "CallExpression[callee.property.name='setConfig'] Property[key.name='testTimeout'][value.value<60000]",
          message: 'Component tests get 60 s (vite.config.ts); a shorter budget fails on a busy machine.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@testing-library/user-event',
              message: 'Import { userEvent } from src/web/test/user: it types without a pause after each key.',
            },
          ],
        },
      ],
    },
  },
);
