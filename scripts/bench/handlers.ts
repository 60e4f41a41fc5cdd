import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { handlerModulePath, httpRoutes, webSocketRoutes } from '../../functions/src/routes';
import { median } from './stats';

export interface HandlerFigures {
  handler: string;
  minifiedBytes: number;
  gzipBytes: number;
  medianImportMs: number;
}

const IMPORT_RUNS = 15;

/**
 * Bundles each distinct handler the way CDK's NodejsFunction does (esbuild, ESM, minified, the
 * AWS SDK left to the Lambda runtime) and times its module import in fresh Node processes:
 * the part of a cold start the code controls.
 */
export async function measureHandlers(outDir: string): Promise<HandlerFigures[]> {
  outDir = path.resolve(outDir);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const handlers = [
    ...new Set([
      ...Object.values(httpRoutes).map((route) => route.handler),
      ...Object.values(webSocketRoutes),
    ]),
  ].sort();
  const figures: HandlerFigures[] = [];
  for (const handler of handlers) {
    const outfile = path.join(outDir, `${handler.replace(/\//g, '__')}.mjs`);
    await build({
      entryPoints: [path.resolve('functions/src/features', handlerModulePath(handler))],
      outfile,
      bundle: true,
      minify: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      external: ['@aws-sdk/*'],
      tsconfig: 'tsconfig.json',
      banner: {
        js: "import{createRequire}from'module';const require=createRequire(import.meta.url);",
      },
      logLevel: 'error',
    });
    const code = readFileSync(outfile);
    const times: number[] = [];
    for (let run = 0; run < IMPORT_RUNS; run += 1) {
      const probe = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const t=performance.now();await import(${JSON.stringify(pathToFileURL(outfile).href)});process.stdout.write(String(performance.now()-t));`,
        ],
        {
          encoding: 'utf8',
          env: {
            ...process.env,
            TABLE_NAME: 'bench',
            AWS_REGION: 'us-east-1',
            AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
          },
        },
      );
      if (probe.status !== 0) throw new Error(`importing ${handler} failed: ${probe.stderr}`);
      times.push(Number(probe.stdout));
    }
    figures.push({
      handler,
      minifiedBytes: code.length,
      gzipBytes: gzipSync(code).length,
      medianImportMs: median(times),
    });
  }
  return figures;
}
