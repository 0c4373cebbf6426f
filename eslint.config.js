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
