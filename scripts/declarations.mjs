/**
 * dist/types/: every declaration the package's entries reach in one file, skillgraph.d.ts, and one
 * small file per entry that names its exports from it. One bundle, because both entries share most
 * of their types, and a rolled-up file keeps only the declarations the entries reach rather than
 * every export of every module they touch. The files are CommonJS declarations: they describe
 * dist/skillgraph.cjs, which `require` and the ES module entries both hand over.
 */
import { generateDtsBundle } from 'dts-bundle-generator';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** An `@example` block of a doc comment: its tag line and the lines up to the next tag or the comment's end. */
const EXAMPLE = /\n[ \t]*\*[ \t]*@example[^\n]*(?:\n[ \t]*\*(?![ \t]*@|\/)[^\n]*)*/g;

/** The names `file` exports: every entry is a list of `export { … } from` statements. */
function exportedNames(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names = [];
  for (const statement of source.statements) {
    const clause = ts.isExportDeclaration(statement) ? statement.exportClause : undefined;
    if (clause && ts.isNamedExports(clause)) names.push(...clause.elements.map((e) => e.name.text));
    else if (ts.isExportDeclaration(statement) || ts.getCombinedModifierFlags(statement) & ts.ModifierFlags.Export)
      throw new Error(`declarations: ${file} may only re-export named bindings (export { … } from …)`);
  }
  return names.sort();
}

/**
 * Write dist/types/ for `entries` (entry name → source file under `root`), with `config` the
 * tsconfig whose options (stripInternal among them) the declarations are emitted with.
 */
export function bundleDeclarations(root, out, entries, config) {
  // The generator takes one entry file: a module that re-exports both, written beside them and removed.
  const union = join(root, 'src', `.declarations-${process.pid}.ts`);
  const sources = Object.values(entries).map((file) => join(root, file));
  writeFileSync(
    union,
    sources.map((file) => `export * from './${file.split('/').pop().replace(/\.ts$/, '.js')}';\n`).join(''),
  );
  let bundle;
  try {
    [bundle] = generateDtsBundle([{ filePath: union, output: { noBanner: true } }], { preferredConfigPath: config });
  } finally {
    rmSync(union, { force: true });
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  // The examples stay in the sources and docs/; in the tarball they cost a fifth of its room to spare.
  writeFileSync(join(out, 'skillgraph.d.ts'), bundle.replace(EXAMPLE, ''));
  for (const [name, file] of Object.entries(entries)) {
    const names = exportedNames(join(root, file));
    writeFileSync(
      join(out, `${name}.d.ts`),
      `export {\n${names.map((n) => `  ${n},`).join('\n')}\n} from './skillgraph.js';\n`,
    );
  }
  writeFileSync(join(out, 'package.json'), '{\n  "type": "commonjs"\n}\n');
}
