#!/usr/bin/env node
// `npm start`: the main job on the bundled example skills, verb by verb, through the
// built CLI (dist/). Each step prints what a user would type, then its output.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const { main } = createRequire(import.meta.url)('../dist/skillgraph.cjs').cli();
const here = dirname(fileURLToPath(import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-demo-'));
const io = {
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: here,
  env: { ...process.env, XDG_CACHE_HOME: join(scratch, 'cache') },
};

const steps = [
  ['validate', 'skills'],
  ['catalog'],
  ['resolve', 'ship-it'],
  ['graph', '--format', 'mermaid'],
  ['context', '--lazy'],
  ['load', 'release-notes', '--run', 'demo', '--log', join(scratch, 'events.jsonl')],
  ['load', 'release-notes', '--run', 'demo', '--log', join(scratch, 'events.jsonl')],
];

let worst = 0;
try {
  for (const argv of steps) {
    process.stderr.write(`\n\u001b[1m$ skillgraph ${argv.join(' ').replaceAll(scratch, '$TMP')}\u001b[0m\n`);
    const code = await main(argv, io);
    if (code !== 0) process.stderr.write(`(exit ${code})\n`);
    worst = Math.max(worst, code === 1 ? 0 : code);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = worst;
