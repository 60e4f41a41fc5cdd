import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import vitest from '@vitest/eslint-plugin';
import {
  dynamoDbMessage,
  dynamoDbPackages,
  dynamoDbRuleExemptions,
  dynamoDbRuleFiles,
  functionsLayerZones,
  functionsTestZones,
  functionsZones,
  sharedSubpathImportPattern,
  sharedZones,
  webZones,
} from './eslint.boundaries.js';

const FEATURES_DIR = 'web/src/features';
const features = readdirSync(new URL(`./${FEATURES_DIR}`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Feature boundaries (docs/web.md): a feature reaches another one only through its `index.ts`,
 * whether the import is written with the `@web/features/...` alias or a relative path (the
 * resolver turns both into a file). One zone per feature, built from the folder list.
 */
const featureBoundaryZones = features.map((feature) => ({
  target: `./${FEATURES_DIR}/${feature}`,
  from: `./${FEATURES_DIR}`,
  except: [
    `./${feature}`,
    ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`),
  ],
  message: 'Import another feature through its index.ts (`@web/features/<name>`).',
}));

/** Libraries, shared components and hooks serve features; they never reach into one. */
const sharedLayersZone = {
  target: ['./web/src/lib', './web/src/components', './web/src/hooks'],
  from: `./${FEATURES_DIR}`,
  message: 'web/src/lib, components and hooks are used by features and never import one.',
};

/**
 * One `import-x` setup for every folder with boundaries. Without `extensions` and `parsers`,
 * import-x reads only .js files and the cycle check sees no imports.
 */
const importXSetup = {
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
  },
};

/** The DynamoDB packages and their subpaths, as a pattern of `no-restricted-imports`. */
const dynamoDbImportPattern = {
  group: dynamoDbPackages.flatMap((name) => [name, `${name}/*`]),
  message: dynamoDbMessage,
};

/** `import { z } from 'zod'` refused; `no-restricted-syntax` blocks that set it list this too. */
const zodNamedImport = {
  selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
  message:
    "Use `import * as z from 'zod'`: the `z` object defeats tree-shaking (450 KB vs 85 KB per Lambda bundle).",
};

/** Test code of functions/: the tests and their helpers. */
const functionsTestFiles = ['functions/src/**/*.test.ts', 'functions/src/testing/**'];

/**
 * One mocking layer in the web tests (issue 30 item 3): only web/src/testing/api-mock.ts stubs
 * `fetch`, and it checks every call against its route's contract. Any other stub (stubGlobal,
 * spyOn, assignment, defineProperty) would let a mock drift from the server.
 * web/src/eslint-fetch-stubs.test.ts lints web/eslint-fixtures/fetch-stubs.ts with these.
 */
const FETCH_STUB_MESSAGE =
  'Mock the API with web/src/testing/api-mock.ts (mockApi): only it stubs `fetch`, and it checks each call against its contract.';
const fetchStubs = [
  "CallExpression[callee.property.name='stubGlobal'][arguments.0.value='fetch']",
  "CallExpression[callee.property.name='stubGlobal'][arguments.0.quasis.0.value.raw='fetch']",
  "CallExpression[callee.property.name='spyOn'][arguments.1.value='fetch']",
  "AssignmentExpression > MemberExpression.left[property.name='fetch']",
  "AssignmentExpression > MemberExpression.left[property.value='fetch']",
  "CallExpression[callee.object.name='Object'][callee.property.name='defineProperty'][arguments.1.value='fetch']",
].map((selector) => ({ selector, message: FETCH_STUB_MESSAGE }));

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'web/dist',
      'cdk.out',
      '.data',
      '.bench',
      '.test-results',
      '**/*.js',
      // Files that break the boundary rules on purpose; web/src/eslint-boundaries.test.ts lints them.
      'web/eslint-fixtures',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // The one tsconfig names every linted file, so one program serves the whole run: 95 CPU-s
      // and 68 s for `eslint .`, against 130 CPU-s and 91 s with `projectService`, which looks
      // up each file's project as an editor does (30 November 2026, this 2-core machine).
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-restricted-syntax': ['error', zodNamedImport],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // DESIGN.md §4, docs/adr/0002-data-layer.md: only the entity modules of functions/src/db talk
    // to DynamoDB, so its packages are refused everywhere else, tests included
    // (eslint.boundaries.js says where and why they are allowed): imports, re-exports and
    // `import()` of them.
    files: dynamoDbRuleFiles,
    ignores: dynamoDbRuleExemptions,
    rules: {
      'no-restricted-imports': ['error', { patterns: [dynamoDbImportPattern] }],
      'no-restricted-syntax': [
        'error',
        zodNamedImport,
        {
          // esquery's regular expressions cannot hold a `/`: `.` stands for it.
          selector: `ImportExpression[source.value=/^(${dynamoDbPackages.map((name) => name.replace('/', '.')).join('|')})($|.)/]`,
          message: dynamoDbMessage,
        },
      ],
    },
  },
  {
    // The cycle check follows every import, so it costs time per file linted: web/ only (app
    // code and the lint fixtures); functions/src/import-graph.test.ts checks functions/.
    files: ['web/**/*.{ts,tsx}'],
    ...importXSetup,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...featureBoundaryZones, sharedLayersZone, ...webZones] },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ...importXSetup,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: sharedZones }],
      // The DynamoDB rule above, and no subpath import (eslint.boundaries.js says why).
      'no-restricted-imports': [
        'error',
        { patterns: [dynamoDbImportPattern, sharedSubpathImportPattern] },
      ],
    },
  },
  {
    files: ['functions/**/*.ts'],
    ignores: functionsTestFiles,
    ...importXSetup,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...functionsZones, ...functionsLayerZones] },
      ],
    },
  },
  {
    // Test code may drive the local stack, and may reach across the layers: nothing imports it.
    files: functionsTestFiles,
    ...importXSetup,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: functionsTestZones }] },
  },
  {
    // A green run must prove something: no focused or skipped tests, and every test asserts.
    files: ['**/*.test.{ts,tsx}'],
    plugins: { vitest },
    rules: {
      'vitest/no-focused-tests': 'error',
      'vitest/no-disabled-tests': 'error',
      // An `expect` without a matcher, or an async one (`resolves`, `rejects`, `expect.poll`)
      // left un-awaited, checks nothing.
      'vitest/valid-expect': ['error', { alwaysAwait: true, maxArgs: 2 }],
      'vitest/expect-expect': [
        'error',
        {
          // The assertion helpers of this codebase: `expect*` (expectPage, expectNoAxeViolations,
          // expectTypeOf…), `assert*`, and the CDK template's own assertions.
          assertFunctionNames: [
            'expect',
            'expect*',
            'assert*',
            'template.has*',
            'template.resourceCountIs',
            'template.templateMatches',
          ],
        },
      ],
    },
  },
  {
    // The web tests and their helpers, except the one module allowed to stub `fetch`.
    files: ['web/src/**/*.test.{ts,tsx}', 'web/src/**/testing/**/*.{ts,tsx}'],
    ignores: ['web/src/testing/api-mock.ts'],
    rules: { 'no-restricted-syntax': ['error', zodNamedImport, ...fetchStubs] },
  },
  {
    // Command-line programs talk to a person on the terminal.
    files: ['local/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', 'infra/bin/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
