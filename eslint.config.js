import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist',
      'data',
      'node_modules',
      '.tmp',
      'test-results',
      'playwright-report',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Machines are pure logic: no React, MUI, ky or services (ARCHITECTURE.md, dependency direction).
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', '@mui/*', 'ky', '../services/*', '../views/*'] },
      ],
    },
  },
  {
    files: ['contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['../server/*', '../src/*', 'react'] }] },
  },
  {
    // Room geometry is shared by the engine, the server and scripts: it builds on the contracts only.
    files: ['geometry/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Anything but './…' and '../contracts/…' (never climbing out again with '..').
              regex: '^(?!(\\./|\\.\\./contracts/)(?!.*\\.\\.))',
              message: 'geometry/ imports nothing but contracts/ and itself (geometry/README.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The server never runs SPA code: what both need lives in contracts/ or geometry/.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/*'],
              message: 'The server does not import the SPA (src/); share through contracts/ or geometry/.',
            },
          ],
        },
      ],
    },
  },
);
