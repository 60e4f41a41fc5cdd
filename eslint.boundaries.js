/**
 * The import boundaries of the repository (docs/architecture.md, "The layers at a glance"), as
 * data for eslint.config.js: zones of `import-x/no-restricted-paths`, which resolves every import
 * to a file (a relative path, an alias such as `@web/...`, a re-export or an `import type`
 * alike), and the DynamoDB packages only functions/src/db may import. eslint.boundaries.test.ts
 * lints a bad file against each and checks that the named rule fires. The web features' own
 * boundaries are in eslint.config.js with the web rules.
 */

/**
 * Code under `target` imports only from the folders `allowed` and packages (`node_modules`):
 * everything else in the repository is `from`, so a folder added later is refused too.
 */
function onlyFrom(target, allowed, message) {
  return { target, from: './', except: [...allowed, './node_modules'], message };
}

/** web/ runs in the browser. */
export const webZones = [
  onlyFrom(
    './web',
    ['./web', './shared'],
    'web/ imports only web/, shared/ and packages: never functions/, local/, infra/ or scripts/.',
  ),
];

/** shared/ runs in the browser and in Lambda, so it stands on nothing of either side. */
export const sharedZones = [
  onlyFrom(
    './shared',
    ['./shared'],
    'shared/ imports only shared/ and packages: never web/, functions/, local/ or infra/.',
  ),
];

/**
 * shared/ has a package.json of its own (`sideEffects`), so a subpath import written there
 * (`#db/…`) is looked up in it, finds nothing and names no file: the rule above cannot see where
 * it points, and TypeScript and the bundlers would fail on it. This pattern of
 * `no-restricted-imports` says why instead: every `#` specifier names functions/ or local/.
 */
export const sharedSubpathImportPattern = {
  regex: '^#',
  message:
    'shared/ imports only shared/ and packages: the `#…` subpath imports (package.json `imports`) name functions/ and local/.',
};

/** What functions/ ships to Lambda: the handlers and every module they reach. */
export const functionsZones = [
  onlyFrom(
    './functions',
    ['./functions', './shared'],
    'functions/ imports only functions/, shared/ and packages: never local/, infra/ or web/.',
  ),
];

/**
 * Tests of functions/ and their helpers (functions/src/testing) drive the local stack: they
 * may also import local/ (its stand-ins and test helpers) and the sample events of events/.
 */
export const functionsTestZones = [
  onlyFrom(
    './functions',
    ['./functions', './shared', './local', './events'],
    'A test of functions/ imports functions/, shared/, local/, events/ and packages: never infra/ or web/.',
  ),
];

const src = './functions/src';

/**
 * The layers inside functions/src, bottom up: core/ (errors, settings, the AWS clients' setup),
 * db/ (the entity modules), lib/ (the HTTP framework, auth, pushes, clients) and the route
 * manifest, then the features. A layer imports only the layers below it, so an entity module
 * never depends on code that depends on it. The features' order among themselves is checked by
 * functions/src/import-graph.test.ts. Test code is exempt (eslint.config.js): nothing imports a
 * test, so its imports add no cycle and reach no bundle.
 */
export const functionsLayerZones = [
  {
    target: `${src}/core`,
    from: src,
    except: ['./core'],
    message: 'functions/src/core is the bottom layer: it imports only core/, shared/ and packages.',
  },
  {
    target: `${src}/db`,
    from: src,
    except: ['./db', './core'],
    message:
      'Entity modules (functions/src/db) import only db/ and core/: never lib/ or a feature.',
  },
  {
    target: `${src}/lib`,
    from: src,
    except: ['./lib', './db', './core', './routes.ts'],
    message: 'functions/src/lib serves the features: it imports lib/, db/, core/ and the manifest.',
  },
  {
    target: `${src}/routes.ts`,
    from: src,
    message: 'The route manifest is data: it imports contracts of shared/, no code of functions/.',
  },
  {
    // functions/src/db/testing-sdk.ts hands the DynamoDB SDK to tests: imported by a handler's
    // module, it would carry the SDK past the rule below.
    target: src,
    from: [`${src}/testing`, `${src}/db/testing.ts`, `${src}/db/testing-sdk.ts`],
    message: 'Test helpers are for tests: no module a handler loads imports one.',
  },
];

/**
 * DESIGN.md §4, docs/adr/0002-data-layer.md: only the entity modules of functions/src/db talk to
 * DynamoDB. These packages are refused everywhere else, in tests too (a test takes the SDK from
 * functions/src/db/testing-sdk.ts), whether imported, re-exported or loaded with `import()`.
 */
export const dynamoDbPackages = [
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
  '@aws-sdk/util-dynamodb',
];

export const dynamoDbMessage =
  'Only functions/src/db imports the DynamoDB SDK: use an entity module, or in a test functions/src/db/testing-sdk.ts (docs/adr/0002-data-layer.md).';

/** The folders the DynamoDB rule covers: all TypeScript outside web/, which runs in the browser. */
export const dynamoDbRuleFiles = ['{functions,shared,local,infra,scripts,e2e}/**/*.{ts,tsx}'];

/** Where the SDK is allowed, and why. */
export const dynamoDbRuleExemptions = [
  'functions/src/db/**',
  // The local stand-in of the CDK stack's table: starts DynamoDB Local and creates the table
  // from functions/src/db/table-definition.ts, the definition the stack uses.
  'local/dynamodb.ts',
  // The bench's raw baseline: the same GetItem or Query sent straight to DynamoDB Local, without
  // the entity modules on purpose (what the app's figure is divided by).
  'scripts/bench/raw-dynamodb.ts',
];
