import js from '@eslint/js';
import type { Linter } from 'eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/promises',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'url',
  'util',
  'stream',
  'worker_threads',
];

/** Runtime boundaries: renderer is a browser page, core is plain Node, only main/electron touches Electron. */
const boundaries: Linter.Config[] = [
  {
    files: ['renderer/**/*.{ts,tsx}', 'preload/contract.ts', 'preload/bridge.ts', 'preload/ws-wire.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer never imports electron: go through the bridge.' }],
          patterns: [
            { group: nodeBuiltins, message: 'The renderer is a sandboxed page: no Node modules.' },
            {
              group: ['**/main/**', '**/main'],
              message: 'The renderer never imports main code: go through the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['main/core/**/*.ts', 'main/browser-host/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              message: 'main/core and the browser host are plain Node: take the capability from Platform.',
            },
            { name: 'electron-store', message: 'electron-store loads electron: use Platform.settings.' },
          ],
          patterns: [
            {
              group: ['**/electron/**', '**/electron'],
              message: 'Only main/electron and main/index.ts may use Electron adapters.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...boundaries,
);
