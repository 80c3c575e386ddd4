/**
 * Shared set-up for the adversarial CLI tests: a scratch folder per file, a
 * fresh project with one skill root, and an in-process run of the CLI.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { SCHEMA_VERSION } from '../../../src/cli/io.js';

export const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-adversarial-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let counter = 0;
/** A fresh folder with one skill root `r/` holding `pdf`. */
export function project(description = 'Use when a PDF must be filled'): string {
  const dir = join(scratch, `p${counter++}`);
  mkdirSync(join(dir, 'r', 'pdf'), { recursive: true });
  writeFileSync(
    join(dir, 'r', 'pdf', 'SKILL.md'),
    `---\nname: pdf\ndescription: ${description}\n---\nFill the form.\n`,
  );
  return dir;
}

/** Run the CLI in-process with captured output, a private HOME and cache, no colour. */
export async function run(
  cwd: string,
  args: readonly string[],
  tty = false,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s), isTTY: tty },
    cwd,
    env: { HOME: join(scratch, 'home'), XDG_CACHE_HOME: join(scratch, 'cache'), NO_COLOR: '1' },
  });
  return { code, stdout, stderr };
}

/** Parse stdout as exactly one JSON document with the current schemaVersion. */
export function oneJsonDocument(stdout: string): { error?: { code: string } } & Record<string, unknown> {
  const doc = JSON.parse(stdout) as { schemaVersion: number; error?: { code: string } };
  expect(doc.schemaVersion).toBe(SCHEMA_VERSION);
  return doc;
}
