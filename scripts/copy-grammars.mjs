/**
 * Copy the tree-sitter grammars the audit parses scripts with into
 * build/grammars/, which the package ships (`files`): the audit finds them
 * there from src/ and dist/ alike, and never fetches anything at run time.
 * They come prebuilt from @vscode/tree-sitter-wasm (a dev dependency: only
 * these five files are shipped, not its 22 MB of other languages).
 *
 *   node scripts/copy-grammars.mjs   (part of `npm run build`)
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GRAMMARS = ['bash', 'python', 'javascript', 'typescript', 'powershell'];
const from = dirname(createRequire(import.meta.url).resolve('@vscode/tree-sitter-wasm/package.json'));
const out = join(ROOT, 'build', 'grammars');
mkdirSync(out, { recursive: true });
for (const g of GRAMMARS) copyFileSync(join(from, 'wasm', `tree-sitter-${g}.wasm`), join(out, `tree-sitter-${g}.wasm`));
