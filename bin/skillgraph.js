#!/usr/bin/env node
// Runs the compiled CLI from dist/ (built by `npm install` through `prepare`).
import { main, processIo } from '../dist/cli/main.js';

const io = processIo();
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`skillgraph: internal error — please report it.\n${error?.stack ?? error}\n`);
    process.exitCode = 70;
  },
);
