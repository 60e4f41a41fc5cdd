import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { DeployedHandler } from './deployed-handlers';
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

/** What a function has at cold start before any request: a region and the table's name. */
const coldStartEnvironment = {
  PATH: process.env.PATH ?? '',
  TABLE_NAME: 'bench',
  AWS_REGION: 'us-east-1',
};

/**
 * Times one dynamic import of the module at `url`: prints its wall and CPU (user + system)
 * milliseconds on stdout.
 */
const importProbe = (url: string) =>
  `const c=process.cpuUsage(),t=performance.now();await import(${JSON.stringify(url)});` +
  'const w=performance.now()-t,u=process.cpuUsage(c);' +
  "process.stdout.write(w+' '+(u.user+u.system)/1000);";

function runProbe(script: string, what: string): string {
  const probe = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: coldStartEnvironment,
  });
  if (probe.status !== 0) throw new Error(`${what} failed: ${probe.stderr}`);
  return probe.stdout;
}

export interface ImportTimes {
  wallMs: number;
  cpuMs: number;
}

/**
 * The wall and CPU time one fresh Node process takes to import the module at `file`, with the
 * environment a function has at cold start (a region, the table's name; no `NODE_OPTIONS`).
 */
export function importTimes(file: string): ImportTimes {
  const [wallMs, cpuMs] = runProbe(importProbe(pathToFileURL(file).href), `importing ${file}`)
    .split(' ')
    .map(Number);
  return { wallMs: wallMs!, cpuMs: cpuMs! };
}

/** The medians of import times taken of one file. */
function medianOf(runs: readonly ImportTimes[]): ImportTimes {
  return {
    wallMs: median(runs.map((run) => run.wallMs)),
    cpuMs: median(runs.map((run) => run.cpuMs)),
  };
}

/**
 * Each file's import times over IMPORT_RUNS fresh processes, taken in rounds: every round imports
 * every file once. On a shared machine a slow stretch lasts seconds to minutes; timing one file
 * 15 times in a row put a stretch on the few files timed during it (on 29 November 2026 the
 * first three handlers after the stage's synth read 69.6 ms, the same code 10-15 ms less in the
 * run before), where rounds spread it over every file.
 */
export function importTimesInRounds(files: readonly string[]): ImportTimes[][] {
  const runs = files.map((): ImportTimes[] => []);
  for (let round = 0; round < IMPORT_RUNS; round++) {
    files.forEach((file, index) => runs[index]!.push(importTimes(file)));
  }
  return runs;
}

/**
 * A module hook (Node's `module.register`) that tells the importing thread every module it
 * loads, through the port it is given.
 */
const loadReporter =
  'let port;export function initialize(data){port=data.port}' +
  'export async function load(url,context,next){port.postMessage(url);return next(url,context)}';

/**
 * Imports `url` with the reporter registered and prints the URL of every module the import
 * loaded, one a line. The loads happen before the import settles, so their messages are queued
 * by then and read without waiting.
 */
const loadedFilesProbe = (url: string) =>
  "import{register}from'node:module';import{MessageChannel,receiveMessageOnPort}from'node:worker_threads';" +
  'const{port1,port2}=new MessageChannel();' +
  `register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(loadReporter)}`)},{data:{port:port2},transferList:[port2]});` +
  `await import(${JSON.stringify(url)});const urls=[];` +
  'for(let m=receiveMessageOnPort(port1);m;m=receiveMessageOnPort(port1))urls.push(m.message);' +
  "process.stdout.write(urls.join('\\n'));";

/**
 * The files a fresh Node process reads to import the module at `file`: the module and the
 * chunks it imports statically, transitively; a chunk only an `import()` reaches is not among
 * them (it loads when that import first runs). Node's own modules are not files.
 */
export function filesReadAtImport(file: string): string[] {
  return runProbe(loadedFilesProbe(pathToFileURL(file).href), `listing the imports of ${file}`)
    .split('\n')
    .filter((url) => url.startsWith('file:'))
    .map((url) => fileURLToPath(url));
}

/**
 * Each function's figures from the code the stage deploys (`deployed-handlers.ts`): the size of
 * what importing its handler file loads (`index.mjs` and the chunks it imports statically;
 * without source maps), minified as staged and gzip, and the median time to import the handler
 * file in fresh Node processes, as Lambda imports it at a cold start. The processes have the
 * function's environment (no `--enable-source-maps`, as in Lambda: the source map is read only
 * when an error is logged): the part of a cold start the code controls. The assets are imported
 * where CDK staged them, outside the repository, so no node_modules can supply a dependency.
 */
export function measureHandlers(deployed: readonly DeployedHandler[]): HandlerFigures[] {
  const runs = importTimesInRounds(deployed.map(({ handlerFile }) => handlerFile));
  return deployed.map(({ handler, handlerFile }, index) => {
    const code = Buffer.concat(filesReadAtImport(handlerFile).map((file) => readFileSync(file)));
    const times = medianOf(runs[index]!);
    return {
      handler,
      minifiedBytes: code.length,
      gzipBytes: gzipSync(code).length,
      medianImportMs: times.wallMs,
      medianImportCpuMs: times.cpuMs,
    };
  });
}
