/**
 * `serve`'s live edit: how long after a file is written the server answers
 * with the new content, on a generated catalog (default 10,000 skills). The
 * target is 100 ms. Each round writes one file, then waits for the watcher
 * (fs.watch) to hand the path over, and stops the clock when `skills/get`
 * for that skill lists the new bytes' digest. Two edits: a SKILL.md body
 * (a new package: re-parse one file, swap it in, re-seal 10,000 packages
 * after) and a supporting file (only that skill's manifest is rebuilt).
 *
 *   node --import=tsx bench/serve.bench.ts [--skills 10000] [--rounds 20]
 *
 * Prints the machine, the date and median / p95 / max per edit.
 */
import { cpus, tmpdir, totalmem } from 'node:os';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { makeRoot } from '../src/discover/roots.js';
import { LiveCatalog } from '../src/serve/live.js';
import { rawDigest } from '../src/serve/manifest.js';
import { getSkill } from '../src/serve/methods.js';
import { watchRoots } from '../src/serve/watch.js';
import { generateTree } from './_generate.js';

const { values } = parseArgs({
  options: { skills: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '20' } },
});
const skills = Number(values.skills);
const rounds = Number(values.rounds);
const TARGET_MS = 100;

const work = mkdtempSync(join(tmpdir(), 'skillgraph-serve-bench-'));
try {
  const tree = generateTree(join(work, 'tree'), { skills, seed: 1, shape: 'local', symlinks: false });
  const roots = tree.roots.map((r) => makeRoot({ path: r.path, scope: r.scope }, tree.dir));
  let changed: () => void = () => undefined;
  let sealed: () => void = () => undefined;
  const opened = performance.now();
  const live = await LiveCatalog.open({
    load: { roots },
    engine: { cache: join(work, 'cache'), workers: 'auto' },
    onChange: () => changed(),
    onSealed: () => sealed(),
  });
  const openMs = performance.now() - opened;
  const watcher = watchRoots(
    roots.map((r) => r.path),
    (paths) => live.changed(paths),
  );
  // fs.watch on a fresh recursive tree settles its watches asynchronously: give it a moment once.
  await new Promise((r) => setTimeout(r, 1000));

  const target = live.winners()[Math.floor(live.winners().length / 2)]!;
  const skillFile = target.pkg.descriptor.source.locator;
  const extraFile = join(target.dir, 'bench-note.md');
  const original = readFileSync(skillFile, 'utf8');

  /** Write `text` to `file`, then wait until skills/get for the target lists its new digest; milliseconds. */
  const round = async (file: string, text: string): Promise<number> => {
    const uri = file === skillFile ? target.uri : `${target.uri.slice(0, -'SKILL.md'.length)}bench-note.md`;
    const digest = rawDigest(Buffer.from(text));
    let seen = new Promise<void>((resolve) => (changed = resolve));
    const started = performance.now();
    writeFileSync(file, text);
    for (;;) {
      await Promise.race([seen, new Promise((r) => setTimeout(r, 10))]);
      seen = new Promise<void>((resolve) => (changed = resolve));
      if (getSkill(live, target.uri).skill.resources.some((r) => r.uri === uri && r.digest === digest)) break;
      if (performance.now() - started > 10_000) throw new Error(`the edit of ${file} was not visible after 10 s`);
    }
    return performance.now() - started;
  };

  const skillEdits: number[] = [];
  const fileEdits: number[] = [];
  getSkill(live, target.uri); // the manifest exists before the first edit, as after a host's listing
  for (let i = 0; i < rounds; i++) {
    // A body edit changes the package digest: the re-seal path, not only the manifest.
    const resealed = new Promise<void>((resolve) => (sealed = resolve));
    skillEdits.push(await round(skillFile, `${original}\n<!-- bench edit ${i} -->\n`));
    // One edit at a time: the catalog's own re-seal (its digest) runs after the edit is served; let it end.
    await resealed;
    fileEdits.push(await round(extraFile, `note ${i}\n`));
  }
  writeFileSync(skillFile, original);
  watcher.close();
  await live.close();

  const stats = (xs: number[]): string => {
    const s = [...xs].sort((a, b) => a - b);
    const q = (p: number): string => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(1);
    return `median ${q(0.5)} ms · p95 ${q(0.95)} ms · max ${s[s.length - 1]!.toFixed(1)} ms`;
  };
  const verdict = (xs: number[]): string =>
    Math.max(...xs) < TARGET_MS
      ? `all ${xs.length} under ${TARGET_MS} ms`
      : `${xs.filter((x) => x >= TARGET_MS).length} of ${xs.length} at or over ${TARGET_MS} ms`;
  process.stdout.write(
    [
      `machine: ${cpus()[0]?.model ?? 'unknown cpu'} ×${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${process.platform}-${process.arch}`,
      `date: ${new Date().toISOString()}`,
      `catalog: ${live.catalog.skills.length} skills (${skills} generated), first seal ${openMs.toFixed(0)} ms, watcher ${watcher.mode}`,
      `edit a SKILL.md body → skills/get lists its new digest: ${stats(skillEdits)} (${verdict(skillEdits)})`,
      `edit a supporting file → skills/get lists its new digest: ${stats(fileEdits)} (${verdict(fileEdits)})`,
      '',
    ].join('\n'),
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
