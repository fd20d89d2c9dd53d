import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'public/**', 'src/database/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly', setTimeout: 'readonly',
        clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', window: 'readonly',
        document: 'readonly', localStorage: 'readonly', fetch: 'readonly', performance: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // The rules of hooks and complete effect dependencies, for the React app.
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Node-only code must never be imported by the browser bundle.
    files: ['client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '../src/*'], message: 'client/ never imports from src/' }] }],
    },
  },
  {
    // One place for each shared thing: a screen imports what it shares from client/components, client/lib or
    // client/app, never from another screen's folder; shared code never imports a screen (the route table does).
    files: ['client/pages/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '../src/*'], message: 'client/ never imports from src/' },
            { group: ['../*/**', '!../../**', '**/pages/**'], message: "import shared code from client/components, client/lib or client/app, not from another screen's folder" },
          ],
        },
      ],
    },
  },
  {
    files: ['client/components/**/*.{ts,tsx}', 'client/lib/**/*.{ts,tsx}', 'client/api/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '../src/*'], message: 'client/ never imports from src/' },
            { group: ['**/pages/**'], message: 'shared code never imports a screen: move what both need to client/components, client/lib or client/app' },
          ],
        },
      ],
    },
  },
);
