import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Stack frames of a deployed bundle, pointed back at our sources. The functions do not run with
 * `--enable-source-maps`: Node reads and parses a module's source map when it loads the module,
 * which cost 15-18 ms of every cold start (docs/architecture.md, "Cold start"). Instead a
 * logged unexpected error, which is rare, reads the maps then (once per file and container) and
 * maps each `file:line:column` of a frame to its original source, through the map beside that
 * file: `index.mjs.map` for the entry, `chunk-*.mjs.map` for a lazily loaded chunk. A frame whose file has no
 * map beside it (local runs of the TypeScript sources, Node's own modules) stays as it is.
 */
export function sourceMappedFrames(frames: string): string {
  return frames.replace(location, (whole, file: string, line: string, column: string) => {
    const map = sourceMapOf(file);
    if (!map) return whole;
    // Stack positions count from 1, the map's from 0.
    const entry = map.findEntry(Number(line) - 1, Number(column) - 1);
    if (!('originalSource' in entry)) return whole;
    return `${readablePath(entry.originalSource)}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

/** `file:///var/task/index.mjs:1:2345` or `/var/task/index.mjs:1:2345` in a frame. */
const location = /((?:file:\/\/)?\/[^\s():]+\.m?js):(\d+):(\d+)/g;

const maps = new Map<string, SourceMap | null>();

function sourceMapOf(file: string): SourceMap | null {
  const cached = maps.get(file);
  if (cached !== undefined) return cached;
  let map: SourceMap | null = null;
  try {
    const path = file.startsWith('file:') ? fileURLToPath(file) : file;
    map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')) as SourceMapPayload);
  } catch {
    // No map beside the file (or an unreadable one): its frames stay unmapped.
  }
  maps.set(file, map);
  return map;
}

/**
 * The map names sources relative to where the bundle was built (CDK's asset staging directory),
 * e.g. `../../../functions/src/lib/http/handler.ts`: the leading `../` say nothing.
 */
function readablePath(source: string): string {
  return source.replace(/^(?:\.\.\/)+/, '');
}
