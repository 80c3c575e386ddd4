/**
 * `npm run build` when the build is missing or older than what it is made
 * from (src/, assembly/, schemas/, the build scripts, package.json): run before
 * `npm test`, `npm start` and `npm run bench`, so a fresh clone needs only
 * `npm ci` and a current one does not wait for a build it has.
 *
 *   node scripts/build-if-stale.mjs
 */
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUTS = ['dist/skillgraph.cjs', 'dist/types/index.d.ts', 'build/skillgraph.wasm'];
const INPUTS = [
  'src',
  'assembly',
  'scripts/bundle.mjs',
  'scripts/declarations.mjs',
  'schemas',
  'asconfig.json',
  'package.json',
  'tsconfig.build.json',
];

/** The newest mtime below `path` (a file or a folder), 0 when it is missing. */
function newest(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), st.mtimeMs);
}

const built = Math.min(...OUTPUTS.map((f) => newest(join(ROOT, f)) || -1));
const source = Math.max(...INPUTS.map((f) => newest(join(ROOT, f))));
if (built < source) execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
