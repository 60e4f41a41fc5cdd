import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Test only: the import graph of a source tree, for the cycle checks of `import-graph.test.ts`.
 * Keys and targets are paths relative to the tree's root, with `/` separators.
 */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/** The TypeScript files under `dir`, recursively, as absolute paths. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function isFile(candidate: string): boolean {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
}

/** A relative specifier as the bundler resolution reads it: the file, `.ts`/`.tsx`, or an index. */
function resolveRelative(fromFile: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find(isFile);
}

/** A package's directory and the `imports` field of its package.json (`#db/*` → its target). */
interface PackageScope {
  dir: string;
  imports: Readonly<Record<string, unknown>>;
}

/** The package.json nearest above `dir` (Node's package scope), cached per directory. */
function packageScope(dir: string, cache: Map<string, PackageScope | null>): PackageScope | null {
  if (cache.has(dir)) return cache.get(dir)!;
  let scope: PackageScope | null = null;
  const manifest = path.join(dir, 'package.json');
  if (isFile(manifest)) {
    const { imports } = JSON.parse(readFileSync(manifest, 'utf8')) as { imports?: unknown };
    scope = {
      dir,
      imports:
        typeof imports === 'object' && imports !== null ? (imports as PackageScope['imports']) : {},
    };
  } else if (path.dirname(dir) !== dir) {
    scope = packageScope(path.dirname(dir), cache);
  }
  cache.set(dir, scope);
  return scope;
}

/**
 * A `#…` specifier as Node, esbuild, Vite and TypeScript read it: through the `imports` of the
 * nearest package.json, an exact key first, else the pattern (`#db/*`) with the longest prefix
 * before its `*`. Only string targets are followed: the repository's have no conditions.
 */
function resolveSubpath(
  fromFile: string,
  specifier: string,
  cache: Map<string, PackageScope | null>,
): string | undefined {
  const scope = packageScope(path.dirname(fromFile), cache);
  if (scope === null) return undefined;
  let target = scope.imports[specifier];
  if (target === undefined) {
    const pattern = Object.keys(scope.imports)
      .filter((key) => {
        const [prefix, suffix, ...rest] = key.split('*');
        return (
          suffix !== undefined &&
          rest.length === 0 &&
          specifier.length >= key.length &&
          specifier.startsWith(prefix!) &&
          specifier.endsWith(suffix)
        );
      })
      .sort((a, b) => b.indexOf('*') - a.indexOf('*'))[0];
    if (pattern === undefined) return undefined;
    const [prefix, suffix] = pattern.split('*') as [string, string];
    const match = specifier.slice(prefix.length, specifier.length - suffix.length);
    const patternTarget = scope.imports[pattern];
    target = typeof patternTarget === 'string' ? patternTarget.replaceAll('*', match) : undefined;
  }
  if (typeof target !== 'string') return undefined;
  const file = path.resolve(scope.dir, target);
  return isFile(file) ? file : undefined;
}

/**
 * Every module of the tree under `root` and the modules of the same tree it imports: static
 * imports, re-exports, `import type` and `import()` with a literal source (TypeScript's own
 * scanner, `ts.preProcessFile`, finds them), written as a relative path or as a subpath import
 * of package.json (`#db/…`). Package and alias specifiers (`@shared/…`) and imports that leave
 * the tree name no module of it and are left out.
 */
export function importGraph(root: string): ImportGraph {
  const graph = new Map<string, string[]>();
  const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');
  const scopes = new Map<string, PackageScope | null>();
  const resolve = (file: string, specifier: string) =>
    specifier.startsWith('#')
      ? resolveSubpath(file, specifier, scopes)
      : specifier.startsWith('.')
        ? resolveRelative(file, specifier)
        : undefined;
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => resolve(file, fileName))
      .filter((target): target is string => target !== undefined)
      .map(relative)
      .filter((target) => !target.startsWith('../'));
    graph.set(relative(file), [...new Set(targets)]);
  }
  return graph;
}

/**
 * The graph of the groups the modules belong to (`groupOf` answers a module's group, or null to
 * leave it out): an edge for every import from one group into another.
 */
export function groupGraph(graph: ImportGraph, groupOf: (module: string) => string | null) {
  const groups = new Map<string, Set<string>>();
  for (const [module, targets] of graph) {
    const from = groupOf(module);
    if (from === null) continue;
    const edges = groups.get(from) ?? new Set<string>();
    groups.set(from, edges);
    for (const target of targets) {
      const to = groupOf(target);
      if (to !== null && to !== from) edges.add(to);
    }
  }
  return new Map([...groups].map(([group, edges]) => [group, [...edges].sort()])) as ImportGraph;
}

/**
 * One cycle per strongly connected part of the graph (Tarjan's algorithm), each written as the
 * path that closes it (`a → b → a`), followed by the part's other members when it has more
 * (`(with c, d)`); empty when the graph has no cycle. One cycle per part names an import to
 * break, and a part's cycles can be exponentially many.
 */
export function findCycles(graph: ImportGraph): string[] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];

  const visit = (node: string): void => {
    index.set(node, index.size);
    lowLink.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        lowLink.set(node, Math.min(lowLink.get(node)!, lowLink.get(next)!));
      } else if (onStack.has(next)) {
        lowLink.set(node, Math.min(lowLink.get(node)!, index.get(next)!));
      }
    }
    if (lowLink.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || (graph.get(node) ?? []).includes(node)) parts.push(part);
  };

  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return parts.map((part) => {
    const cycle = cycleWithin(graph, new Set(part));
    const others = part.filter((member) => !cycle.includes(member)).sort();
    return cycle.join(' → ') + (others.length > 0 ? ` (with ${others.join(', ')})` : '');
  });
}

/** A closed path through the members of one strongly connected part, from its first member. */
function cycleWithin(graph: ImportGraph, part: ReadonlySet<string>): string[] {
  const start = [...part].sort()[0]!;
  // Breadth-first from the start back to it, inside the part: the shortest such cycle.
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node) ?? []) {
      if (!part.has(next)) continue;
      if (next === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return [...path, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}
