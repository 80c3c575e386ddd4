/**
 * Every verb that hands skills on agrees on what a skill is: on the public corpus with its links
 * made real (each repository one project root), `catalog`, `serve`'s `skills/list`, `context`,
 * `materialize` and `lock` offer the same names, and where they carry digests the same ones; what
 * `load` reads is the catalog entry, from the skill's own folder; each names the same skills as
 * left out. Uses
 * `SKILLGRAPH_TEST_CORPUS` when it points at a relinked copy, else relinks one itself.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { makeRoot } from '../../src/discover/roots.js';
import { LiveCatalog } from '../../src/serve/live.js';
import { listSkills } from '../../src/serve/methods.js';
import { readForContext } from '../../src/workspace/read.js';

const toPosix = (p: string): string => p.replace(/\\/g, '/');

const SHARED = new URL('../../../shared/corpus/', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-agreement-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A corpus copy with real links: the one given, when its links are real, else a fresh relink. */
function relinkedCorpus(): string | undefined {
  const given = process.env.SKILLGRAPH_TEST_CORPUS;
  if (given && hasRealLinks(given)) return given;
  if (!existsSync(join(SHARED, 'relink'))) return undefined;
  execFileSync(join(SHARED, 'relink'), [scratch], { stdio: 'ignore' });
  return join(scratch, 'real');
}

function hasRealLinks(dir: string): boolean {
  const first = readFileSync(join(SHARED, 'links.tsv'), 'utf8').split('\n')[0]?.split('\t')[0];
  try {
    return first !== undefined && lstatSync(join(dir, first)).isSymbolicLink();
  } catch {
    return false;
  }
}

async function cli(cwd: string, args: readonly string[]): Promise<{ code: number; doc: Record<string, any> }> {
  let stdout = '';
  const code = await main([...args, '--json', '--no-cache', '--workers', '0'], {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
    stderr: { write: () => true },
    cwd,
    env: { HOME: join(scratch, 'home') },
  });
  return { code, doc: JSON.parse(stdout) as Record<string, any> };
}

const sha = (bytes: Buffer): string => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const sorted = (xs: Iterable<string>): string[] => [...xs].sort();

interface RepoVerdict {
  readonly repo: string;
  readonly offered: number;
  readonly invalid: number;
  readonly notCatalogued: number;
}

let corpus: string | undefined;
beforeAll(() => {
  corpus = existsSync(SHARED) ? relinkedCorpus() : undefined;
}, 120_000);

describe('one skill in every verb (public corpus, links made real)', () => {
  it('catalog, serve, context, materialize and lock offer the same skills and digests, and leave out the same ones', async (ctx) => {
    if (corpus === undefined) return ctx.skip();
    const verdicts: RepoVerdict[] = [];
    for (const repo of readdirSync(corpus)
      .filter((r) => !r.endsWith('.md'))
      .sort()) {
      const cwd = join(corpus, repo);
      const root = ['--root', '.'];
      const catalog = (await cli(cwd, ['catalog', ...root])).doc;
      const names = sorted(catalog.skills.map((s: { name: string }) => s.name));
      const digests = new Map<string, string>(
        catalog.skills.map((s: { name: string; digest: string }) => [s.name, s.digest]),
      );

      const context = await cli(cwd, ['context', '--lazy', ...root]);
      expect(sorted(context.doc.skills.map((s: { name: string }) => s.name)), `${repo}: context`).toEqual(
        sorted(
          catalog.skills
            .filter((s: { model_invocable: boolean }) => s.model_invocable)
            .map((s: { name: string }) => s.name),
        ),
      );
      for (const s of context.doc.skills)
        expect(s.digest, `${repo}/${s.name}: context digest`).toBe(digests.get(s.name));

      const ws = join(scratch, 'ws', repo);
      const materialized = await cli(cwd, ['materialize', ws, ...root]);
      expect(sorted(materialized.doc.available), `${repo}: materialize`).toEqual(names);
      for (const s of materialized.doc.skills)
        expect(s.digest, `${repo}/${s.name}: materialize digest`).toBe(digests.get(s.name));

      const lockFile = join(scratch, `${repo}.lock.json`);
      await cli(cwd, ['lock', '.', '--out', lockFile, '--allow-errors', '--allow-incomplete']);
      const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
        skills: { name: string; digest: string; path: string }[];
        invalid?: { status?: string }[];
      };
      expect(sorted(lock.skills.map((s) => s.name)), `${repo}: lock`).toEqual(names);
      for (const s of lock.skills) expect(s.digest, `${repo}/${s.name}: lock digest`).toBe(digests.get(s.name));

      const live = await LiveCatalog.open({
        load: { roots: [makeRoot({ path: '.', scope: 'project' }, cwd)] },
        engine: { workers: 0, cache: false },
      });
      try {
        // What load reads for each skill is its catalog entry, from the skill's own folder.
        for (const pkg of live.catalog.skills) {
          const read = readForContext(live.catalog, pkg.descriptor.name);
          expect([read.name, read.digest, toPosix(read.baseDir)], `${repo}/${pkg.descriptor.name}: load`).toEqual([
            pkg.descriptor.name,
            digests.get(pkg.descriptor.name),
            pkg.descriptor.source.locator.slice(0, pkg.descriptor.source.locator.lastIndexOf('/')),
          ]);
        }
        const served = listSkills(live, undefined, 100_000).skills;
        expect(
          sorted(served.map((e) => e.uri.slice('skill://'.length, -'/SKILL.md'.length))),
          `${repo}: serve`,
        ).toEqual(names);
        // The SKILL.md serve lists is the one each skill was materialised from, byte for byte.
        for (const e of served) {
          const name = e.uri.slice('skill://'.length, -'/SKILL.md'.length);
          const file = e.resources.find((r) => r.uri === e.uri)!;
          expect(file.digest, `${repo}/${name}: served SKILL.md`).toBe(sha(readFileSync(join(ws, name, 'SKILL.md'))));
        }
        const left = live.leftOut();
        expect(left.counts.invalid, `${repo}: serve left out`).toBe(context.doc.left_out.counts.invalid);
      } finally {
        await live.close();
      }

      // Every verb names the same invalid skills as left out, and the lock records them.
      const invalid = context.doc.left_out.counts.invalid as number;
      expect(materialized.doc.left_out.counts.invalid, `${repo}: materialize left out`).toBe(invalid);
      expect((lock.invalid ?? []).filter((e) => e.status === 'invalid').length, `${repo}: lock invalid`).toBe(invalid);
      expect(catalog.files.invalid, `${repo}: catalog invalid`).toBe(invalid);
      verdicts.push({
        repo,
        offered: names.length,
        invalid,
        notCatalogued: context.doc.left_out.counts.not_catalogued,
      });
    }
    const total = (k: 'offered' | 'invalid' | 'notCatalogued'): number => verdicts.reduce((n, v) => n + v[k], 0);
    console.log(
      `agreement: ${verdicts.length} repositories, ${total('offered')} skills offered by every verb; left out: ${total('invalid')} invalid, ${total('notCatalogued')} not catalogued`,
    );
    expect(total('offered')).toBeGreaterThan(900);
  }, 600_000);
});
