#!/usr/bin/env node
// Runs the bundled CLI from dist/bin/ (built by `npm install` through `prepare`).
import { main, processIo } from '../dist/bin/main.js';

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
