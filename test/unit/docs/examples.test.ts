/**
 * Every code example in the README and docs/ runs on this Node (20 or later).
 *
 * The convention, per fenced block language:
 * - ```ts and ```js: a whole program. It runs in its own Node process through
 *   tsx, as an ES module, with `'skillgraph'` (and `'skillgraph/<subpath>'`)
 *   mapped to the repository's `src/`. It must exit 0.
 * - ```sh: each line that starts with `skillgraph` or `npx skillgraph` runs
 *   through the CLI in-process (`src/cli/main.ts`), in order; other lines
 *   (`npm install …`, `npm test`) are set-up commands and are not run. A line
 *   must exit 0 unless its comment says `(exit N)`. `> FILE` at the end writes
 *   the command's stdout to FILE (in the working folder), as a shell would. A `\` at the end of a line
 *   continues the command; `#` starts a comment.
 * - ```text: output or a synopsis, not run. A ```text block that directly
 *   follows a ```sh block of one command is that command's output (stdout then
 *   stderr) and must equal what the command prints.
 * - ```json: a JSON document; ```jsonc: a JSON shape with `…` and comments;
 *   ```yaml: must parse as YAML. Any other language (or none) fails the test.
 *
 * Every block runs in a fresh temp folder holding a copy of `examples/` (so
 * paths are written as from the repository root), with HOME and
 * XDG_CACHE_HOME inside it so no user folder or cache is touched.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { main } from '../../../src/cli/main.js';
import { codeBlocks, docFiles, read, REPO, type CodeBlock } from './_markdown.js';

const run = promisify(execFile);
const TSX = pathToFileURL(join(REPO, 'node_modules/tsx/dist/loader.mjs')).href;
const LANGS = new Set(['ts', 'js', 'sh', 'text', 'json', 'jsonc', 'yaml']);
const scratch: string[] = [];

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** A fresh working folder: a copy of examples/, with its own HOME and cache. */
function workFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skillgraph-docs-'));
  scratch.push(dir);
  cpSync(join(REPO, 'examples'), join(dir, 'examples'), { recursive: true, verbatimSymlinks: true });
  return dir;
}

function env(dir: string): Record<string, string> {
  return { PATH: process.env.PATH ?? '', HOME: join(dir, 'home'), XDG_CACHE_HOME: join(dir, 'cache'), NO_COLOR: '1' };
}

/** `import … from 'skillgraph'` → the repository's src/index.ts (subpaths → src/<subpath>.ts). */
export function mapImports(code: string): string {
  return code.replace(
    /(from\s+|import\s*\(\s*|import\s+)(['"])skillgraph(\/[\w/-]+)?\2/g,
    (_m, lead: string, quote: string, sub?: string) => {
      const target = pathToFileURL(join(REPO, 'src', sub ? `${sub.slice(1)}.ts` : 'index.ts')).href;
      return `${lead}${quote}${target}${quote}`;
    },
  );
}

export interface ShellCommand {
  readonly argv: string[];
  readonly expect: number;
  readonly text: string;
  /** `> FILE`: where stdout goes. */
  readonly out?: string;
}

/** The runnable commands of one ```sh block (see the convention above). */
export function shellCommands(code: string): ShellCommand[] {
  const joined = code.replace(/\\\n/g, ' ');
  const commands: ShellCommand[] = [];
  for (const raw of joined.split('\n')) {
    const { words, comment } = shellWords(raw.trim());
    if (words[0] === 'npx') words.shift();
    if (words[0] !== 'skillgraph') continue;
    const exit = /\(exit (\d+)\)/.exec(comment);
    const redirect =
      words.length > 2 && words[words.length - 2] === '>' ? words.splice(words.length - 2, 2)[1] : undefined;
    commands.push({
      argv: words.slice(1),
      expect: exit ? Number(exit[1]) : 0,
      text: raw.trim(),
      ...(redirect ? { out: redirect } : {}),
    });
  }
  return commands;
}

/** POSIX-ish word splitting: quotes, backslash escapes, `#` comments. No expansion. */
export function shellWords(line: string): { words: string[]; comment: string } {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'" || c === '"') {
      const end = line.indexOf(c, i + 1);
      if (end < 0) throw new Error(`unterminated quote in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end;
    } else if (c === '\\' && i + 1 < line.length) {
      word = (word ?? '') + line[++i];
    } else if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) {
      return { words, comment: line.slice(i) };
    } else {
      word = (word ?? '') + c;
    }
  }
  if (word !== undefined) words.push(word);
  return { words, comment: '' };
}

async function runCli(argv: string[], dir: string, out?: string): Promise<{ code: number; output: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: dir,
    env: env(dir),
  });
  if (out !== undefined) {
    writeFileSync(join(dir, out), stdout);
    return { code, output: stderr };
  }
  return { code, output: stdout + stderr };
}

const normalise = (text: string, dir: string): string =>
  text
    .replaceAll(dir, '')
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trim();

const blocks: CodeBlock[] = docFiles().flatMap((file) => codeBlocks(file, read(file)));

describe('documentation code blocks', () => {
  it('are found, and each names a known language', () => {
    expect(blocks.length).toBeGreaterThan(10);
    const unknown = blocks.filter((b) => !LANGS.has(b.lang)).map((b) => `${b.file}:${b.line} '${b.lang}'`);
    expect(unknown).toEqual([]);
  });

  for (const [index, block] of blocks.entries()) {
    const where = `${block.file}:${block.line} (${block.lang})`;
    if (block.lang === 'ts' || block.lang === 'js') {
      it(`${where} runs`, async () => {
        const dir = workFolder();
        const file = join(dir, `example.${block.lang === 'ts' ? 'mts' : 'mjs'}`);
        writeFileSync(file, mapImports(block.code));
        const result = await run(process.execPath, [`--import=${TSX}`, file], {
          cwd: dir,
          env: env(dir),
          timeout: 60_000,
        }).catch((e: { code?: number; stderr?: string }) => ({ failed: e.code, stderr: e.stderr }));
        expect('failed' in result ? result : 'exit 0').toBe('exit 0');
      });
    } else if (block.lang === 'sh') {
      const commands = shellCommands(block.code);
      if (commands.length === 0) continue;
      const next = blocks[index + 1];
      const output =
        next && next.file === block.file && next.lang === 'text' && commands.length === 1 && isRightAfter(block, next)
          ? next
          : undefined;
      it(`${where} runs${output ? ' and prints the output shown below it' : ''}`, async () => {
        const dir = workFolder();
        for (const command of commands) {
          const result = await runCli(command.argv, dir, command.out);
          expect({
            command: command.text,
            code: result.code,
            output: result.code === command.expect ? '' : result.output,
          }).toEqual({
            command: command.text,
            code: command.expect,
            output: '',
          });
          if (output) expect(normalise(result.output, dir)).toBe(normalise(output.code, dir));
        }
      });
    } else if (block.lang === 'yaml') {
      it(`${where} parses as YAML`, () => {
        expect(() => parseYaml(block.code)).not.toThrow();
      });
    } else if (block.lang === 'json') {
      it(`${where} parses as JSON (lines)`, () => {
        const text = block.code.trim();
        const docs = text.startsWith('{"') && text.includes('\n{') ? text.split('\n') : [text];
        for (const doc of docs) expect(() => JSON.parse(doc)).not.toThrow();
      });
    }
  }
});

/** Only blank lines between the end of `a` and the start of `b`. */
function isRightAfter(a: CodeBlock, b: CodeBlock): boolean {
  const lines = read(a.file)
    .split('\n')
    .slice(a.endLine, b.line - 1);
  return lines.every((l) => l.trim() === '');
}
