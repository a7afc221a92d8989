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
  // The design's dependency rules (ARCHITECTURE.md 'Layout'): views -> machines -> actors from
  // services -> contracts, assembled in src/app; the engine, the server and the contracts each
  // keep to their side.
  {
    // Views render snapshots and send events: no API client, no request of their own, no choosing
    // an implementation (types of the app's flows are fine).
    files: ['src/views/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['ky', '**/services/*'], message: 'Views reach the API through their flows (src/app).' },
            {
              group: ['**/app/provide', '**/app/flows/*', '**/app/relays'],
              allowTypeImports: true,
              message: 'Views start flows with useFlow; the composition root is for main.tsx and tests.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Views reach the network through their flows (src/app).' },
        { name: 'XMLHttpRequest', message: 'Views reach the network through their flows (src/app).' },
      ],
    },
  },
  {
    // Machines are pure logic: no React, MUI, ky, services or DOM; their actors are provided.
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                '@xstate/react',
                '@mui/*',
                '@emotion/*',
                'ky',
                'wouter',
                'wouter/*',
                '@microsoft/signalr',
                'oidc-client-ts',
                '**/services/*',
                '**/views/*',
                '**/app/*',
              ],
              message: 'Machines are pure logic: their I/O is provided by the composition root (src/app).',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'localStorage',
          'sessionStorage',
          'fetch',
          'location',
          'history',
          'navigator',
        ].map((name) => ({ name, message: 'Machines touch no DOM: do it in a provided action or actor.' })),
      ],
    },
  },
  {
    files: ['src/engine/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/views/*', '**/views/**'], message: 'The engine does not import views.' }],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/*', '**/src/**'], message: 'The server does not import the SPA (src/).' },
          ],
        },
      ],
    },
  },
  {
    // The one place a field name is defined: zod and other contracts only.
    files: ['contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$)(?!\\./)',
              message: 'Contracts import only zod and other contracts.',
            },
          ],
        },
      ],
    },
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
