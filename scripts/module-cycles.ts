/*
 * Fails on any cycle between the server's module folders (apps/server/src/modules/<module>/): module A imports
 * module B, and B (directly or through others) imports A. madge sees only file cycles; two modules can depend on
 * each other through different files without one. Type-only imports count (a module that needs another's types
 * depends on it); tests (*.test.ts) do not. Run: `tsx scripts/module-cycles.ts` (part of `npm run lint:cycles`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const modulesDir = path.join(root, 'apps/server/src/modules');

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function sourcesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesOf(full);
    return isSource(entry.name) ? [full] : [];
  });
}

/** The module folder a file belongs to, or null outside the module folders (modules/index.ts included). */
function moduleOf(file: string): string | null {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length ? first : null;
}

/** Every module folder's imports of other module folders, with the files of one import as the example. */
type Edge = { from: string; to: string; example: string };

function moduleEdges(): Map<string, Map<string, Edge>> {
  const edges = new Map<string, Map<string, Edge>>();
  for (const name of fs.readdirSync(modulesDir)) {
    if (fs.statSync(path.join(modulesDir, name)).isDirectory()) edges.set(name, new Map());
  }
  for (const [name, out] of edges) {
    for (const file of sourcesOf(path.join(modulesDir, name))) {
      const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
      for (const { fileName: specifier } of importedFiles) {
        if (!specifier.startsWith('.')) continue;
        const target = moduleOf(path.resolve(path.dirname(file), specifier));
        if (target === null || target === name || out.has(target)) continue;
        const example = `${path.relative(root, file)} -> ${specifier}`;
        out.set(target, { from: name, to: target, example });
      }
    }
  }
  return edges;
}

/** Strongly connected components with more than one module (Tarjan): each is at least one cycle. */
function cyclesOf(edges: Map<string, Map<string, Edge>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components;
}

const edges = moduleEdges();
const cycles = cyclesOf(edges);
if (!cycles.length) {
  console.log(`No cycle between the ${edges.size} module folders of apps/server/src/modules.`);
} else {
  console.error(`${cycles.length} cycle(s) between module folders of apps/server/src/modules:`);
  for (const component of cycles) {
    console.error(`\n  ${component.join(', ')}`);
    const inside = new Set(component);
    for (const from of component)
      for (const edge of edges.get(from)!.values())
        if (inside.has(edge.to)) console.error(`    ${edge.from} -> ${edge.to}  (${edge.example})`);
  }
  process.exitCode = 1;
}
