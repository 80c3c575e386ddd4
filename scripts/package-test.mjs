/**
 * The packaged library, as a user gets it: `npm pack` this checkout, check
 * the tarball (its files, ≤ 410 KB), install it into a fresh project (from
 * the tarball and the local npm cache), then run the README's library example
 * as ESM, as CommonJS, compiled by TypeScript (`node16`; `nodenext` in a
 * CommonJS project; `bundler`) and bundled by esbuild and by rolldown into a
 * file run from a folder with no node_modules — every one must print the
 * same. Then the CLI from the tarball, `serve` without and with the optional
 * MCP SDK, and what each install weighs.
 *
 *   node scripts/package-test.mjs [--keep]   (`.ci/run` runs it after `npm test`)
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_PACKED_BYTES = 410 * 1024;
const BIN = join(ROOT, 'node_modules', '.bin');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const failures = [];
const check = (ok, what) => {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${what}\n`);
  if (!ok) failures.push(what);
};
const run = (cmd, args, options = {}) =>
  execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options });
const npm = (args, cwd) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd,
    env: { ...process.env, npm_config_loglevel: 'warn' },
  });

const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-package-'));
const project = join(scratch, 'project');
const elsewhere = join(scratch, 'elsewhere');
const cwd = join(scratch, 'run');
try {
  // 1. The tarball: built if stale, packed as published.
  run(process.execPath, [join(ROOT, 'scripts', 'build-if-stale.mjs')], { stdio: 'inherit' });
  const [packed] = JSON.parse(
    run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], { cwd: ROOT }),
  );
  const tarball = join(scratch, packed.filename);
  const files = packed.files.map((f) => f.path);
  process.stdout.write(
    `tarball: ${(packed.size / 1024).toFixed(1)} KB packed, ${(packed.unpackedSize / 1024).toFixed(0)} KB unpacked, ` +
      `${files.length} files\n`,
  );
  check(
    packed.size <= MAX_PACKED_BYTES,
    `the tarball is at most ${MAX_PACKED_BYTES / 1024} KB (${(packed.size / 1024).toFixed(1)} KB)`,
  );
  const allowed = new RegExp(
    '^(bin/(skillgraph\\.js|code-cache\\.cjs)|dist/(THIRD-PARTY\\.md|(index|internals)\\.c?js' +
      '|(skillgraph|audit|verbs|worker|audit-worker|yaml|zod)\\.cjs|types/.+\\.d\\.ts|types/package\\.json|schemas/[\\w.-]+\\.json)' +
      '|README\\.md|LICENSE|package\\.json)$',
  );
  const unexpected = files.filter((f) => !allowed.test(f));
  check(
    files.every((f) => allowed.test(f)),
    `it holds only the CLI, dist/, the schemas, README, LICENSE (unexpected: ${unexpected.join(', ') || 'none'})`,
  );

  // 2. A fresh project with the tarball alone: what a user who only validates installs.
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  const install = spawnText('npm', ['install', tarball, '--no-audit', '--no-fund', '--prefer-offline'], project);
  check(!/install-scripts[^\n]*skillgraph/.test(install.stderr), 'installing it asks to run no script of skillgraph');
  const lean = weigh(project);
  const schema = run(process.execPath, ['-p', "JSON.stringify(require('skillgraph/schemas/audit.schema.json'))"], {
    cwd: project,
  }).trim();
  check(
    schema === JSON.stringify(JSON.parse(readFileSync(join(ROOT, 'schemas', 'audit.schema.json'), 'utf8'))),
    'skillgraph/schemas/audit.schema.json resolves to the schema in schemas/',
  );

  // 3. The README's example, every way it can be loaded.
  mkdirSync(cwd);
  cpSync(join(ROOT, 'examples', 'skills'), join(cwd, 'examples', 'skills'), { recursive: true });
  const example = readmeExample();
  const outputs = new Map();
  const node = (file) => run(process.execPath, [file], { cwd });
  writeFileSync(join(project, 'app.mjs'), example);
  outputs.set('ESM', node(join(project, 'app.mjs')));
  writeFileSync(
    join(project, 'app.cjs'),
    example.replace(/^import \{([^}]+)\} from 'skillgraph';/m, "const {$1} = require('skillgraph');"),
  );
  outputs.set('CommonJS', node(join(project, 'app.cjs')));
  for (const [label, type, options] of [
    ['TypeScript node16', 'module', { module: 'node16', moduleResolution: 'node16' }],
    ['TypeScript nodenext, CommonJS project', 'commonjs', { module: 'nodenext', moduleResolution: 'nodenext' }],
    ['TypeScript bundler', 'module', { module: 'esnext', moduleResolution: 'bundler' }],
  ]) {
    const dir = join(project, label.replace(/\W+/g, '-').toLowerCase());
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type }));
    writeFileSync(join(dir, 'app.ts'), example);
    const compilerOptions = {
      ...options,
      target: 'es2022',
      strict: true,
      skipLibCheck: false,
      outDir: 'out',
      typeRoots: [join(ROOT, 'node_modules', '@types')],
      types: ['node'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['app.ts'] }));
    try {
      run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir]);
      writeFileSync(join(dir, 'out', 'package.json'), JSON.stringify({ type }));
      outputs.set(label, node(join(dir, 'out', 'app.js')));
    } catch (error) {
      outputs.set(label, `tsc failed:\n${error.stdout}${error.stderr}`);
    }
  }
  mkdirSync(elsewhere);
  run(
    join(BIN, 'esbuild'),
    [
      join(project, 'app.mjs'),
      '--bundle',
      '--platform=node',
      `--outfile=${join(elsewhere, 'app-esbuild.cjs')}`,
      '--log-level=error',
    ],
    { cwd: project },
  );
  outputs.set('esbuild bundle, run from another folder', node(join(elsewhere, 'app-esbuild.cjs')));
  run(
    join(BIN, 'rolldown'),
    [join(project, 'app.mjs'), '--platform', 'node', '--format', 'cjs', '--file', join(elsewhere, 'app-rolldown.cjs')],
    { cwd: project },
  );
  outputs.set('rolldown bundle, run from another folder', node(join(elsewhere, 'app-rolldown.cjs')));
  const expected = outputs.get('ESM');
  check(
    /^sha256:[0-9a-f]{64}\nproject\n/.test(expected),
    "the ESM example prints the catalog's digest and the winning scope",
  );
  for (const [label, out] of outputs)
    if (label !== 'ESM')
      check(out === expected, `${label} prints what ESM prints${out === expected ? '' : `:\n${out}`}`);

  // Worker threads run the package's own worker entry; the internals load beside the library.
  writeFileSync(
    join(project, 'workers.cjs'),
    `const { createEngine, makeRoot } = require('skillgraph');
const { JS_HASHER } = require('skillgraph/internals');
const engine = createEngine({ workers: 1, cache: false, inlineThreshold: 1 });
engine.loadCatalog({ roots: [makeRoot({ path: 'examples/skills/project', scope: 'project' }, process.cwd())] })
  .then(({ catalog, stats }) => engine.close()
    .then(() => console.log(stats.workers, catalog.skills.length, JS_HASHER.name)));
`,
  );
  check(
    node(join(project, 'workers.cjs')) === '1 3 js\n',
    'a worker thread parses through skillgraph/worker, and skillgraph/internals loads',
  );

  // 4. The CLI from the tarball; serve without the optional SDK, then with it.
  const cli = spawnText(join(project, 'node_modules', '.bin', 'skillgraph'), ['validate', 'examples/skills'], cwd);
  check(cli.status === 0 && /7 valid, 0 invalid/.test(cli.stderr), 'skillgraph validate runs from the tarball');
  const audit = (workers) =>
    spawnText(
      join(project, 'node_modules', '.bin', 'skillgraph'),
      ['audit', 'examples/skills', '--json', '--workers', workers],
      cwd,
    );
  const [inline, pooled] = [audit('0'), audit('1')];
  check(
    inline.status === 0 && pooled.status === 0 && pooled.stdout === inline.stdout && pooled.stderr === inline.stderr,
    "skillgraph audit's worker runs from the tarball (dist/audit-worker.cjs) and reports what inline reports",
  );
  const bare = spawnText(
    join(project, 'node_modules', '.bin', 'skillgraph'),
    ['serve', 'examples/skills', '--http', '0', '--no-watch'],
    cwd,
  );
  check(
    bare.status === 2 && bare.stderr.includes('npm install @modelcontextprotocol/sdk'),
    'serve without the MCP SDK exits 2 naming the command that installs it',
  );
  npm(['install', `@modelcontextprotocol/sdk@${pkg.devDependencies['@modelcontextprotocol/sdk']}`], project);
  const full = weigh(project);
  check(await serves(join(project, 'node_modules', '.bin', 'skillgraph')), 'serve with the MCP SDK installed listens');
  process.stdout.write(
    `installed: ${lean.packages} packages, ${lean.mb} MB of files for validate-only use; ` +
      `${full.packages} packages, ${full.mb} MB with serve\n`,
  );
} finally {
  if (process.argv.includes('--keep')) process.stdout.write(`kept ${scratch}\n`);
  else rmSync(scratch, { recursive: true, force: true });
}
process.stdout.write(failures.length ? `package test: ${failures.length} failed\n` : 'package test: all passed\n');
process.exitCode = failures.length ? 1 : 0;

/** The README's library example (the first ts block under "## Library"). */
function readmeExample() {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Library'));
  const block = /```ts\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error("package test: no ts block under the README's Library section");
  return block[1];
}

/** Run a command to its end: status, stdout, stderr. */
function spawnText(cmd, args, dir) {
  const r = spawnSync(cmd, args, { cwd: dir, encoding: 'utf8' });
  if (r.error) throw r.error;
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Packages below node_modules (each folder with a package.json naming it) and their size. */
function weigh(dir) {
  let packages = 0;
  let bytes = 0;
  const walk = (folder, inModules) => {
    for (const e of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, e.name);
      if (e.isDirectory()) {
        if (inModules && !e.name.startsWith('@') && !e.name.startsWith('.')) packages++;
        walk(path, e.name === 'node_modules' || (inModules && e.name.startsWith('@')));
      } else if (e.isFile()) bytes += statSync(path).size;
    }
  };
  walk(join(dir, 'node_modules'), true);
  return { packages, mb: (bytes / 1e6).toFixed(1) };
}

/** Start `skillgraph serve --http 0` and wait until it says where it listens; then stop it. */
function serves(bin) {
  return new Promise((resolve) => {
    const child = spawn(bin, ['serve', 'examples/skills', '--http', '0', '--no-watch'], {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    const timer = setTimeout(() => child.kill('SIGTERM'), 20_000);
    child.stderr.on('data', (chunk) => {
      log += chunk;
      if (/http:\/\/127\.0\.0\.1:\d+/.test(log)) child.kill('SIGTERM');
    });
    child.on('close', () => {
      clearTimeout(timer);
      resolve(/http:\/\/127\.0\.0\.1:\d+/.test(log));
    });
  });
}
