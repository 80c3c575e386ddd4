// Drives the `skills-ref` npm port (a TypeScript port of the Agent Skills
// reference validator; the Python original is not installable offline) over
// every skill folder under a directory, in one process — the most favourable
// way to run it on many skills (its CLI validates one folder per process).
//
//   node bench/peers/skills-ref-driver.mjs DIR   → prints {"skills":N,"valid":V,"invalid":I}
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { validate } from 'skills-ref';

/** Folders holding a SKILL.md in any letter case; symlinks not followed; sorted. */
function skillDirs(dir, out = []) {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (entries.some((e) => e.isFile() && e.name.toLowerCase() === 'skill.md')) out.push(dir);
  for (const e of entries) {
    if (e.isDirectory() && e.name !== 'node_modules' && e.name !== '.git') skillDirs(join(dir, e.name), out);
  }
  return out;
}

const root = process.argv[2];
if (!root) {
  process.stderr.write('usage: node skills-ref-driver.mjs DIR\n');
  process.exit(2);
}
let valid = 0;
let invalid = 0;
const dirs = skillDirs(root);
for (const dir of dirs) {
  const errors = await validate(dir);
  if (errors.length === 0) valid++;
  else invalid++;
}
process.stdout.write(`${JSON.stringify({ skills: dirs.length, valid, invalid })}\n`);
