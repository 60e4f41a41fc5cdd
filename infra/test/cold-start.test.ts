import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { handlerBuildOptions } from '../lib/handler-bundling';
import { manifestHandlers } from '../lib/handler-functions';

/**
 * Issue 12 item 5: what a handler's bundle evaluates when Lambda imports it. esbuild's ESM
 * output evaluates every module reached through static imports at once; a module reached only
 * through `import()` is wrapped and evaluated when that import runs. The rarely used AWS clients
 * are loaded on first use (functions/src/lib/aws-sdk/), so none of their code may be reachable
 * through static imports from a handler. The check reads the bundles' esbuild metafile: the
 * modules reachable from the entry point through static imports that kept code in the output.
 * It also checks that the bundles carry their dependencies: everything they import that is not
 * in the bundle is one of Node's own modules (the SDK is bundled, not taken from the runtime),
 * and that none carries the SDK's default credential chain.
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
  /** Packages with code in the bundle. */
  bundled: Set<string>;
  /** Packages with code in the bundle reached from the entry through static imports only. */
  atImport: Set<string>;
  /** What the bundle imports from outside itself. */
  externalImports: string[];
}

function factsOf(metafile: Metafile, output: Metafile['outputs'][string]): BundleFacts {
  const withCode = (input: string) => (output.inputs[input]?.bytesInOutput ?? 0) > 0;
  const reached = new Set<string>();
  const pending = [output.entryPoint!];
  while (pending.length > 0) {
    const input = pending.pop()!;
    if (reached.has(input)) continue;
    reached.add(input);
    for (const edge of metafile.inputs[input]?.imports ?? []) {
      if (!edge.external && edge.kind !== 'dynamic-import') pending.push(edge.path);
    }
  }
  const packagesOf = (inputs: Iterable<string>) =>
    new Set([...inputs].filter(withCode).flatMap((input) => packageOf(input) ?? []));
  return {
    bundled: packagesOf(Object.keys(output.inputs)),
    atImport: packagesOf(reached),
    externalImports: output.imports.filter((edge) => edge.external).map((edge) => edge.path),
  };
}

async function buildFacts(options: Parameters<typeof build>[0]): Promise<Map<string, BundleFacts>> {
  const result = await build({ ...options, write: false, metafile: true });
  // The source maps are outputs too, without an entry point.
  return new Map(
    Object.values(result.metafile.outputs)
      .filter((output) => output.entryPoint)
      .map((output) => [output.entryPoint!, factsOf(result.metafile, output)]),
  );
}

const outDir = path.join(repoRoot, '.test-results', 'cold-start');
const factsByHandler = new Map<string, BundleFacts>();

beforeAll(async () => {
  const byEntry = await buildFacts(handlerBuildOptions(handlers, outDir));
  for (const [entryPoint, facts] of byEntry) {
    const handler = entryPoint
      .replace(/^functions\/src\/features\//, '')
      .replace(/\.handler\.ts$/, '');
    factsByHandler.set(handler, facts);
  }
}, 120_000);

describe('what a handler evaluates at cold start', () => {
  it('built every handler', () => {
    expect([...factsByHandler.keys()].sort()).toEqual([...handlers].sort());
  });

  it.each(handlers)('%s loads the rarely used AWS clients on first use only', (handler) => {
    const { atImport } = factsByHandler.get(handler)!;
    expect(lazyPackages.filter((name) => atImport.has(name))).toEqual([]);
  });

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
    const options = {
      ...handlerBuildOptions([], outDir),
      entryPoints: undefined,
      outdir: undefined,
      outfile: path.join(outDir, 'default-chain.mjs'),
      stdin: {
        contents: "export { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
        resolveDir: repoRoot,
        sourcefile: 'default-chain.ts',
        loader: 'ts' as const,
      },
    };
    const withAlias = [...(await buildFacts(options)).values()][0]!;
    const withoutAlias = [...(await buildFacts({ ...options, alias: {} })).values()][0]!;
    expect(credentialChainPackages.filter((name) => withAlias.bundled.has(name))).toEqual([]);
    expect(withoutAlias.bundled.has('@aws-sdk/credential-provider-node')).toBe(true);
    expect(withoutAlias.bundled.has('@aws-sdk/credential-provider-sso')).toBe(true);
  });

  it('would notice a client imported statically', async () => {
    const facts = await buildFacts({
      ...handlerBuildOptions([], outDir),
      entryPoints: undefined,
      outdir: undefined,
      outfile: path.join(outDir, 'static-ses.mjs'),
      stdin: {
        contents: "export { SESv2Client } from '@aws-sdk/client-sesv2';",
        resolveDir: repoRoot,
        sourcefile: 'static-ses.ts',
        loader: 'ts',
      },
    });
    expect([...facts.values()][0]!.atImport.has('@aws-sdk/client-sesv2')).toBe(true);
  });
});
