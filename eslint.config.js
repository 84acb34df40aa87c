import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Imports flow one way: routes → features → shared (components, content,
 * config, db). A feature never reaches into a route, shared code never
 * reaches into a feature, and features stay out of each other except mail.
 * Shared code: components, content, config, db, utils.
 */
const boundaries = [
  { target: './app/features', from: './app/routes', message: 'Features must not import routes.' },
  {
    target: ['./app/components', './app/content', './app/config', './app/db', './app/utils'],
    from: ['./app/routes', './app/features'],
    message: 'Shared code must not import features or routes.',
  },
  { target: './server', from: './app/routes', message: 'The server uses features, not routes.' },
]

export default tseslint.config(
  {
    ignores: [
      'build/',
      'data/',
      'node_modules/',
      '.react-router/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
)
