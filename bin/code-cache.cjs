'use strict';
/**
 * The CLI's code (dist/skillgraph.cjs) compiled with V8's code cache, kept in
 * the cache folder the CLI already uses ($XDG_CACHE_HOME/skillgraph, else
 * ~/.cache/skillgraph), under code/. Only the CLI does this: the library is
 * loaded by `require`, as every bundler expects. A cache is named by the
 * code file's size and mtime and by the Node version and platform; V8 also
 * refuses one made by another version or flags, and then the code compiles
 * as it would without one. It is written (atomically) after a run that
 * compiled without a usable one, so it holds the functions that run used.
 * It changes how fast the code starts, never what it does: `--no-cache`
 * (the store) leaves it on; a folder that cannot be written only means the
 * next run compiles again.
 */
const { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } = require('node:fs');
const Module = require('node:module');
const { homedir } = require('node:os');
const { dirname, join } = require('node:path');
const { Script } = require('node:vm');

/** Where the cache of `file` (its current size and mtime) lives for this Node. */
function cacheFile(file, env) {
  const { size, mtimeMs } = statSync(file);
  const root = env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache');
  return join(
    root,
    'skillgraph',
    'code',
    `skillgraph-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.platform}-${process.arch}.cache`,
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
 * `{ exports, save }`: the code's exports, and `save()` to call once the run is
 * done (it writes the cache when this run had none it could use; it never throws).
 */
exports.loadWithCache = function loadWithCache(file, env) {
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
    } catch {
      // A cache folder that cannot be written only means the next run compiles again.
    }
  };
  return { exports, save };
};
