/**
 * Frontmatter parsing: the hand fast path against the general `yaml` path,
 * in one tinybench run over every frontmatter of the real corpus
 * (`../shared/corpus/real`). One task iteration parses the whole corpus.
 *
 *   node --import=tsx bench/parse.bench.ts [--time MS] [--dir TREE]
 *
 * `--dir` benchmarks the SKILL.md files of another tree (e.g. one written by
 * `bench/_generate.ts`) instead of the corpus.
 *
 * Prints the machine, the date, per-frontmatter cost and ratios against the
 * `yaml` path baseline.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { parse as yamlParse } from 'yaml';
import { parseFlatFrontmatter } from '../src/parse/fast-yaml.js';
import { splitFrontmatter } from '../src/parse/split.js';
import { DEFAULT_YAML_LIMITS, parseYamlFrontmatter } from '../src/parse/yaml-doc.js';

const REAL = fileURLToPath(new URL('../../shared/corpus/real/', import.meta.url));

function skillFiles(dir: string, out: string[] = []): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isDirectory()) skillFiles(full, out);
    else if (e.isFile() && e.name.toLowerCase() === 'skill.md') out.push(full);
  }
  return out;
}

const dirArg = process.argv.indexOf('--dir');
const source = dirArg > 0 && process.argv[dirArg + 1] ? (process.argv[dirArg + 1] as string) : REAL;
const texts: string[] = [];
for (const file of skillFiles(source)) {
  const split = splitFrontmatter(readFileSync(file, 'utf8'));
  if (split.kind === 'ok') texts.push(split.yamlText);
}
const accepted = texts.filter((t) => parseFlatFrontmatter(t, DEFAULT_YAML_LIMITS) !== null);

const timeArg = process.argv.indexOf('--time');
const time = timeArg > 0 ? Number(process.argv[timeArg + 1]) : 2000;
const bench = new Bench({ time, warmup: true });
let sink = 0;
const BASELINE = 'yaml path (parseYamlFrontmatter)';
bench
  .add(BASELINE, () => {
    for (const t of texts) sink += parseYamlFrontmatter(t, DEFAULT_YAML_LIMITS).issues.length;
  })
  .add('yaml.parse (core, no locations)', () => {
    for (const t of texts) {
      try {
        sink += yamlParse(t, { schema: 'core' }) === null ? 0 : 1;
      } catch {
        sink += 2;
      }
    }
  })
  .add('fast path, yaml fallback on decline', () => {
    for (const t of texts)
      sink += (parseFlatFrontmatter(t, DEFAULT_YAML_LIMITS) ?? parseYamlFrontmatter(t, DEFAULT_YAML_LIMITS)).issues
        .length;
  })
  .add('fast path only (accepted subset)', () => {
    for (const t of accepted) sink += parseFlatFrontmatter(t, DEFAULT_YAML_LIMITS) === null ? 1 : 0;
  });

await bench.run();

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `# frontmatter parse — ${new Date().toISOString()} — Node ${process.version}, ${cpus().length}× ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
);
console.log(
  `${source === REAL ? 'corpus' : source}: ${texts.length} frontmatters, fast path accepts ${accepted.length} (${((100 * accepted.length) / texts.length).toFixed(1)}%)`,
);
const meanOf = (name: string): number => {
  const r = bench.getTask(name)?.result;
  return r && (r.state === 'completed' || r.state === 'aborted-with-statistics') ? r.latency.mean : NaN;
};
const base = meanOf(BASELINE);
for (const task of bench.tasks) {
  const mean = meanOf(task.name);
  const n = task.name.startsWith('fast path only') ? accepted.length : texts.length;
  const per = (mean * 1000) / n;
  console.log(
    `${task.name.padEnd(40)} ${mean.toFixed(2).padStart(9)} ms/corpus  ${per.toFixed(2).padStart(8)} µs/frontmatter  ×${(base / mean).toFixed(1)} vs yaml path`,
  );
}
if (sink === -1) console.log(sink);
