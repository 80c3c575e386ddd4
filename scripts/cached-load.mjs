/**
 * Compile and run a CommonJS file with V8's code cache beside it
 * (`<file>.cache`) when there is one. Copied to dist/lib/ and dist/bin/ by
 * scripts/bundle.mjs: the library's entry (dist/lib/index.js) and the CLI's
 * (dist/bin/main.js) load their bundle through it, and
 * scripts/code-cache.mjs makes the caches through it, so both compile the
 * same wrapped source (V8 takes a cache only for the source it was made
 * from, and only from the V8 version and flags that made it; a rejected
 * cache costs a normal compile).
 *
 * The wrapper is require's, plus `__importMetaUrl`: the bundle's
 * `import.meta.url`, the file's own URL. Built-in modules come from
 * `process.getBuiltinModule` where Node has it: an ES module import of
 * `node:fs` builds a facade of every export, and the CommonJS loader
 * (`createRequire`, a resolve per call) is only started for a package the
 * bundle leaves in node_modules.
 */
const builtin = process.getBuiltinModule?.bind(process) ?? (await import('node:module')).createRequire(import.meta.url);
const { readFileSync } = builtin('node:fs');
const { Script } = builtin('node:vm');

/** The file's source as compiled. */
function wrapped(file) {
  return `(function (exports, require, module, __filename, __dirname, __importMetaUrl) {${readFileSync(file, 'utf8')}\n})`;
}

/** `require` for the bundle: built-ins at once, anything else through a CommonJS require made on first use. */
function requireFor(file) {
  let packages;
  const require = (id) => (id.startsWith('node:') ? builtin(id) : (packages ??= builtin('node:module').createRequire(file))(id));
  require.resolve = (id, options) => (packages ??= builtin('node:module').createRequire(file)).resolve(id, options);
  return require;
}

/**
 * Run `at` (a path or a file URL) once; `{ exports, script }`. `useCache: false`
 * compiles without the cache (to make one).
 */
export function load(at, useCache = true) {
  const url = builtin('node:url');
  const file = typeof at === 'string' ? at : url.fileURLToPath(at);
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
  script.runInThisContext()(module.exports, requireFor(file), module, file, builtin('node:path').dirname(file), url.pathToFileURL(file).href);
  return { exports: module.exports, script };
}
