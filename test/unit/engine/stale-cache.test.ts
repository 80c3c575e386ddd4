/**
 * A cache never serves what the code running now would not produce. In a
 * scratch copy of the source, a warm run is recorded (parse cache, folder
 * memo, run memo); then a discovery rule (a dot-folder the walk now enters)
 * and the package digest label change, as a rebuild would bring them. The
 * next warm run must equal a `--no-cache` run of the new code — before, the
 * folder memo (keyed on the version only) and the parse cache (keyed on
 * parse/ and model/ only) served the old results.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-stale-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function setUp(): { code: string; tree: string; cache: string } {
  const code = join(scratch, 'code');
  cpSync(join(REPO, 'src'), join(code, 'src'), { recursive: true });
  cpSync(join(REPO, 'package.json'), join(code, 'package.json'));
  symlinkSync(join(REPO, 'node_modules'), join(code, 'node_modules'));
  writeFileSync(
    join(code, 'child.mjs'),
    `import { main, processIo } from ${JSON.stringify(pathToFileURL(join(code, 'src/cli/main.ts')).href)};\nprocess.exitCode = await main(process.argv.slice(2), processIo());\n`,
  );
  const tree = join(scratch, 'tree');
  for (const dir of ['r/visible', 'r/.hidden/tucked']) {
    mkdirSync(join(tree, dir), { recursive: true });
    const name = dir.split('/').pop()!;
    writeFileSync(
      join(tree, dir, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Use when testing stale caches (${name}).\n---\nBody.\n`,
    );
  }
  // Settled an hour back: older than every racy window, so all three cache layers keep them.
  const past = new Date(Date.now() - 3_600_000);
  for (const p of [
    'r/visible/SKILL.md',
    'r/.hidden/tucked/SKILL.md',
    'r/visible',
    'r/.hidden/tucked',
    'r/.hidden',
    'r',
  ])
    utimesSync(join(tree, p), past, past);
  return { code, tree, cache: join(scratch, 'cache') };
}

function catalog(code: string, tree: string, extra: string[]): { names: string[]; digests: string[]; stdout: string } {
  const r = spawnSync(
    process.execPath,
    [
      `--import=${pathToFileURL(join(REPO, 'node_modules/tsx/dist/loader.mjs')).href}`,
      join(code, 'child.mjs'),
      'catalog',
      '--root',
      'r',
      '--json',
      '--workers',
      '0',
      ...extra,
    ],
    {
      cwd: tree,
      encoding: 'utf8',
      env: { ...process.env, HOME: join(scratch, 'home') },
      timeout: 60_000,
    },
  );
  expect(r.status, r.stderr).toBe(0);
  const doc = JSON.parse(r.stdout) as { skills: { name: string; digest: string }[] };
  return { names: doc.skills.map((s) => s.name), digests: doc.skills.map((s) => s.digest), stdout: r.stdout };
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

describe('caches after a code change', () => {
  it('a warm run after a changed discovery rule and digest label equals a --no-cache run of the new code', () => {
    const { code, tree, cache } = setUp();
    const warm = (): ReturnType<typeof catalog> => catalog(code, tree, ['--cache', cache]);
    const before = warm();
    expect(before.names).toEqual(['visible']);
    expect(warm().stdout).toBe(before.stdout); // recorded: the second run is answered by the caches

    edit(join(code, 'src/discover/paths.ts'), "new Set([\n  '.agents',", "new Set([\n  '.hidden',\n  '.agents',");
    edit(join(code, 'src/catalog/digest.ts'), "'skillgraph/package/v1'", "'skillgraph/package/v1-changed'");
    const fresh = catalog(code, tree, ['--no-cache']);
    expect(fresh.names).toEqual(['tucked', 'visible']);
    expect(fresh.digests).not.toContain(before.digests[0]);
    expect(warm().stdout).toBe(fresh.stdout);
    expect(warm().stdout).toBe(fresh.stdout);
  }, 120_000);
});
