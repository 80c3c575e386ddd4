/**
 * A positional argument means something or is refused: every verb declares
 * what its positionals are, a verb that takes none exits 2 naming the stray
 * argument, and a PATH given to a verb that takes roots is a required root.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main, VERBS } from '../../../src/cli/main.js';

const dir = mkdtempSync(join(tmpdir(), 'skillgraph-positionals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await main(args, {
    stdout: { write: () => true },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: dir,
    env: { HOME: join(dir, 'home'), NO_COLOR: '1' },
  });
  return { code, stderr };
}

describe('positional arguments', () => {
  it('every verb declares them, and the ones that take none refuse a stray argument (exit 2)', async () => {
    const kinds: Record<string, string> = {};
    for (const [name, load] of Object.entries(VERBS)) {
      const { spec } = await load();
      kinds[name] = spec.positionals;
      if (spec.positionals !== 'none') continue;
      const r = await run([name, 'stray-argument', '--no-cache']);
      expect(r.code, name).toBe(2);
      expect(r.stderr, name).toContain("unexpected argument 'stray-argument'");
    }
    expect(kinds).toMatchObject({
      catalog: 'roots',
      list: 'roots',
      lock: 'roots',
      check: 'roots',
      graph: 'none',
      context: 'none',
      bench: 'none',
      resolve: 'names',
      validate: 'paths',
    });
  });

  it('a PATH that does not exist is a missing required root for the verbs that take roots', async () => {
    for (const verb of ['catalog', 'list', 'lock']) {
      const r = await run([verb, 'no-such-folder', '--no-cache']);
      expect(r.code, verb).toBe(2);
      expect(r.stderr, verb).toContain('no-such-folder');
    }
  });
});
