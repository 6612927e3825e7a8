import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Toasts go through src/web/lib/toast.ts, which loads sonner when it is first needed (decision 0023).
const SONNER = {
  name: 'sonner',
  message: 'Import toast from src/web/lib/toast.ts (sonner loads lazily).',
  allowTypeImports: true,
};

/**
 * Borders between the web app's parts (decision 0028). A feature (src/web/features/<name>/) imports only its
 * own files, src/web/components, src/web/lib and src/domain; components/ and lib/ import no feature, page or
 * app file. Pages, app/ and ssr/ compose features. Checked on the import text (static and dynamic imports):
 * relative paths, which the code uses, and the @web alias.
 */
const FEATURE_MESSAGE =
  'A feature imports only its own files, src/web/components, src/web/lib and src/domain: let the page compose the two features (pass a slot or data), or move the shared piece to components/ or lib/ (decision 0028).';
const SHARED_MESSAGE =
  'src/web/components and src/web/lib are shared by every feature: they import no feature, page or app file (decision 0028).';
const LAYERS = '(features|pages|app|ssr|entry-server|main)';
const up = (levels) => '\\.\\./'.repeat(levels);

/** The two rules that refuse `patterns` in static imports (with the sonner rule) and dynamic imports. */
function restrictImports(patterns) {
  return {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { paths: [SONNER], patterns: patterns.map(({ regex, message }) => ({ regex, message })) },
    ],
    'no-restricted-syntax': [
      'error',
      ...patterns.map(({ regex, message }) => ({
        selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`,
        message,
      })),
    ],
  };
}

/** One block per folder depth inside a feature: `../` one level above the feature's root is another feature. */
const featureBorders = [0, 1, 2].map((depth) => ({
  files: [`src/web/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`],
  rules: restrictImports([
    { regex: `^${up(depth + 1)}(?!\\.\\./)`, message: FEATURE_MESSAGE },
    { regex: `^${up(depth + 2)}${LAYERS}(/|\\.|$)`, message: FEATURE_MESSAGE },
    { regex: `^@web/${LAYERS}(/|\\.|$)`, message: FEATURE_MESSAGE },
  ]),
}));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'src/server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [SONNER] }],
    },
  },
  ...featureBorders,
  {
    files: ['src/web/components/**/*.{ts,tsx}', 'src/web/lib/**/*.{ts,tsx}'],
    rules: restrictImports([
      { regex: `^(\\.\\./)+${LAYERS}(/|\\.|$)`, message: SHARED_MESSAGE },
      { regex: `^@web/${LAYERS}(/|\\.|$)`, message: SHARED_MESSAGE },
    ]),
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts only.' },
      ],
    },
  },
);
