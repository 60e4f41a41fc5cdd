import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { handlerModulePath } from '../../functions/src/routes';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const featuresDir = path.join(repoRoot, 'functions/src/features');

/**
 * Packages the bundles take from elsewhere (esbuild's `alias`), paths relative to the
 * repository, where CDK runs esbuild (the stack's `projectRoot`). The SDK's default credential
 * chain becomes the environment variables Lambda sets: the chain's SSO, STS, ini and process
 * providers are about 90 KB of every bundle, parsed at each cold start and never used there
 * (functions/src/lib/aws-sdk/lambda-credentials.ts says why that is safe).
 */
export const bundleAliases: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './functions/src/lib/aws-sdk/lambda-credentials.ts',
};

/**
 * How every handler is bundled (esbuild through CDK's NodejsFunction). The one definition of
 * it: the stack passes it to CDK, and `handlerBuildOptions` below translates it to esbuild's
 * API for everything that must build the same bundles without CDK (the bundle tests, the
 * sample-event replay, `npm run bench`).
 */
export const handlerBundling = {
  format: nodejs.OutputFormat.ESM,
  target: 'node22',
  minify: true,
  sourceMap: true,
  // Line mappings are enough for stack traces; embedding the sources would double the size.
  sourcesContent: false,
  // Prefer the ESM builds of dependencies: esbuild tree-shakes the AWS SDK's `module` builds
  // down to what a handler uses (a client's other commands drop out). CommonJS code still
  // bundled gets a `require`.
  mainFields: ['module', 'main'],
  banner:
    "import { createRequire as __createRequire } from 'node:module'; " +
    'const require = __createRequire(import.meta.url);',
  // The SDK is bundled with the code (issue 12 item 5), not loaded from the runtime's copy:
  // loading the runtime's `@aws-sdk/*` packages file by file cost 80-105 ms of every cold
  // start (docs/architecture.md, "Cold start"). With this CDK leaves `externalModules` empty,
  // so nothing is external.
  bundleAwsSDK: true,
  // The root tsconfig maps `@shared/*` to `shared/src/*`.
  tsconfig: path.join(repoRoot, 'tsconfig.json'),
  esbuildArgs: {
    '--alias': Object.entries(bundleAliases).map(([name, file]) => `${name}=${file}`),
  },
} satisfies nodejs.BundlingOptions;

/** Where a handler's bundle lies under the `outdir` of `handlerBuildOptions`. */
export function bundleFile(outDir: string, handler: string): string {
  return path.join(outDir, handler, 'index.mjs');
}

/**
 * esbuild's options for `handlers` with `handlerBundling`, translated to esbuild's API the way
 * CDK translates them to its command line (`--target`, `--platform=node`, `--format`,
 * `--minify`, `--sourcemap`, `--sources-content`, `--main-fields`, `--banner:js`, `--tsconfig`,
 * `--alias`, and no `--external` since the SDK is bundled), each to `<outDir>/<handler>/index.mjs` as in
 * a CDK asset. One esbuild call may build many handlers: without code splitting each entry
 * point is still its own self-contained bundle. Callers that read the metafile add
 * `write: false, metafile: true`.
 */
export function handlerBuildOptions(handlers: readonly string[], outDir: string): BuildOptions {
  return {
    entryPoints: Object.fromEntries(
      handlers.map((handler) => [
        `${handler}/index`,
        path.join(featuresDir, handlerModulePath(handler)),
      ]),
    ),
    outdir: outDir,
    // CDK names an ESM bundle index.mjs.
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: handlerBundling.format,
    target: handlerBundling.target,
    minify: handlerBundling.minify,
    sourcemap: handlerBundling.sourceMap,
    sourcesContent: handlerBundling.sourcesContent,
    mainFields: handlerBundling.mainFields,
    banner: { js: handlerBundling.banner },
    external: [],
    tsconfig: handlerBundling.tsconfig,
    // Resolved from the repository as CDK's (whose working directory it is), wherever this runs.
    alias: Object.fromEntries(
      Object.entries(bundleAliases).map(([name, file]) => [name, path.join(repoRoot, file)]),
    ),
    logLevel: 'error',
  };
}
