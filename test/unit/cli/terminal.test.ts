/**
 * Output for people fits the terminal: catalog and list rows within stdout's columns (80 when
 * not a terminal), a long name cutting its own description instead of widening every row;
 * source excerpts cut around the finding's column with the caret under it; colour only on a
 * terminal and never with NO_COLOR.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { buildReport, textReport } from '../../../src/report/index.js';
import { cutAround, displayWidth } from '../../../src/cli/width.js';

const dir = mkdtempSync(join(tmpdir(), 'skillgraph-terminal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LONG = 'a-skill-with-a-very-long-name-that-nobody-could-type-twice';
const TEXT =
  'Reviews pull requests for style, tests and risky changes. Use when the user asks for a review of a branch.';
for (const name of ['review', 'ship', LONG]) {
  mkdirSync(join(dir, 'skills', name), { recursive: true });
  writeFileSync(join(dir, 'skills', name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${TEXT}\n---\nBody.\n`);
}

async function run(
  args: readonly string[],
  tty: { columns?: number; env?: Record<string, string> } | false,
): Promise<string> {
  let out = '';
  await main(args, {
    stdout: {
      write: (s: string | Buffer) => (out += String(s)),
      ...(tty ? { isTTY: true, columns: tty.columns ?? 80 } : {}),
    },
    stderr: { write: () => true },
    cwd: dir,
    env: { HOME: join(dir, 'home'), XDG_CACHE_HOME: join(dir, 'cache'), ...(tty ? tty.env : {}) },
  });
  return out;
}

const rows = (out: string): string[] => out.split('\n').filter(Boolean);

describe('catalog and list tables', () => {
  it('fit 80 columns when piped; a long name cuts its own description, not every row', async () => {
    const out = await run(['catalog', '--root', 'skills', '--no-cache'], false);
    expect(Math.max(...rows(out).map(displayWidth))).toBeLessThanOrEqual(80);
    const review = rows(out).find((r) => r.includes(' review '))!;
    // Before, every description got the 11 columns the longest name left.
    expect(review.length - review.indexOf('Reviews')).toBeGreaterThan(40);
    expect(out).toContain(LONG);
    for (const line of rows(await run(['list', '--root', 'skills', '--no-cache'], false)))
      expect(displayWidth(line)).toBeLessThanOrEqual(80);
  });

  it("follow a terminal's width", async () => {
    const wide = rows(await run(['catalog', '--root', 'skills', '--no-cache'], { columns: 140 }));
    expect(Math.max(...wide.map(displayWidth))).toBeGreaterThan(100);
    expect(Math.max(...wide.map(displayWidth))).toBeLessThanOrEqual(140);
    const narrow = rows(await run(['catalog', '--root', 'skills', '--no-cache'], { columns: 60 }));
    expect(Math.max(...narrow.map(displayWidth))).toBeLessThanOrEqual(60);
  });

  it('are painted on a terminal only, and never with NO_COLOR', async () => {
    expect(await run(['catalog', '--root', 'skills', '--no-cache'], { columns: 80 })).toContain('\u001b[1m');
    expect(
      await run(['catalog', '--root', 'skills', '--no-cache'], {
        columns: 80,
        env: { NO_COLOR: '1', FORCE_COLOR: '1' },
      }),
    ).not.toContain('\u001b[');
    expect(await run(['catalog', '--root', 'skills', '--no-cache'], false)).not.toContain('\u001b[');
  });
});

describe('source excerpts', () => {
  const line = `description: ${'x'.repeat(200)} <b>bold</b> ${'y'.repeat(100)}`;
  const column = line.indexOf('<b>') + 1;
  const report = buildReport({
    suite: 'skillgraph validate',
    root: '/repo',
    findings: [
      {
        code: 'description.xml-tag',
        severity: 'warning',
        message: 'holds an XML tag',
        file: 'a/SKILL.md',
        line: 2,
        column,
        hint: 'remove it',
      },
    ],
  });

  it('are cut around the column, the caret under the finding', () => {
    const [, excerpt, caret] = textReport(report, false, () => ['---', line], 80).split('\n');
    expect(displayWidth(excerpt!)).toBeLessThanOrEqual(80);
    expect(excerpt).toMatch(/^ {2}2 \| …x+ <b>bold<\/b> y+…$/);
    expect(excerpt![caret!.indexOf('^')]).toBe('<');
  });

  it('keep a short line whole', () => {
    const [, excerpt] = textReport(
      { ...report, findings: [{ ...report.findings[0]!, column: 14 }] },
      false,
      () => ['---', 'description: <b>'],
      80,
    ).split('\n');
    expect(excerpt).toBe('  2 | description: <b>');
  });

  it('count wide characters as two columns', () => {
    const wide = `${'中'.repeat(60)}X${'文'.repeat(60)}`;
    const cut = cutAround(wide, 61, 40);
    expect(displayWidth(cut.text)).toBeLessThanOrEqual(40);
    expect(cut.text[cut.column - 1]).toBe('X');
  });
});
