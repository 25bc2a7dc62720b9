import fs from 'node:fs';
import path from 'node:path';
import { backArrows, cycles, folderGraph, importGraph, type SourceFiles } from './import-graph';

/** docs/architecture.md, "Inside an app": the structure of every app's `src/`, production files only. */
const APPS_DIR = path.resolve(__dirname, '../../apps');

function sources(src: string): SourceFiles {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(src, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8'));
  }
  return files;
}

const APPS = fs.readdirSync(APPS_DIR).filter((app) => fs.existsSync(path.join(APPS_DIR, app, 'src')));

describe.each(APPS)('apps/%s/src', (app) => {
  const graph = importGraph(sources(path.join(APPS_DIR, app, 'src')));

  it('has no import cycle between files', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('has no folder importing a file of the root, and its folders depend on each other one way', () => {
    expect(backArrows(graph)).toEqual([]);
    expect(cycles(folderGraph(graph))).toEqual([]);
  });
});

describe('the structure check', () => {
  const tree: SourceFiles = new Map([
    ['main.ts', "import { AppModule } from './app.module';"],
    ['app.module.ts', "import { Orders } from './orders';\nimport { Stock } from './stock';"],
    ['app.config.ts', 'export const PORT = 3000;'],
    ['orders/index.ts', "export * from './orders.use-case';"],
    ['orders/orders.use-case.ts', "import { PORT } from '../app.config';\nimport { Stock } from '../stock';"],
    ['orders/orders.use-case.spec.ts', "import { AppModule } from '../app.module';"],
    ['stock/index.ts', "import { Orders } from '../orders';"],
    ['a/x.ts', "import { y } from './y';"],
    ['a/y.ts', "import { x } from './x';"],
  ]);
  const graph = importGraph(tree);

  it('finds a cycle between files and one between folders, and leaves tests out', () => {
    expect(cycles(graph)).toEqual([
      ['orders/index.ts', 'orders/orders.use-case.ts', 'stock/index.ts'],
      ['a/x.ts', 'a/y.ts'],
    ]);
    expect(graph.has('orders/orders.use-case.spec.ts')).toBe(false);
    // the root ('') is in it too: app.config.ts, imported back by orders
    expect(cycles(folderGraph(graph))).toEqual([['', 'orders', 'stock']]);
  });

  it('finds a folder importing a file of the root', () => {
    expect(backArrows(graph)).toEqual(['orders/orders.use-case.ts -> app.config.ts']);
  });
});
