import js from '@eslint/js';
import type { Linter } from 'eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { closedWorld } from './scripts/lint/closed-world';

/**
 * Runtime boundaries, closed-world: scripts/lint/closed-world.ts lists what each runtime folder may import and
 * everything else fails. Inside core and the renderer, imports also follow the layers listed there
 * (`frontdesk/layers`; `npm run lint:layers` counts breaches and circles). The bridge object on `window` is read in
 * renderer/lib/frontdesk.ts only.
 */
const boundaries: Linter.Config[] = [
  {
    files: ['main/**/*.ts', 'common/**/*.ts', 'preload/**/*.ts', 'renderer/**/*.{ts,tsx}', 'test/sandbox/**/*.ts'],
    plugins: { frontdesk: closedWorld },
    rules: { 'frontdesk/closed-world': 'error', 'frontdesk/layers': 'error' },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/lib/frontdesk.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'frontdesk',
          message: 'Only renderer/lib/frontdesk.ts touches the bridge on window: import { frontdesk } from it.',
        })),
      ],
      'no-restricted-globals': [
        'error',
        { name: 'frontdesk', message: 'Import { frontdesk } from renderer/lib/frontdesk.ts.' },
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
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Components read stores with selectors: a whole-store read re-renders on every change.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^use[A-Z]\\w*Store$/][arguments.length=0]',
          message: 'Read the store with a selector: useXStore((s) => s.x), or useShallow for several fields.',
        },
      ],
    },
  },
  ...boundaries,
);
