/**
 * What `npm pack` ships: the CLI, the built code with its types, the JSON
 * Schemas, the README and the LICENSE — no sources, source maps, tests,
 * benchmarks or features, and the file behind every entry package.json names.
 *
 * `--dry-run --ignore-scripts` lists the files without building or writing a
 * tarball, so the test is fast and offline. (The packed tarball itself, its
 * size and its use from a fresh project are scripts/package-test.mjs's.)
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const built = existsSync(join(REPO, 'dist', 'skillgraph.cjs'));

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

/** Every file a `package.json` field or export condition names, without its leading `./`. */
function entryTargets(): string[] {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
    main: string;
    types: string;
    bin: Record<string, string>;
    exports: Record<string, unknown>;
  };
  const leaves = (v: unknown): string[] =>
    typeof v === 'string' ? [v] : Object.values(v as Record<string, unknown>).flatMap(leaves);
  return [pkg.main, pkg.types, ...Object.values(pkg.bin), ...leaves(pkg.exports)].map((t) => t.replace(/^\.\//, ''));
}

describe('the packed package', () => {
  const files = packedFiles();

  it('ships the CLI, the schemas, the README, the LICENSE and package.json', () => {
    const wanted = [
      'bin/skillgraph.js',
      'bin/code-cache.cjs',
      'dist/schemas/catalog.schema.json',
      'dist/schemas/defs.schema.json',
      'README.md',
      'LICENSE',
      'package.json',
    ];
    expect(wanted.filter((f) => !files.includes(f))).toEqual([]);
  });

  it.skipIf(!built)(
    'ships the code once: a core and its parts, yaml and zod beside it, small entries, the types and the licences',
    () => {
      const code = files.filter((f) => f.startsWith('dist/') && !/^dist\/(?:types|schemas)\//.test(f));
      expect(code).toEqual([
        'dist/THIRD-PARTY.md',
        'dist/audit-worker.cjs',
        'dist/audit.cjs',
        'dist/index.cjs',
        'dist/index.js',
        'dist/internals.cjs',
        'dist/internals.js',
        'dist/skillgraph.cjs',
        'dist/verbs.cjs',
        'dist/worker.cjs',
        'dist/yaml.cjs',
        'dist/zod.cjs',
      ]);
      expect(files).toContain('dist/types/package.json');
      // Each source module is evaluated by one function named after it, in one file only.
      const seen = new Map<string, string>();
      const twice: string[] = [];
      for (const file of code.filter((f) => f.endsWith('.cjs'))) {
        for (const [, module] of readFileSync(join(REPO, file), 'utf8').matchAll(/"(src\/[\w/.-]+\.ts)"\(\)\{/g)) {
          if (seen.has(module!) && seen.get(module!) !== file)
            twice.push(`${module} in ${seen.get(module!)} and ${file}`);
          seen.set(module!, file);
        }
      }
      expect(seen.size).toBeGreaterThan(200);
      expect(twice).toEqual([]);
    },
  );

  it.skipIf(!built)('ships the file behind every entry package.json names', () => {
    // A pattern (`./schemas/*`) names the files its folder ships.
    const ships = (t: string) =>
      t.includes('*') ? files.some((f) => f.startsWith(t.slice(0, t.indexOf('*')))) : files.includes(t);
    expect(entryTargets().filter((t) => !ships(t))).toEqual([]);
  });

  it('ships no source map, sources, tests, benchmarks, features or WASM build files', () => {
    const leaked = files.filter(
      (f) => f.endsWith('.map') || /^(src|test|bench|features|assembly|examples|build|node_modules|scripts)\//.test(f),
    );
    expect(leaked).toEqual([]);
  });

  it('ships JavaScript only under dist/ and bin/', () => {
    const scripts = files.filter((f) => /\.(m?js|cjs|ts)$/.test(f) && !f.endsWith('.d.ts'));
    expect(scripts.filter((f) => !f.startsWith('dist/') && !f.startsWith('bin/'))).toEqual([]);
  });

  it('is built without source maps', () => {
    const config = JSON.parse(readFileSync(join(REPO, 'tsconfig.build.json'), 'utf8')) as {
      compilerOptions: Record<string, unknown>;
    };
    const { sourceMap, declarationMap, inlineSourceMap } = config.compilerOptions;
    expect({ sourceMap, declarationMap, inlineSourceMap }).toEqual({
      sourceMap: false,
      declarationMap: false,
      inlineSourceMap: undefined,
    });
    expect(readFileSync(join(REPO, 'scripts/bundle.mjs'), 'utf8')).not.toMatch(/sourcemap\s*:/);
  });

  it('needs no install script: a consumer of the tarball runs no build', () => {
    const { scripts } = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(Object.keys(scripts).filter((s) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(s))).toEqual(
      [],
    );
  });
});
