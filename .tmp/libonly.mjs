import { build } from 'esbuild';
import { readFileSync, existsSync } from 'node:fs';
import { dirname } from 'node:path';
const ROOT = '/work/wt-package';
const twins = { name: 'twins', setup(b) { b.onLoad({ filter: /[\\/]src[\\/].*\.ts$/ }, (args) => { const t = args.path.replace(/\.ts$/, '.bundle.ts'); return existsSync(t) && !args.path.endsWith('.bundle.ts') ? { contents: readFileSync(t, 'utf8'), loader: 'ts', resolveDir: dirname(t) } : undefined; }); } };
const ext = { name: 'ext', setup(b) { b.onResolve({ filter: /^(piscina|\.\/yaml\.cjs|\.\/zod\.cjs|@modelcontextprotocol\/sdk.*|zod)$/ }, (a) => ({ path: a.path, external: true })); } };
await build({ absWorkingDir: ROOT, entryPoints: [process.argv[2]], outfile: process.argv[3], bundle: true, format: 'cjs', platform: 'node', target: 'node20', minifyWhitespace: true, minifySyntax: true, define: { SKILLGRAPH_WASM_BASE64: '""', SKILLGRAPH_CODE_STAMP: '"x"' }, plugins: [ext, twins], logLevel: 'error' });
