import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';

const EXAMPLES = new URL('../../../examples/', import.meta.url).pathname;

async function _run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: EXAMPLES,
    env: { HOME: '/nonexistent-home' },
  });
  return { code, stdout, stderr };
}

describe('skillgraph bench', () => {
  it('measures every mode on the given roots and reports one JSON document', async () => {
    const { code, stdout, stderr } = await _run([
      'bench',
      '--config',
      'skillgraph.config.yaml',
      '--repeat',
      '2',
      '--json',
    ]);
    expect(code).toBe(0);
    const doc = JSON.parse(stdout) as {
      schemaVersion: number;
      files: number;
      skills: number;
      modes: { mode: string; runs_ms: number[]; median_ms: number; files_per_second: number }[];
      resolve: { median_ms: number };
    };
    expect(doc.schemaVersion).toBe(2);
    expect(doc.files).toBe(6);
    expect(doc.skills).toBe(5);
    expect(doc.modes.map((m) => m.mode)).toEqual([
      expect.stringMatching(/^cold, inline$/),
      expect.stringMatching(/^cold, \d+ workers$/),
      'warm cache, inline',
    ]);
    for (const m of doc.modes) {
      expect(m.runs_ms).toHaveLength(2);
      expect(m.median_ms).toBeGreaterThan(0);
    }
    expect(stderr).toBe('');
    expect((await _run(['bench', '--config', 'skillgraph.config.yaml', '--repeat', '1'])).stdout).toMatch(/files\/s/);
  });

  it('rejects a bad --repeat with a usage error', async () => {
    const { code, stderr } = await _run(['bench', '--config', 'skillgraph.config.yaml', '--repeat', '0']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--repeat/);
  });
});
