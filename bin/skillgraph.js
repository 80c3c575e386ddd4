#!/usr/bin/env node
// The CLI: the package's code (dist/skillgraph.cjs, with the code cache of bin/code-cache.cjs) run with this
// process's I/O.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const argv = process.argv.slice(2);
const { loadWithCache } = require('./code-cache.cjs');
const core = loadWithCache(require.resolve('../dist/skillgraph.cjs'), process.env);
const { main, processIo } = core.exports.cli();
main(argv, processIo()).then(
  (code) => {
    core.save();
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`skillgraph: internal error — please report it.\n${error?.stack ?? error}\n`);
    process.exitCode = 70;
  },
);
