/**
 * What `npm pack` ships: the CLI, the compiled library with its types, the
 * WASM core when it is built, the README and the LICENSE — and nothing that
 * points at files the package leaves out (source maps name `src/`, which is
 * not shipped), nor tests, benchmarks or features.
 *
 * `--dry-run --ignore-scripts` lists the files without building or writing a
 * tarball, so the test is fast and offline.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

/** The bundles scripts/bundle.mjs builds (`[folder, entry name, source]`): `dist/<folder>/<name>.js` → its source. */
const BUNDLE_ENTRIES: Readonly<Record<string, string>> = Object.fromEntries(
  [...readFileSync(join(REPO, 'scripts/bundle.mjs'), 'utf8').matchAll(/\['(\w+)', '(\w+)', '(src\/[\w/.-]+\.ts)'\]/g)].map(([, dir, name, source]) => [`dist/${dir}/${name}.js`, source!]),
);

interface PackEntry {
  readonly path: string;
}

function packedFiles(): string[] {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const out = execFileSync(npm, ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_loglevel: 'error' },
  });
  const [report] = JSON.parse(out) as [{ files: PackEntry[] }];
  return report.files.map((f) => f.path).sort();
}

describe('the packed package', () => {
  const files = packedFiles();

  it('ships the CLI, the library and its types, the JSON Schemas, the README, the LICENSE and package.json', () => {
    const wanted = ['bin/skillgraph.js', 'dist/lib/index.js', 'dist/bin/main.js', 'dist/index.d.ts', 'schemas/catalog.schema.json', 'schemas/defs.schema.json', 'README.md', 'LICENSE', 'package.json'];
    expect(wanted.filter((f) => !files.includes(f))).toEqual([]);
  });

  it('ships the WASM core when it is built', () => {
    const built = existsSync(join(REPO, 'build/skillgraph.wasm'));
    expect(files.includes('build/skillgraph.wasm')).toBe(built);
  });

  it('ships no source map, sources, tests, benchmarks or features', () => {
    const leaked = files.filter((f) => f.endsWith('.map') || /^(src|test|bench|features|assembly|examples|node_modules)\//.test(f));
    expect(leaked).toEqual([]);
  });

  it('ships compiled JavaScript only under dist/ and bin/', () => {
    const scripts = files.filter((f) => /\.(m?js|cjs|ts)$/.test(f) && !f.endsWith('.d.ts'));
    expect(scripts.filter((f) => !f.startsWith('dist/') && !f.startsWith('bin/'))).toEqual([]);
  });

  it('ships the file behind every entry package.json names (each built from a source in src/)', () => {
    const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
      main: string;
      types: string;
      bin: Record<string, string>;
      exports: Record<string, string | Record<string, string>>;
    };
    const targets = [pkg.main, pkg.types, ...Object.values(pkg.bin), ...Object.values(pkg.exports).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)))]
      .map((t) => t.replace(/^\.\//, ''));
    // dist/ is what `npm install` (prepare) builds from src/: each target there has its source (types
    // from tsc beside their module's path, JavaScript from a bundle's entry), and once built it is in
    // the pack. (Tests run from src/, so a checkout may hold an older dist/.)
    const sourceOf = (t: string): string => BUNDLE_ENTRIES[t] ?? join('src', t.slice(5).replace(/\.d\.ts$/, '.ts'));
    const noSource = targets.filter((t) => t.startsWith('dist/') && !existsSync(join(REPO, sourceOf(t))));
    expect(noSource).toEqual([]);
    const notPacked = targets.filter((t) => (!t.startsWith('dist/') || existsSync(join(REPO, t))) && !files.includes(t));
    expect(notPacked).toEqual([]);
  });

  it('is built without source maps, so a rebuilt dist/ names no file the package leaves out', () => {
    const config = JSON.parse(readFileSync(join(REPO, 'tsconfig.build.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
    const { sourceMap, declarationMap, inlineSourceMap } = config.compilerOptions;
    expect({ sourceMap, declarationMap, inlineSourceMap }).toEqual({ sourceMap: false, declarationMap: false, inlineSourceMap: undefined });
  });
});
