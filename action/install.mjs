/**
 * Which skillgraph the Action runs, and getting it there. By default the
 * code of the action's own ref: `npm ci` in the action's checkout (which
 * builds the WASM core and dist/), cached by actions/cache under a key made
 * of the lockfile and every source file, so a ref runs exactly its code.
 * With the `version` input, that exact published version instead, checked
 * against the `integrity` input (the tarball's SHA-512) before it is
 * installed: never a registry name without a pin.
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ActionError, input } from './github.mjs';

/** What the cache key of a checkout build covers, besides package-lock.json. */
const BUILD_INPUTS = [
  'package.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'asconfig.json',
  'bin',
  'src',
  'assembly',
  'scripts',
];

const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
const SRI_SHA512 = /^sha512-[A-Za-z0-9+/]{86}==$/;

/**
 * The plan for installing skillgraph: the mode, the CLI it ends with, and the cache key and
 * folders. Checks the inputs first, so a bad pin fails before anything is fetched.
 */
export function installPlan(env) {
  const actionPath = env.GITHUB_ACTION_PATH;
  if (!actionPath) throw new ActionError('GITHUB_ACTION_PATH is not set: run this script as a step of the action');
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20)
    throw new ActionError(
      `skillgraph needs Node 20 or later on the runner, found ${process.version} (add actions/setup-node)`,
    );
  const platform = `${env.RUNNER_OS || process.platform}-${env.RUNNER_ARCH || process.arch}-node${major}`;
  const version = input(env, 'version');
  const integrity = input(env, 'integrity');
  if (version === '') {
    if (integrity !== '') throw new ActionError('input integrity is for a pinned version: set version too, or neither');
    const key = `skillgraph-build-${platform}-${buildDigest(actionPath)}`;
    return {
      mode: 'checkout',
      cli: join(actionPath, 'bin', 'skillgraph.js'),
      key,
      paths: ['node_modules', 'dist', 'build'].map((p) => join(actionPath, p)),
    };
  }
  if (!SEMVER.test(version))
    throw new ActionError(
      `input version must be an exact version such as 0.1.0 (no range, no tag such as latest), got '${version}'`,
    );
  if (!SRI_SHA512.test(integrity)) {
    throw new ActionError(
      `input integrity must be the sha512-… integrity of skillgraph@${version}'s tarball ` +
        `(npm view skillgraph@${version} dist.integrity, checked once by you), got '${integrity}'`,
    );
  }
  const dir = join(env.RUNNER_TEMP || join(actionPath, '.skillgraph'), `skillgraph-${version}`);
  const key = `skillgraph-pinned-${platform}-${version}-${integrity.slice(7, 27).replace(/[+/]/g, '_')}`;
  return {
    mode: 'pinned',
    version,
    integrity,
    dir,
    cli: join(dir, 'node_modules', 'skillgraph', 'bin', 'skillgraph.js'),
    key,
    paths: [dir],
  };
}

/** SHA-256 over package-lock.json and the files the build reads, in a stable order. */
export function buildDigest(root) {
  const hash = createHash('sha256');
  const add = (rel) => {
    const abs = join(root, rel);
    const st = statSync(abs, { throwIfNoEntry: false });
    if (st?.isDirectory()) for (const name of readdirSync(abs).sort()) add(`${rel}/${name}`);
    else if (st?.isFile()) hash.update(`${rel}\0${st.size}\0`).update(readFileSync(abs));
  };
  add('package-lock.json');
  for (const rel of BUILD_INPUTS) add(rel);
  return hash.digest('hex').slice(0, 32);
}

/** The SRI string (`sha512-…`) of a file's bytes. */
export function fileIntegrity(file) {
  return `sha512-${createHash('sha512').update(readFileSync(file)).digest('base64')}`;
}

/**
 * Throw unless `file` has the integrity `expected`.
 *
 * @example checkIntegrity('skillgraph-0.1.0.tgz', 'sha512-…')
 */
export function checkIntegrity(file, expected) {
  const actual = fileIntegrity(file);
  if (actual !== expected)
    throw new ActionError(`the downloaded tarball's integrity is ${actual}, not the pinned ${expected}: not installed`);
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, {
    cwd,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    shell: process.platform === 'win32',
  });
  if (r.status !== 0) throw new ActionError(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal})`);
  return r.stdout;
}

/** Install what the plan says (skipped by action.yml when the cache held it). */
export function install(plan) {
  if (plan.mode === 'checkout') {
    // npm ci installs; the build (the WASM core and dist/) is a step of its own since nothing builds on install.
    const root = join(plan.cli, '..', '..');
    process.stdout.write(run('npm', ['ci', '--no-audit', '--no-fund'], root));
    process.stdout.write(run('npm', ['run', 'build'], root));
  } else {
    mkdirSync(plan.dir, { recursive: true });
    const packed = JSON.parse(
      run('npm', ['pack', `skillgraph@${plan.version}`, '--pack-destination', plan.dir, '--json'], plan.dir),
    );
    const tarball = join(plan.dir, packed[0].filename);
    checkIntegrity(tarball, plan.integrity);
    // Its dependencies are pinned to exact versions in its package.json; no install scripts run.
    run(
      'npm',
      [
        'install',
        '--prefix',
        plan.dir,
        '--no-audit',
        '--no-fund',
        '--omit=dev',
        '--ignore-scripts',
        '--no-save',
        tarball,
      ],
      plan.dir,
    );
  }
  if (!existsSync(plan.cli)) throw new ActionError(`the install left no ${plan.cli}`);
}
