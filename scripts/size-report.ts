/**
 * Size report (issue 37 point 3): the functions longer than a limit and the files longer than a
 * limit, read with the TypeScript compiler API so nested and arrow functions are counted too.
 *
 *   npx tsx scripts/size-report.ts [--functions 80] [--files 300] [--check] [folder…]
 *
 * Folders default to src; .ts/.tsx files are parsed for functions, .ts/.tsx/.astro/.css files are
 * counted for lines. With --check it exits 1 when anything is over a limit.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface SizeFinding {
  file: string;
  line: number;
  name: string;
  lines: number;
}

const COUNTED = /\.(ts|tsx|astro|css|mjs)$/;
const PARSED = /\.(ts|tsx|mjs)$/;

function filesUnder(folder: string): string[] {
  const stat = statSync(folder);
  if (stat.isFile()) return [folder];
  return readdirSync(folder).flatMap((name) =>
    name === 'node_modules' || name.startsWith('.') ? [] : filesUnder(join(folder, name)),
  );
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText(source)})`;
  return '(anonymous)';
}

/** The functions of one file's text longer than `limit` lines, outermost and nested alike. */
export function longFunctions(file: string, text: string, limit: number): SizeFinding[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: SizeFinding[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) found.push({ file, line: start + 1, name: nameOf(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function main(argv: string[]) {
  let functionLimit = 80;
  let fileLimit = 300;
  let check = false;
  const folders: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--functions') functionLimit = Number(argv[++i]);
    else if (arg === '--files') fileLimit = Number(argv[++i]);
    else if (arg === '--check') check = true;
    else folders.push(arg);
  }
  const files = (folders.length ? folders : ['src'])
    .flatMap(filesUnder)
    .filter((file) => COUNTED.test(file))
    .sort();
  const longFiles: SizeFinding[] = [];
  const longFns: SizeFinding[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const name = relative(process.cwd(), file);
    if (lines > fileLimit) longFiles.push({ file: name, line: 1, name, lines });
    if (PARSED.test(file)) longFns.push(...longFunctions(name, text, functionLimit));
  }
  console.log(`${files.length} files; over ${fileLimit} lines: ${longFiles.length}`);
  for (const f of longFiles) console.log(`  ${f.file} ${f.lines}`);
  console.log(`functions over ${functionLimit} lines: ${longFns.length}`);
  for (const f of longFns.sort((a, b) => b.lines - a.lines)) {
    console.log(`  ${f.file}:${f.line} ${f.name} ${f.lines}`);
  }
  if (check && (longFiles.length || longFns.length)) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  main(process.argv.slice(2));
}
