import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  assetFile,
  buildHandlerAssets,
  bundleFile,
  filesLoadedAtImport,
  handlerAssetDir,
} from '../../infra/lib/handler-bundling';
import { manifestHandlers } from '../../infra/lib/handler-functions';
import { median } from './stats';

export interface HandlerFigures {
  handler: string;
  minifiedBytes: number;
  gzipBytes: number;
  medianImportMs: number;
  /** The CPU time of the same imports: less swayed than wall time by a busy machine. */
  medianImportCpuMs: number;
}

const IMPORT_RUNS = 15;

/**
 * Times one dynamic import of the module at `url`: prints its wall and CPU (user + system)
 * milliseconds on stdout.
 */
const importProbe = (url: string) =>
  `const c=process.cpuUsage(),t=performance.now();await import(${JSON.stringify(url)});` +
  'const w=performance.now()-t,u=process.cpuUsage(c);' +
  "process.stdout.write(w+' '+(u.user+u.system)/1000);";

export interface ImportTimes {
  wallMs: number;
  cpuMs: number;
}

/**
 * The wall and CPU time one fresh Node process takes to import the bundle at `file`, with the
 * environment a function has at cold start (a region, the table's name; no `NODE_OPTIONS`).
 */
export function importTimes(file: string): ImportTimes {
  const probe = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', importProbe(pathToFileURL(file).href)],
    {
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        TABLE_NAME: 'bench',
        AWS_REGION: 'us-east-1',
      },
    },
  );
  if (probe.status !== 0) throw new Error(`importing ${file} failed: ${probe.stderr}`);
  const [wallMs, cpuMs] = probe.stdout.split(' ').map(Number);
  return { wallMs: wallMs!, cpuMs: cpuMs! };
}

/** The medians of `importTimes` over IMPORT_RUNS processes. */
export function medianImportTimes(file: string): ImportTimes {
  const runs = Array.from({ length: IMPORT_RUNS }, () => importTimes(file));
  return {
    wallMs: median(runs.map((run) => run.wallMs)),
    cpuMs: median(runs.map((run) => run.cpuMs)),
  };
}

/**
 * Builds every handler of the manifest exactly as the stack deploys it (`buildHandlerAssets`,
 * the stack's own bundling: minified ESM with the AWS SDK inside, what only `import()` reaches
 * split into chunks) and times the import of its `index.mjs` in fresh Node processes, as Lambda
 * imports it: the chunks it imports statically load with it, the lazily imported ones do not.
 * The processes have the function's environment (no `--enable-source-maps`, as in Lambda: the
 * source map is read only when an error is logged): the part of a cold start the code controls.
 * The bundles import nothing from node_modules, so what is timed is all of it. Sizes are of the
 * files the import loads (`index.mjs` and its static chunks), without source maps.
 */
export async function measureHandlers(outDir: string): Promise<HandlerFigures[]> {
  outDir = path.resolve(outDir);
  rmSync(outDir, { recursive: true, force: true });
  const handlers = manifestHandlers();
  const builds = await buildHandlerAssets(handlers, outDir);
  const figures: HandlerFigures[] = [];
  for (const [index, handler] of handlers.entries()) {
    const assetDir = handlerAssetDir(outDir, handler);
    const code = Buffer.concat(
      filesLoadedAtImport(builds[index]!.metafile).map((file) =>
        readFileSync(assetFile(assetDir, file)),
      ),
    );
    const times = medianImportTimes(bundleFile(outDir, handler));
    figures.push({
      handler,
      minifiedBytes: code.length,
      gzipBytes: gzipSync(code).length,
      medianImportMs: times.wallMs,
      medianImportCpuMs: times.cpuMs,
    });
  }
  return figures;
}
