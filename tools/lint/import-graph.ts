import path from 'node:path';
import ts from 'typescript';

/**
 * The relative imports between the files of an app's `src/` (tests and test helpers left out: they observe the app
 * from outside), and what docs/architecture.md asks of them: no file imports one that imports it back, no folder
 * imports a file of the root (which imports the folders), and the folders depend on each other one way.
 */
export type SourceFiles = ReadonlyMap<string, string>;

const TEST = /(\.(spec|int-spec|e2e-spec)\.ts|\.fake\.ts)$|(^|\/)testing\//;

/** Each production file (path relative to `src/`) with the files it imports. */
export function importGraph(files: SourceFiles): Map<string, string[]> {
  const resolve = (from: string, specifier: string): string | undefined => {
    if (!specifier.startsWith('.')) return undefined;
    const base = path.posix.join(path.posix.dirname(from), specifier);
    return [`${base}.ts`, `${base}/index.ts`].find((candidate) => files.has(candidate));
  };
  const graph = new Map<string, string[]>();
  for (const [file, source] of files) {
    if (TEST.test(file)) continue;
    const imported = ts
      .preProcessFile(source, true, true)
      .importedFiles.map((ref) => resolve(file, ref.fileName));
    graph.set(
      file,
      imported.filter((target): target is string => target !== undefined && !TEST.test(target)),
    );
  }
  return graph;
}

/** The groups of nodes that reach each other (Tarjan's strongly connected components of more than one node). */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) as number, low.get(target) as number));
      } else if (stack.includes(target))
        low.set(node, Math.min(low.get(node) as number, index.get(target) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The folder of a file under `src/` (`''` for the root). */
const folderOf = (file: string): string => (file.includes('/') ? file.split('/')[0] : '');

/** The graph of the folders: which folder's files import which other folder's (the root as `''`). */
export function folderGraph(graph: ReadonlyMap<string, readonly string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = folderOf(file);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets) if (folderOf(target) !== from) edges.add(folderOf(target));
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges].sort()]));
}

/** Imports of a root file from a folder: arrows back up to what imports the folders. */
export function backArrows(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    folderOf(file) === ''
      ? []
      : targets.filter((target) => folderOf(target) === '').map((target) => `${file} -> ${target}`),
  );
}
