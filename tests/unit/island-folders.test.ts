import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Island folders never import each other in a cycle (issue 37 point 3): what several folders use
// lives in src/islands/shared/. The lint's import-x/no-cycle sees cycles of files; this sees
// cycles of folders (account → forms → account, each file alone acyclic). Type-only imports do
// not count: they are gone once compiled.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ISLANDS = join(ROOT, 'src/islands');

type Graph = Map<string, Set<string>>;

/** The relative modules a file's code imports or re-exports, type-only ones left out. */
function valueImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause !== undefined &&
          !clause.name &&
          clause.namedBindings !== undefined &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (!statement.isTypeOnly) found.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return found.filter((specifier) => specifier.startsWith('.'));
}

/** Which island folder imports which, read from the files under src/islands. */
function islandGraph(): Graph {
  const graph: Graph = new Map();
  for (const folder of readdirSync(ISLANDS, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const targets = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|tsx)$/.test(entry.name)) {
          for (const specifier of valueImports(path, readFileSync(path, 'utf8'))) {
            const target = relative(ISLANDS, normalize(join(dirname(path), specifier)));
            const [top] = target.split('/');
            if (!target.startsWith('..') && top !== folder.name && target.includes('/')) {
              targets.add(top!);
            }
          }
        }
      }
    };
    walk(join(ISLANDS, folder.name));
    graph.set(folder.name, targets);
  }
  return graph;
}

/** Each cycle of the graph once, as the folders in it (smallest first), e.g. ['account', 'forms']. */
function cyclesOf(graph: Graph): string[][] {
  const reach = (from: string) => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length) {
      for (const next of graph.get(stack.pop()!) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
    return seen;
  };
  const cycles = new Map<string, string[]>();
  for (const node of graph.keys()) {
    if (!reach(node).has(node)) continue;
    const members = [...graph.keys()].filter(
      (other) => reach(node).has(other) && reach(other).has(node),
    );
    const sorted = members.sort();
    cycles.set(sorted.join(), sorted);
  }
  return [...cycles.values()];
}

describe('the island folders', () => {
  it('find a cycle of folders, and leave type-only imports out', () => {
    const graph: Graph = new Map([
      ['account', new Set(['forms', 'shared'])],
      ['forms', new Set(['account'])],
      ['admin', new Set(['checkout'])],
      ['checkout', new Set(['gift-cards'])],
      ['gift-cards', new Set(['admin', 'shared'])],
      ['shared', new Set<string>()],
    ]);
    expect(cyclesOf(graph)).toEqual([
      ['account', 'forms'],
      ['admin', 'checkout', 'gift-cards'],
    ]);
    graph.set('forms', new Set(['shared']));
    graph.set('gift-cards', new Set(['shared']));
    expect(cyclesOf(graph)).toEqual([]);

    const code =
      "import type { A } from '../admin/a';\nimport { type B } from '../admin/b';\nimport { c } from '../checkout/c';\nexport { d } from '../shared/d';\nexport type { E } from '../account/e';\n";
    expect(valueImports('x.ts', code)).toEqual(['../checkout/c', '../shared/d']);
  });

  it('import each other in no cycle, and shared/ imports no island folder', () => {
    const graph = islandGraph();
    expect(cyclesOf(graph)).toEqual([]);
    expect([...(graph.get('shared') ?? [])]).toEqual([]);
  });
});
