import { isBuiltin } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { filesLoadedAtImport, handlerBuildOptions } from '../lib/handler-bundling';
import { manifestHandlers } from '../lib/handler-functions';
import { prodSynthMetafiles } from './bundling-synths';

/**
 * Issue 12 item 5: what Lambda loads when it imports a handler. Each handler's asset is
 * `index.mjs` plus chunks (esbuild's code splitting, infra/lib/handler-bundling.ts): importing
 * `index.mjs` loads it and the chunks it imports statically; a chunk only an `import()` reaches
 * is loaded, parsed and evaluated by the first call that runs the import. The rarely used AWS
 * clients and Stripe are loaded on first use (functions/src/lib/aws-sdk/, lib/stripe.ts), so
 * none of their code may be in a file loaded at import. The check reads the esbuild metafile of
 * each handler's bundle as the prod synth built it (infra/test/bundling-synths.ts): the files
 * reachable from the entry through static imports, and the packages with code in them. It also
 * checks that the bundles carry their dependencies: everything they import that is not in the
 * bundle is one of Node's own modules (the SDK is bundled, not taken from the runtime), and that
 * none carries the SDK's default credential chain.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const handlers = manifestHandlers();

/** Packages a handler may reach only through `import()`. */
const lazyPackages = [
  '@aws-sdk/client-apigatewaymanagementapi',
  '@aws-sdk/client-kinesis-video',
  '@aws-sdk/client-kinesis-video-signaling',
  '@aws-sdk/client-s3',
  '@aws-sdk/client-scheduler',
  '@aws-sdk/client-secrets-manager',
  '@aws-sdk/client-sesv2',
  '@aws-sdk/s3-presigned-post',
  '@aws-sdk/s3-request-presigner',
  'stripe',
];

/**
 * The SDK's default credential chain and what only it uses: the bundles resolve credentials from
 * the environment instead (`bundleAliases`, functions/src/lib/aws-sdk/lambda-credentials.ts).
 */
const credentialChainPackages = [
  '@aws-sdk/credential-provider-node',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/nested-clients',
  '@aws-sdk/token-providers',
  '@smithy/credential-provider-imds',
];

/** The package a bundled input belongs to (`@scope/name`), or undefined for the repo's code. */
function packageOf(input: string): string | undefined {
  return /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
}

interface BundleFacts {
  /** Packages with code in any file of the asset. */
  bundled: Set<string>;
  /** Packages with code in the files Lambda loads at import: the entry and its static chunks. */
  atImport: Set<string>;
  /** The asset's files that only an `import()` loads. */
  lazyFiles: string[];
  /** What the asset's files import from outside the asset. */
  externalImports: string[];
}

/**
 * What one handler's build put where. Importing the entry file loads it and the chunks it
 * imports statically (transitively); a chunk reached only through `import()` is loaded by the
 * first call that runs that import.
 */
function factsOf(metafile: Metafile): BundleFacts {
  const outputs = metafile.outputs;
  const eager = new Set(filesLoadedAtImport(metafile));
  const codeFiles = Object.keys(outputs).filter((file) => !file.endsWith('.map'));
  const packagesOf = (files: string[]) =>
    new Set(
      files.flatMap((file) =>
        Object.entries(outputs[file]!.inputs)
          .filter(([, input]) => input.bytesInOutput > 0)
          .flatMap(([input]) => packageOf(input) ?? []),
      ),
    );
  return {
    bundled: packagesOf(codeFiles),
    atImport: packagesOf([...eager]),
    lazyFiles: codeFiles.filter((file) => !eager.has(file)),
    externalImports: codeFiles.flatMap((file) =>
      outputs[file]!.imports.filter((edge) => edge.external).map((edge) => edge.path),
    ),
  };
}

/** The facts of a module given as source, built as a handler is (its lazy imports split off). */
async function factsOfSource(contents: string, options: BuildOptions = {}): Promise<BundleFacts> {
  const { entryPoints: _entry, ...bundling } = handlerBuildOptions(handlers[0]!);
  const result = await build({
    ...bundling,
    ...options,
    stdin: { contents, resolveDir: repoRoot, sourcefile: 'probe.ts', loader: 'ts' },
    metafile: true,
  });
  return factsOf(result.metafile);
}

const factsByHandler = new Map<string, BundleFacts>();

beforeAll(async () => {
  for (const [handler, metafile] of await prodSynthMetafiles(handlers)) {
    factsByHandler.set(handler, factsOf(metafile));
  }
}, 300_000);

describe('what a handler evaluates at cold start', () => {
  it('built every handler', () => {
    expect([...factsByHandler.keys()].sort()).toEqual([...handlers].sort());
  });

  it('puts what only import() reaches in files of its own', () => {
    // Where a package is split off, it is in the asset but not among the files loaded at import.
    const createUpload = factsByHandler.get('uploads/create-upload')!;
    expect(createUpload.bundled.has('@aws-sdk/client-s3')).toBe(true);
    expect(createUpload.lazyFiles.length).toBeGreaterThan(0);
    const webhook = factsByHandler.get('payments/stripe-webhook')!;
    expect(webhook.bundled.has('stripe')).toBe(true);
    expect(webhook.atImport.has('stripe')).toBe(false);
  });

  it.each(handlers)(
    '%s loads the rarely used AWS clients and Stripe on first use only',
    (handler) => {
      const { atImport } = factsByHandler.get(handler)!;
      expect(lazyPackages.filter((name) => atImport.has(name))).toEqual([]);
    },
  );

  it.each(handlers)('%s imports nothing but Node modules from outside its bundle', (handler) => {
    const { externalImports } = factsByHandler.get(handler)!;
    expect(externalImports.filter((name) => !isBuiltin(name))).toEqual([]);
  });

  it('bundles the SDK itself: DynamoDB at import, the lazy clients where they are used', () => {
    // The check above is not vacuous: every lazy package is in some bundle, behind import().
    const bundledSomewhere = new Set([...factsByHandler.values()].flatMap((f) => [...f.bundled]));
    expect(lazyPackages.filter((name) => !bundledSomewhere.has(name))).toEqual([]);
    const approve = factsByHandler.get('admin/approve')!;
    expect(approve.bundled.has('@aws-sdk/client-sesv2')).toBe(true);
    expect(approve.atImport.has('@aws-sdk/client-dynamodb')).toBe(true);
  });

  it.each(handlers)('%s bundles no credential chain (SSO, STS, ini files)', (handler) => {
    const { bundled } = factsByHandler.get(handler)!;
    expect(credentialChainPackages.filter((name) => bundled.has(name))).toEqual([]);
  });

  it('would notice the default credential chain in a bundle', async () => {
    // The same DynamoDB client without the alias carries the chain the check above looks for.
    const source = "export { DynamoDBClient } from '@aws-sdk/client-dynamodb';";
    const withAlias = await factsOfSource(source);
    const withoutAlias = await factsOfSource(source, { alias: {} });
    expect(credentialChainPackages.filter((name) => withAlias.bundled.has(name))).toEqual([]);
    expect(withoutAlias.bundled.has('@aws-sdk/credential-provider-node')).toBe(true);
    expect(withoutAlias.bundled.has('@aws-sdk/credential-provider-sso')).toBe(true);
  });

  it('would notice a client or Stripe imported statically, and sees them split off when lazy', async () => {
    const eager = await factsOfSource(
      "export { SESv2Client } from '@aws-sdk/client-sesv2'; export { default } from 'stripe';",
    );
    expect(eager.atImport.has('@aws-sdk/client-sesv2')).toBe(true);
    expect(eager.atImport.has('stripe')).toBe(true);
    const lazy = await factsOfSource(
      "export const load = () => Promise.all([import('./functions/src/lib/aws-sdk/ses'), import('stripe')]);",
    );
    expect(lazy.atImport.has('@aws-sdk/client-sesv2')).toBe(false);
    expect(lazy.atImport.has('stripe')).toBe(false);
    expect(lazy.bundled.has('@aws-sdk/client-sesv2')).toBe(true);
    expect(lazy.bundled.has('stripe')).toBe(true);
    expect(lazy.lazyFiles.length).toBeGreaterThan(0);
  });
});
