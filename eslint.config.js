// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const onlyDomainFromSrc = {
  regex: '(^|/)src/(?!domain/)',
  message: 'server/ and workers/ may import src/domain only (STYLE.md §6).',
};
/** The worker also holds the data keys and seals its replica with the page's module (issue 36): no DOM, no network there. */
const onlyDomainAndDeviceCryptoFromSrc = {
  regex: '(^|/)src/(?!domain/|lib/device-crypto/)',
  message: 'workers/ may import src/domain and src/lib/device-crypto only (STYLE.md §6).',
};

export default tseslint.config(
  {
    ignores: [
      'dist/**', 'dev-dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'coverage/**', 'test-results/**',
      'playwright-report/**', 'src/routeTree.gen.ts', 'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
    },
  },
  {
    files: ['eslint.config.js', 'scripts/**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '(^|/)server/', message: 'The client never imports server code.' },
            { regex: '(^|/)workers/', message: 'Import the worker API as a type only (STYLE.md §1).', allowTypeImports: true },
          ],
        },
      ],
      // User-visible text goes through i18next (src/i18n/*.json), never literal JSX text.
      'no-restricted-syntax': [
        'error',
        { selector: 'JSXText[value=/\\p{L}{2,}/u]', message: 'Put user-visible text in src/i18n and use t().' },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(react|react-dom|dexie|comlink|@tanstack/.*|i18next|react-i18next|valtio)$', message: 'src/domain is pure: no React, IndexedDB or network.' },
            { regex: '^\\.\\./\\.\\./(app|features|lib|routes|i18n)/', message: 'src/domain imports nothing else of src.' },
            { regex: '(^|/)(server|workers)/', message: 'src/domain imports nothing outside src/domain.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./(?!\\.)', message: 'Features do not import each other (STYLE.md): move shared code to src/lib or src/domain.' },
            { regex: '(^|/)server/', message: 'The client never imports server code.' },
            { regex: '(^|/)workers/', message: 'Import the worker API as a type only.', allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyDomainFromSrc] }] },
  },
  {
    files: ['workers/**/*.ts'],
    languageOptions: { globals: { ...globals.worker } },
    rules: { 'no-restricted-imports': ['error', { patterns: [onlyDomainAndDeviceCryptoFromSrc] }] },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
