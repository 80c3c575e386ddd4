/**
 * The protocol types: building `SkillMetadata` and `SkillDefinition` for every
 * skill of a generated catalog, and their JSON round trip, in one tinybench
 * run. The resolver's trusted summary path (`fromTrustedSummary`, what the CLI
 * listings use) is the baseline the checked constructors are compared to.
 *
 *   node --import=tsx bench/protocol.bench.ts [--time MS] [--size 1000]
 *
 * Prints the machine, the date, the mean time per whole catalog and ratios.
 */
import { cpus, totalmem } from 'node:os';
import { Bench } from 'tinybench';
import { SkillDefinition, SkillError, SkillMetadata, toSkillError } from '../src/model/protocol/index.js';
import { resolveCatalog } from '../src/resolve/index.js';
import { generateCatalog } from './_graphs.js';

const arg = (flag: string, fallback: string): string => {
  const i = process.argv.indexOf(flag);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};
const time = Number(arg('--time', '1500'));
const size = Number(arg('--size', '1000'));

const catalog = generateCatalog('uniform', size);
const resolved = resolveCatalog(catalog, { backend: 'js' }).skills.filter((s) => s.ok);
const pairs = resolved.map((s) => ({ pkg: catalog.get(s.name)!, entries: s.entries, summary: s.summary }));
const metadata = pairs.map((p) => SkillMetadata.fromSkill(p.pkg, p.entries));
const definitions = pairs.map((p) => SkillDefinition.fromSkill(p.pkg, p.entries));
const metadataJson = metadata.map((m) => JSON.stringify(m));
const definitionJson = definitions.map((d) => JSON.stringify(d));

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `# protocol — ${new Date().toISOString()} — Node ${process.version}, ${cpus().length}× ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB`,
);
console.log(`${pairs.length} skills, ${pairs.reduce((n, p) => n + p.entries.length, 0)} resolved entries`);

let sink = 0;
const bench = new Bench({ time, iterations: 3, warmup: true, warmupIterations: 1 });
bench.add('metadata: fromTrustedSummary (baseline)', () => {
  for (const p of pairs) sink += SkillMetadata.fromTrustedSummary(p.pkg, p.summary).tool_count;
});
bench.add('metadata: fromSkill (checked)', () => {
  for (const p of pairs) sink += SkillMetadata.fromSkill(p.pkg, p.entries).tool_count;
});
bench.add('definition: fromSkill (checked)', () => {
  for (const p of pairs) sink += SkillDefinition.fromSkill(p.pkg, p.entries).tools.length;
});
bench.add('metadata + definition: JSON.stringify', () => {
  for (let i = 0; i < metadata.length; i++)
    sink += JSON.stringify(metadata[i]).length + JSON.stringify(definitions[i]).length;
});
bench.add('metadata + definition: from(JSON) round trip', () => {
  for (let i = 0; i < metadataJson.length; i++) {
    sink +=
      SkillMetadata.from(JSON.parse(metadataJson[i]!)).tool_count +
      SkillDefinition.from(JSON.parse(definitionJson[i]!)).tools.length;
  }
});
bench.add('error: toSkillError + SkillError.from(JSON)', () => {
  for (const p of pairs) {
    const error = toSkillError(new RangeError('include depth out of range'), { skillName: p.pkg.descriptor.name });
    sink += SkillError.from(JSON.parse(JSON.stringify(error))).message.length;
  }
});
await bench.run();

const mean = (name: string): number => {
  const r = bench.getTask(name)?.result;
  return r && (r.state === 'completed' || r.state === 'aborted-with-statistics') ? r.latency.mean : NaN;
};
const base = mean('metadata: fromTrustedSummary (baseline)');
for (const task of bench.tasks) {
  const m = mean(task.name);
  console.log(
    `${task.name.padEnd(46)} ${m.toFixed(2).padStart(10)} ms   ×${(m / base).toFixed(2)} of baseline   ${((m * 1000) / pairs.length).toFixed(2)} µs/skill`,
  );
}
if (sink === -1) console.log(sink);
