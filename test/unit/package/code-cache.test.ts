/**
 * The CLI's code cache (bin/code-cache.cjs): made by the first run, used by
 * the next, named after the code file it was made from; a cache folder that
 * cannot be written costs nothing but the cache. In child processes with a cache folder of their own,
 * against the built dist/ (skipped when there is none).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const built = existsSync(join(REPO, 'dist', 'skillgraph.cjs'));
const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-code-cache-'));

/** The CLI run with XDG_CACHE_HOME in `home`: status, whether V8 took a cache ('none': none given), cache files. */
function cli(home: string, args: readonly string[]): { status: number | null; rejected: string; files: string[] } {
  const r = spawnSync(
    process.execPath,
    ['--require', join(home, 'probe.cjs'), join(REPO, 'bin', 'skillgraph.js'), ...args],
    {
      cwd: REPO,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: home, XDG_CACHE_HOME: join(home, 'cache') },
      input: '',
    },
  );
  const dir = join(home, 'cache', 'skillgraph', 'code');
  return {
    status: r.status,
    rejected: /cache:(\w+)/.exec(r.stderr)?.[1] ?? '?',
    files: existsSync(dir) ? readdirSync(dir) : [],
  };
}

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(!built)("the CLI's code cache", () => {
  it('is written by the first run and taken by the second', () => {
    const home = mkdtempSync(join(scratch, 'home-'));
    writeProbe(home);
    const first = cli(home, ['validate', 'examples/skills']);
    expect(first).toMatchObject({ status: 0, rejected: 'none' });
    // The core and each part the run loaded (the verbs), one cache each.
    const name = (part: string): RegExp =>
      new RegExp(
        `^${part}-[0-9a-f]{8}-\\d+-\\d+-${process.version.replace(/\./g, '\\.')}-${process.platform}-${process.arch}\\.cache$`,
      );
    expect(first.files.filter((f) => ['skillgraph', 'verbs'].some((p) => name(p).test(f)))).toHaveLength(2);
    const second = cli(home, ['validate', 'examples/skills']);
    expect(second).toMatchObject({ status: 0, rejected: 'false', files: first.files });
  });

  it('leaves a run whose cache folder cannot be written as it would be without one', () => {
    const home = mkdtempSync(join(scratch, 'home-'));
    writeProbe(home);
    writeFileSync(join(home, 'cache'), 'a file where the cache folder goes');
    expect(cli(home, ['validate', 'examples/skills'])).toMatchObject({ status: 0, rejected: 'none', files: [] });
  });
});

function writeProbe(home: string): void {
  // Reports whether a Script was given a cache and whether V8 took it.
  const text = `const vm = require('node:vm'); const Script = vm.Script; let seen = 'none';
vm.Script = class extends Script {
  constructor(s, o) { super(s, o); if (o && o.cachedData) seen = String(this.cachedDataRejected); }
};
process.on('exit', () => process.stderr.write('\\ncache:' + seen + '\\n'));`;
  writeFileSync(join(home, 'probe.cjs'), text);
}
