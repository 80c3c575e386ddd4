/**
 * A repository's `skillgraph.config.yaml` is untrusted: an alias bomb, nesting
 * that would overflow the parser's stack, a huge or non-regular file must end
 * every verb that reads the catalog with `config.invalid` at `file:line:col`
 * (exit 2), quickly, and change nothing outside the project.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { catalogNames, hostileProject, runChild, runInProcess, snapshot, type HostileProject } from './_harness.js';

/** `levels` anchors, each a list of nine aliases of the one before: 9^levels strings if expanded. */
function aliasBomb(levels: number): string {
  let text = 'a0: &a0 [x, x, x, x, x, x, x, x, x]\n';
  for (let i = 1; i < levels; i++)
    text += `a${i}: &a${i} [${Array(9)
      .fill(`*a${i - 1}`)
      .join(', ')}]\n`;
  return text;
}

/** A project whose config lists the skill root and then `hostile` (its first line is line 1). */
function withConfig(hostile: string): HostileProject {
  const p = hostileProject();
  p.write('skillgraph.config.yaml', `roots: [.claude/skills]\n${hostile}`);
  return p;
}

const VERBS: readonly (readonly string[])[] = [
  ['catalog', '--json'],
  ['list'],
  ['lock'],
  ['check'],
  ['resolve', '--json'],
  ['context'],
  ['graph'],
  ['materialize', 'out'],
  ['load', 'normal-alpha'],
  ['describe', 'normal-alpha'],
  ['bench', '--repeat', '1'],
];

/** `file:line:col` of the config as the error names it. */
const at = (line: number, column: number): RegExp => new RegExp(`skillgraph\\.config\\.yaml:${line}:${column}\\b`);

describe('hostile config file', () => {
  it('the clean config catalogues both normal skills (the baseline the cases below break)', async () => {
    const p = withConfig('');
    const r = await runInProcess(p, ['catalog', '--json', '--no-cache']);
    expect(r.code).toBe(0);
    expect(catalogNames(r.stdout)).toEqual(['normal-alpha', 'normal-beta']);
  });

  // 9 levels: the 51st alias (line 8, the sixth `*a5`) is over the count; 3 levels: 27 aliases,
  // but yaml's expansion guard trips (reported at the first alias).
  it.each([
    ['a 9^9 alias bomb', 9, at(8, 35)],
    ['a 9^3 alias bomb under the alias count', 3, at(3, 10)],
  ])(
    '%s is config.invalid, exit 2, for every verb that reads the catalog',
    async (_, levels, where) => {
      // A lockfile from a clean config first, so `check` gets as far as reading the config.
      const p = withConfig('');
      expect((await runInProcess(p, ['lock', '--no-cache'])).code).toBe(0);
      p.write('skillgraph.config.yaml', `roots: [.claude/skills]\n${aliasBomb(levels)}`);
      const before = { home: snapshot(p.home), skills: snapshot(p.root) };
      for (const verb of VERBS) {
        const started = Date.now();
        const r = await runInProcess(p, [...verb, '--no-cache']);
        expect(Date.now() - started, verb.join(' ')).toBeLessThan(5_000);
        expect(r.code, `${verb.join(' ')}: ${r.stderr}`).toBe(2);
        expect(r.stderr, verb.join(' ')).toMatch(where);
        expect(r.stderr).not.toMatch(/please report|internal/i);
      }
      expect({ home: snapshot(p.home), skills: snapshot(p.root) }).toEqual(before);
    },
    60_000,
  );

  it('more aliases than the config limit is config.invalid at the first one over it', async () => {
    const p = withConfig(`x: &x 1\nl: [${Array(60).fill('*x').join(', ')}]\n`);
    const r = await runInProcess(p, ['catalog', '--json', '--no-cache']);
    expect(r.code).toBe(2);
    // 50 aliases are allowed; the 51st starts at column 5 + 4 × 50.
    expect(r.stderr).toMatch(at(3, 205));
  });

  it('an alias with no anchor is config.invalid at the alias', async () => {
    const r = await runInProcess(withConfig('depth: *nope\n'), ['catalog', '--json', '--no-cache']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(at(2, 8));
  });

  it.each([
    ['flow nesting behind an apostrophe', `x: [a', ${'['.repeat(20_000)}\n`, at(2, 39)],
    ['compact block sequences', `x:\n${'- '.repeat(20_000)}y\n`, at(3, 63)],
  ])(
    '%s is config.invalid at the first level over the limit, the same in a child process',
    async (_, hostile, where) => {
      const p = withConfig(hostile);
      const r = await runInProcess(p, ['catalog', '--json', '--no-cache']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(where);
      // A worker or a child has another stack size; the verdict must not move.
      const child = await runChild(p, ['catalog', '--json', '--no-cache'], { timeoutMs: 30_000 });
      expect(child.timedOut).toBe(false);
      expect(child.code).toBe(2);
      expect(child.stderr).toMatch(where);
    },
    60_000,
  );

  it('a config over 256 KiB is refused by its size at line 1', async () => {
    const p = withConfig(`# ${'x'.repeat(300 * 1024)}\n`);
    const r = await runInProcess(p, ['catalog', '--json', '--no-cache']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(at(1, 1));
  });

  it('a FIFO given as --config is refused without blocking', async () => {
    const p = hostileProject();
    execFileSync('mkfifo', [p.path('fifo.yaml')]);
    const r = await runChild(p, ['catalog', '--json', '--no-cache', '--config', 'fifo.yaml'], { timeoutMs: 20_000 });
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/fifo\.yaml:1:1/);
  }, 30_000);
});
