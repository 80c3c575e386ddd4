#!/usr/bin/env node
// The CLI: the package's code (dist/skillgraph.cjs) run with this process's I/O.
import { createRequire } from 'node:module';

const { main, processIo } = createRequire(import.meta.url)('../dist/skillgraph.cjs').cli();
main(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`skillgraph: internal error — please report it.\n${error?.stack ?? error}\n`);
    process.exitCode = 70;
  },
);
