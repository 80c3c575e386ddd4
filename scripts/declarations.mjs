/**
 * Keep in dist/types/ only the declarations the package's entries reach, and
 * mark them CommonJS declarations: they describe dist/skillgraph.cjs, which
 * both `require` and the ES module entries (the same names, and the same
 * object as their default export) hand over. tsc writes one per source file;
 * the CLI's verbs, the workers and the bundle twins are reached by no entry.
 */
import { existsSync, readFileSync, readdirSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every declaration file `entries` reach through relative imports, as absolute paths. */
function reached(dir, entries) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const target = resolve(dirname(file), spec.replace(/\.js$/, '.d.ts'));
      if (!existsSync(target)) throw new Error(`declarations: ${file} imports ${spec}, which tsc did not write`);
      visit(target);
    }
  };
  for (const entry of entries) visit(join(dir, entry));
  return seen;
}

/** Delete what `entries` do not reach (and the folders left empty); write the CommonJS marker. */
export function pruneDeclarations(dir, entries) {
  const keep = reached(dir, entries);
  const sweep = (folder) => {
    for (const e of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, e.name);
      if (e.isDirectory()) {
        sweep(path);
        if (readdirSync(path).length === 0) rmdirSync(path);
      } else if (!keep.has(path)) rmSync(path);
    }
  };
  sweep(dir);
  writeFileSync(join(dir, 'package.json'), '{\n  "type": "commonjs"\n}\n');
  return keep.size;
}
