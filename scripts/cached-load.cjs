'use strict';
/**
 * Compile and run a CommonJS file with V8's code cache beside it
 * (`<file>.cache`) when there is one. Copied to dist/lib/ by
 * scripts/bundle.mjs: the library's entry (dist/lib/index.js) loads the
 * library (dist/lib/index.cjs) through it, and scripts/code-cache.mjs makes
 * the cache through it, so both compile the same wrapped source (V8 takes a
 * cache only for the source it was made from, and only from the V8 version
 * and flags that made it; a rejected cache costs a normal compile).
 *
 * The wrapper is require's, plus `__importMetaUrl`: the bundle's
 * `import.meta.url`, the file's own URL.
 */
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const { dirname } = require('node:path');
const { pathToFileURL } = require('node:url');
const { Script } = require('node:vm');

/** The file's source as compiled. */
function wrapped(file) {
  return `(function (exports, require, module, __filename, __dirname, __importMetaUrl) {${readFileSync(file, 'utf8')}\n})`;
}

/**
 * Run `file` (a path) once; `{ exports, script }`. `useCache: false`
 * compiles without the cache (to make one).
 */
function load(file, useCache = true) {
  let cachedData;
  if (useCache) {
    try {
      cachedData = readFileSync(`${file}.cache`);
    } catch {
      cachedData = undefined;
    }
  }
  const script = new Script(wrapped(file), cachedData ? { filename: file, cachedData } : { filename: file });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file), pathToFileURL(file).href);
  return { exports: module.exports, script };
}

module.exports = { load };
