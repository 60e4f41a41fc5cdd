import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssetHashType, type ILocalBundling } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { build, buildSync, type BuildOptions, type BuildResult, type Metafile } from 'esbuild';
import { handlerModulePath } from '#routes';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const featuresDir = path.join(repoRoot, 'functions/src/features');

/**
 * Packages the bundles take from elsewhere (esbuild's `alias`), paths relative to the
 * repository. The SDK's default credential chain becomes the environment variables Lambda sets:
 * the chain's SSO, STS, ini and process providers are about 90 KB of every bundle, parsed at
 * each cold start and never used there (functions/src/lib/aws-sdk/lambda-credentials.ts says
 * why that is safe).
 */
export const bundleAliases: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './functions/src/lib/aws-sdk/lambda-credentials.ts',
};

/**
 * How every handler is bundled: the one definition, used by the stack (`handlerCode`, CDK's
 * local bundling; `sam local`, the sample-event replay, `npm run bench` and the cold-start and
 * permission-code checks take what it staged).
 *
 * esbuild writes a handler's entry as `index.mjs` and, with code splitting, what only an
 * `import()` reaches (S3 and its presigners, SES, Scheduler, Stripe, …) into `chunk-*.mjs` files
 * beside it. Lambda imports `index.mjs` and the chunks it imports statically; a lazy chunk is
 * read and compiled by the first request that needs it (docs/architecture.md, "Cold start").
 * In one file, code reached only through `import()` was still parsed at every cold start.
 * CDK's `NodejsFunction` cannot split (it always passes `--outfile`), so the stack builds the
 * asset itself with this.
 */
export const handlerBundling = {
  format: 'esm',
  target: 'node22',
  platform: 'node',
  bundle: true,
  splitting: true,
  // Lambda's handler setting `index.handler` finds `index.mjs`.
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunk-[hash]',
  minify: true,
  sourcemap: true,
  // Line mappings are enough for stack traces; embedding the sources would double the size.
  sourcesContent: false,
  // Prefer the ESM builds of dependencies: esbuild tree-shakes the AWS SDK's `module` builds
  // down to what a handler uses (a client's other commands drop out). CommonJS code still
  // bundled gets a `require` (the banner starts every output file, chunks included).
  mainFields: ['module', 'main'],
  banner: {
    js:
      "import { createRequire as __createRequire } from 'node:module'; " +
      'const require = __createRequire(import.meta.url);',
  },
  // The SDK is bundled with the code (issue 12 item 5), not loaded from the runtime's copy:
  // loading the runtime's `@aws-sdk/*` packages file by file cost 80-105 ms of every cold
  // start (docs/architecture.md, "Cold start"). Nothing is external but Node's own modules.
  external: [],
  // The root tsconfig maps `@shared/*` to `shared/src/*`.
  tsconfig: path.join(repoRoot, 'tsconfig.json'),
  alias: Object.fromEntries(
    Object.entries(bundleAliases).map(([name, file]) => [name, path.join(repoRoot, file)]),
  ),
  logLevel: 'error',
} as const satisfies BuildOptions;

/** The directory of a handler's files (its asset) under the `outDir` of `buildHandlerAsset`. */
export function handlerAssetDir(outDir: string, handler: string): string {
  return path.join(outDir, handler);
}

/**
 * Where esbuild is told it writes an asset. Nothing is written there (`write: false`): the files
 * go to the asset directory afterwards. The source maps name their sources relative to the
 * output directory, and the chunks' names are hashes of their code and maps, so building for one
 * fixed directory makes the same bytes wherever the asset ends up (CDK's staging directory, the
 * bench's, a test's), and the maps name `../functions/src/…`.
 */
const virtualAssetDir = path.join(repoRoot, '.handler-asset');

/**
 * esbuild's options for one handler's asset: `index.mjs`, its chunks and their source maps, as
 * Lambda receives them, written to `virtualAssetDir` in esbuild's eyes (`writeAsset` puts them
 * where they belong). One handler per esbuild call: with several entry points esbuild would
 * share chunks between handlers, and a function's asset holds only its own.
 */
export function handlerBuildOptions(handler: string): BuildOptions & { write: false } {
  return {
    ...handlerBundling,
    mainFields: [...handlerBundling.mainFields],
    external: [...handlerBundling.external],
    entryPoints: { index: path.join(featuresDir, handlerModulePath(handler)) },
    outdir: virtualAssetDir,
    write: false,
  };
}

/** Writes a build's files into `assetDir`, under the names esbuild gave them. */
function writeAsset(result: BuildResult<{ write: false }>, assetDir: string): void {
  mkdirSync(assetDir, { recursive: true });
  for (const file of result.outputFiles) {
    writeFileSync(path.join(assetDir, path.relative(virtualAssetDir, file.path)), file.contents);
  }
}

/**
 * Builds `handler` into `handlerAssetDir(outDir, handler)` as CDK's bundling does, beside any
 * synth (infra/test/handler-bundling.test.ts compares the two).
 */
export async function buildHandlerAsset(handler: string, outDir: string): Promise<void> {
  writeAsset(await build(handlerBuildOptions(handler)), handlerAssetDir(outDir, handler));
}

/**
 * The output files (as the metafile names them) that importing a build's entry loads: the entry
 * and the chunks it imports statically, transitively. A chunk only an `import()` reaches is not
 * among them; it loads when that import first runs.
 */
export function filesLoadedAtImport(metafile: Metafile): string[] {
  const outputs = metafile.outputs;
  // The build's own entry (a handler's is `index.mjs`): the metafile marks the target of an
  // `import()` as an entry point too, and which of them comes first depends on the build.
  const lazyTargets = new Set(
    Object.values(outputs).flatMap((output) =>
      output.imports.filter((edge) => edge.kind === 'dynamic-import').map((edge) => edge.path),
    ),
  );
  const entries = Object.keys(outputs).filter(
    (file) => outputs[file]!.entryPoint && !lazyTargets.has(file),
  );
  const entry = entries.find((file) => path.basename(file) === 'index.mjs') ?? entries[0];
  if (!entry) throw new Error('A build without an entry point');
  const loaded = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const edge of outputs[file]!.imports) {
      if (!edge.external && edge.kind === 'import-statement') pending.push(edge.path);
    }
  }
  return [...loaded];
}

/**
 * Set for a synth, a directory where CDK's bundling also writes each handler's esbuild metafile
 * (`handlerMetafilePath`), outside the asset: the infra tests read from it what the synth put in
 * each bundle (infra/test/cold-start.test.ts, permission-code.test.ts) instead of building the
 * handlers a second time. A deploy never sets it.
 */
export const HANDLER_METAFILE_DIR = 'HANDLER_METAFILE_DIR';

/** The file of a handler's metafile under `HANDLER_METAFILE_DIR`. */
export function handlerMetafilePath(metafileDir: string, handler: string): string {
  return path.join(metafileDir, `${handler}.json`);
}

/**
 * CDK's local bundling of one handler's asset: esbuild in this process, as `NodejsFunction`
 * bundles without Docker. The handler is a field, not only a value `tryBundle` closes over: CDK
 * reuses a staged asset for every later asset whose options serialize to the same JSON (the
 * cache key of `AssetStaging`, aws-cdk-lib's asset-staging.js), and JSON keeps an object's
 * fields but drops its functions. With `tryBundle` alone every function deployed the first
 * handler's bundle (issue 24); infra/test/staged-assets.test.ts checks each function's asset
 * against its handler.
 */
class HandlerLocalBundling implements ILocalBundling {
  constructor(readonly handler: string) {}

  tryBundle(outputDir: string): boolean {
    // The metafile is esbuild's account of the build; asking for it leaves the output as it is.
    const result = buildSync({ ...handlerBuildOptions(this.handler), metafile: true });
    writeAsset(result, outputDir);
    const metafileDir = process.env[HANDLER_METAFILE_DIR];
    if (metafileDir) {
      const file = handlerMetafilePath(metafileDir, this.handler);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(result.metafile));
    }
    return true;
  }
}

/**
 * A handler's Lambda code: the asset `handlerBuildOptions` builds, bundled by CDK at synth
 * through `HandlerLocalBundling`. The repository is the asset's source, as for
 * `NodejsFunction`, and the asset is hashed by its output (the bundle) rather than by that
 * source. The image is only there because CDK requires one: local bundling never declines (a
 * failed build throws), so no container is started.
 */
export function handlerCode(handler: string): lambda.Code {
  return lambda.Code.fromAsset(repoRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      image: lambda.Runtime.NODEJS_22_X.bundlingImage,
      local: new HandlerLocalBundling(handler),
    },
  });
}
