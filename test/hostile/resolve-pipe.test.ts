/**
 * `skillgraph resolve --json | head`: the streamed document stops when the
 * reader closes the pipe — no EPIPE trace, no pile of drain listeners, no
 * hang — and the verb still ends with its own status, within a bound.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostileProject, snapshot } from './_harness.js';
import { writeChain } from './resolve-fixture.js';

const REPO = new URL('../../', import.meta.url).pathname;

describe('hostile resolve: a reader that closes the pipe early', () => {
  it('ends the streamed document quietly and exits with the verb status', () => {
    const p = hostileProject();
    // ~25 MB of JSON: far beyond a pipe buffer.
    writeChain(p, 600);
    const before = snapshot(p.home);
    const mainTs = join(REPO, 'src', 'cli', 'main.ts');
    const script = `import { main, processIo } from ${JSON.stringify(mainTs)}; main(["resolve", "--json", "--max-dirs", "5000"], processIo()).then((c) => { process.stderr.write("exit=" + c); process.exitCode = c; });`;
    const node = JSON.stringify(process.execPath);
    const t0 = Date.now();
    const r = spawnSync(
      'sh',
      [
        '-c',
        `${node} --import ${JSON.stringify(join(REPO, 'node_modules', 'tsx', 'dist', 'loader.mjs'))} --input-type=module -e '${script}' | head -c 64 >/dev/null`,
      ],
      {
        encoding: 'utf8',
        cwd: p.dir,
        env: { ...process.env, HOME: p.home, XDG_CACHE_HOME: p.cache },
        timeout: 60_000,
      },
    );
    expect(Date.now() - t0).toBeLessThan(60_000);
    expect(r.stderr).not.toMatch(/EPIPE|Unhandled|MaxListeners/);
    expect(r.stderr).toContain('exit=0');
    expect(snapshot(p.home)).toEqual(before);
  }, 90_000);
});
