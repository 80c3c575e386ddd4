/**
 * Every verb's `--help` (and the overview) fits 80 columns, or a narrower terminal, and shows
 * at least one example whose flags the verb has. Runs over main.ts's verb table, so a verb
 * added later is held to the same rule.
 */
import { describe, expect, it } from 'vitest';
import { COMMON_FLAGS } from '../../../src/cli/args.js';
import { usageWords } from '../../../src/cli/help.js';
import { main, VERBS } from '../../../src/cli/main.js';
import { displayWidth, wrapToWidth } from '../../../src/cli/width.js';

async function help(args: readonly string[], columns?: number): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(args, {
    stdout: {
      write: (s: string | Buffer) => (out += String(s)),
      isTTY: columns !== undefined,
      ...(columns ? { columns } : {}),
    },
    stderr: { write: (s: string) => (err += s) },
    cwd: process.cwd(),
    env: {},
  });
  return { code, out, err };
}

const widest = (text: string): number => Math.max(...text.split('\n').map(displayWidth));

describe('--help', () => {
  for (const verb of Object.keys(VERBS)) {
    it(`${verb}: within 80 columns, with an example using the verb's own flags`, async () => {
      const { code, out, err } = await help([verb, '--help']);
      expect([code, err]).toEqual([0, '']);
      expect(widest(out)).toBeLessThanOrEqual(80);
      const examples = out
        .slice(out.indexOf('\nexamples:\n') + 1)
        .split('\n')
        .slice(1)
        .filter(Boolean);
      expect(out).toContain('\nexamples:\n');
      expect(examples.length).toBeGreaterThan(0);
      const { spec } = await VERBS[verb]!();
      const known = new Set([...Object.keys(spec.flags), ...Object.keys(COMMON_FLAGS)]);
      for (const example of spec.examples ?? []) {
        expect(example.startsWith(`skillgraph ${verb}`), example).toBe(true);
        // Flags up to a pipe or redirection belong to the verb.
        const words = usageWords(example.split(/\s[|>]\s/)[0]!);
        for (const w of words.filter((x) => x.startsWith('--')))
          expect(known, `${example}: ${w}`).toContain(w.slice(2).split('=')[0]);
      }
    });
  }

  it('fits a narrower terminal, and never grows past 80 on a wide one', async () => {
    for (const verb of ['catalog', 'context', 'serve']) {
      expect(widest((await help([verb, '--help'], 60)).out)).toBeLessThanOrEqual(60);
      expect(widest((await help([verb, '--help'], 200)).out)).toBeLessThanOrEqual(80);
    }
  });

  it('the overview lists every verb within 80 columns', async () => {
    const { code, out } = await help(['--help']);
    expect(code).toBe(0);
    expect(widest(out)).toBeLessThanOrEqual(80);
    for (const verb of Object.keys(VERBS)) expect(out).toMatch(new RegExp(`^  ${verb} `, 'm'));
  });
});

describe('wrapToWidth', () => {
  it('breaks at spaces, cuts a word wider than the line, counts wide characters as two', () => {
    expect(wrapToWidth('one two three', 7)).toEqual(['one two', 'three']);
    expect(wrapToWidth('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapToWidth('中文 中文', 4)).toEqual(['中文', '中文']);
    expect(wrapToWidth('', 10)).toEqual(['']);
  });
});
