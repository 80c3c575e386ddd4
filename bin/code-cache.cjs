'use strict';
/**
 * The CLI's code (dist/skillgraph.cjs and the parts it loads) compiled with V8's code cache, kept in
 * the cache folder the CLI already uses ($XDG_CACHE_HOME/skillgraph, else
 * ~/.cache/skillgraph), under code/. Only the CLI does this: the library is
 * loaded by `require`, as every bundler expects. A cache is named by the
 * file's name, place, size and mtime and by the Node version and platform; V8 also
 * refuses one made by another version or flags, and then the code compiles
 * as it would without one. It is written (atomically) after a run that
 * compiled without a usable one, so it holds the functions that run used.
 * It changes how fast the code starts, never what it does: `--no-cache`
 * (the store) leaves it on; a folder that cannot be written only means the
 * next run compiles again.
 */
const {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} = require('node:fs');
const Module = require('node:module');
const { homedir } = require('node:os');
const { basename, dirname, join } = require('node:path');
const { Script } = require('node:vm');

/** FNV-1a of `text`, eight hex digits: names an installed copy's files apart without loading node:crypto. */
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** The prefix of every cache of `file` at its place: its name, then a hash of its path. */
const placePrefix = (file) => `${basename(file, '.cjs')}-${fnv1a(file)}-`;

/** Where the cache of `file` (its current size and mtime) lives for this Node. */
function cacheFile(file, env) {
  const { size, mtimeMs } = statSync(file);
  const root = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(
    root,
    'skillgraph',
    'code',
    `${placePrefix(file)}${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.platform}-${process.arch}.cache`,
  );
}

/** Run `file` as `require` would, registered in the module cache so other requires share it. */
function run(file, script) {
  const module = new Module(file, null);
  module.filename = file;
  module.paths = Module._nodeModulePaths(dirname(file));
  Module._cache[file] = module;
  script
    .runInThisContext()
    .call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  module.loaded = true;
  return module.exports;
}

function writeAtomic(file, bytes) {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w', 0o644);
  try {
    writeSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}

/**
 * The caches of earlier builds of `file` at the same place (another size or mtime, another Node) go once a new
 * one is written; copies installed elsewhere keep theirs.
 */
function pruneOthers(cache, file) {
  const prefix = placePrefix(file);
  for (const name of readdirSync(dirname(cache)))
    if (name.startsWith(prefix) && name.endsWith('.cache') && name !== basename(cache))
      rmSync(join(dirname(cache), name), { force: true });
}

/** `{ exports, save }`: `file` run once, compiled with its cache when it has a usable one. */
function loadWithCache(file, env) {
  let cache;
  let cachedData;
  try {
    cache = cacheFile(file, env);
    cachedData = readFileSync(cache);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(Module.wrap(readFileSync(file, 'utf8')), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const exports = run(file, script);
  const fresh = cachedData === undefined || script.cachedDataRejected === true;
  const save = () => {
    if (!fresh || cache === undefined) return;
    try {
      writeAtomic(cache, script.createCachedData());
      pruneOthers(cache, file);
    } catch {
      // A cache folder that cannot be written only means the next run compiles again.
    }
  };
  return { exports, save };
}

/**
 * `{ exports, save }`: the code (`file`, the core of dist/) and every part of it loaded later, each with its
 * own cache; `save()`, called once the run is done, writes the caches of the files this run compiled without
 * one (it never throws).
 */
exports.loadWithCache = function loadCode(file, env) {
  const core = loadWithCache(file, env);
  const saves = [core.save];
  core.exports.useChunkLoader((part) => {
    const loaded = loadWithCache(join(dirname(file), `${part}.cjs`), env);
    saves.push(loaded.save);
    return loaded.exports;
  });
  return { exports: core.exports, save: () => saves.forEach((save) => save()) };
};
