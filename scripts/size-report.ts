// `npx tsx scripts/size-report.ts` (issue 37 points 1 and 3): the code's shape in five figures
// anyone can rerun. Source files over 300 lines and functions over 80 lines in api/, server/,
// core/ and src/ (src/'s .astro and .css files count for lines too); imports that reach into another module's files instead of its index.ts (from api/,
// server/, scripts/ and bench/); and the folders under api/ that take part in an import cycle
// (type-only imports do not count), and the island folders under src/islands/ in one (issue 37
// point 3: what several use lives in src/islands/shared/). `--list` prints each offending file, function and import.
// `--check` (run by `npm test`'s lint lane) also fails when any figure is over its limit: a file over
// 300 lines outside seed data, a function over 80, a deep import, a module or island folder in a cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;
const MODULES = 'api/modules/';
const check = process.argv.includes('--check');
const list = process.argv.includes('--list') || check;
/** Data, not code: the demo catalogue's rows. */
const isData = (file: string) => file.startsWith('api/db/seed/');

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(join(ROOT, path))) {
      const child = `${path}/${name}`;
      if (name === 'node_modules' || name === 'migrations') continue;
      if (statSync(join(ROOT, child)).isDirectory()) walk(child);
      else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) found.push(child);
      else if (path.startsWith('src') && /\.(astro|css)$/.test(name)) found.push(child);
    }
  };
  if (existsSync(join(ROOT, folder))) walk(folder);
  return found;
}

function parse(file: string): ts.SourceFile {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

/** Each function of a file with its line count (nested functions count on their own too). */
function longFunctions(source: ts.SourceFile): { name: string; lines: number }[] {
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = end - start + 1;
      if (lines > MAX_FUNCTION_LINES) found.push({ name: functionName(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function functionName(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  return `(anonymous, line ${line})`;
}

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** The relative imports and re-exports of a file, resolved to files of the repository. */
function importsOf(file: string, source: ts.SourceFile): Import[] {
  const found: Import[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    let typeOnly = false;
    if (ts.isImportDeclaration(statement)) {
      specifier = statement.moduleSpecifier;
      const clause = statement.importClause;
      typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      specifier = statement.moduleSpecifier;
      const clause = statement.exportClause;
      typeOnly =
        statement.isTypeOnly ||
        (!!clause &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly));
    }
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const to = resolveImport(file, specifier.text);
    if (to) found.push({ from: file, to, typeOnly });
  }
  return found;
}

function resolveImport(file: string, specifier: string): string | undefined {
  const base = relative(ROOT, resolve(ROOT, dirname(file), specifier));
  const candidates = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((tail) => base + tail);
  return candidates.find(
    (candidate) => existsSync(join(ROOT, candidate)) && statSync(join(ROOT, candidate)).isFile(),
  );
}

/** The module a file of api/modules/ belongs to (`orders`), or undefined outside them. */
function moduleOf(file: string): string | undefined {
  if (!file.startsWith(MODULES)) return undefined;
  return file.slice(MODULES.length).split('/')[0];
}

/** A node of the folder graph: a module, a folder of api/ (db, lib, plugins) or a file of api/. */
function folderOf(file: string): string | undefined {
  if (!file.startsWith('api/')) return undefined;
  const module = moduleOf(file);
  if (module) return `modules/${module}`;
  const parts = file.slice('api/'.length).split('/');
  return parts.length > 1 ? parts[0] : parts[0]!.replace(/\.tsx?$/, '');
}

/** The strongly connected components of more than one node (Tarjan). */
function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indexOf.has(node)) connect(node);
  return found;
}

const isCode = (file: string) => /\.(ts|tsx)$/.test(file);
const measured = ['api', 'server', 'core', 'src'].flatMap(sourceFiles);
const importing = ['api', 'server', 'scripts', 'bench', 'src'].flatMap(sourceFiles).filter(isCode);
const parsed = new Map<string, ts.SourceFile>();
for (const file of new Set([...measured, ...importing].filter(isCode))) {
  parsed.set(file, parse(file));
}

const bigFiles = measured
  .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_FILE_LINES);
const bigFunctions = measured
  .filter(isCode)
  .flatMap((file) => longFunctions(parsed.get(file)!).map((found) => ({ file, ...found })));

const imports = importing.flatMap((file) => importsOf(file, parsed.get(file)!));
const deep = imports.filter(({ from, to }) => {
  const target = moduleOf(to);
  return !!target && moduleOf(from) !== target && to.slice(MODULES.length) !== `${target}/index.ts`;
});

const graph = new Map<string, Set<string>>();
for (const { from, to, typeOnly } of imports) {
  const [a, b] = [folderOf(from), folderOf(to)];
  if (!a || !b || a === b || typeOnly) continue;
  if (!graph.has(a)) graph.set(a, new Set());
  graph.get(a)!.add(b);
}
const inCycles = cycles(graph);

/** The island folder of a file under src/islands/ (`account`), or undefined elsewhere. */
const islandOf = (file: string) =>
  file.startsWith('src/islands/') && file.split('/').length > 3 ? file.split('/')[2] : undefined;
const islandGraph = new Map<string, Set<string>>();
for (const { from, to, typeOnly } of imports) {
  const [a, b] = [islandOf(from), islandOf(to)];
  if (!a || !b || a === b || typeOnly) continue;
  if (!islandGraph.has(a)) islandGraph.set(a, new Set());
  islandGraph.get(a)!.add(b);
}
const islandCycles = cycles(islandGraph);
const modulesInCycles = inCycles.flat().filter((node) => node.startsWith('modules/'));

console.log(
  `Source files over ${MAX_FILE_LINES} lines (api, server, core, src): ${bigFiles.length}`,
);
if (list) for (const { file, lines } of bigFiles) console.log(`  ${lines}  ${file}`);
console.log(
  `Functions over ${MAX_FUNCTION_LINES} lines (api, server, core, src): ${bigFunctions.length}`,
);
if (list)
  for (const { file, name, lines } of bigFunctions) console.log(`  ${lines}  ${file} ${name}`);
console.log(`Imports reaching into another module's files: ${deep.length}`);
if (list) for (const { from, to } of deep) console.log(`  ${from} -> ${to}`);
console.log(
  `Folders of api/ in an import cycle: ${inCycles.flat().length} (of them modules: ${modulesInCycles.length})`,
);
if (list) for (const component of inCycles) console.log(`  ${component.join(', ')}`);
console.log(`Island folders in an import cycle: ${islandCycles.flat().length}`);
if (list) for (const component of islandCycles) console.log(`  ${component.join(', ')}`);

if (check) {
  const failures = [
    bigFiles.filter(({ file }) => !isData(file)).length,
    bigFunctions.length,
    deep.length,
    modulesInCycles.length,
    islandCycles.flat().length,
  ];
  if (failures.some((count) => count > 0)) {
    console.error('Over a limit (issue 37 points 1 and 3): see the lines above.');
    process.exit(1);
  }
}
