/**
 * Child process of scale.test.ts: 10,000 generated skills (a seeded Zipf
 * vocabulary of 20,000 words, descriptions of 12–40 words, 50 planted
 * near-copies under other names), one `findOverlaps` pass, and a JSON line
 * with the time, the peak resident memory and what was found.
 *
 *   node --import=tsx test/unit/routing/_scale-child.ts [SKILLS]
 */
import { createRng } from '../../../bench/_generate.js';
import { findOverlaps, type RoutingSkill } from '../../../src/routing/index.js';

const SKILLS = Number(process.argv[2] ?? 10_000);
const VOCABULARY = 20_000;
const PLANTED = 50;

const random = createRng(7);
// Words as letters only (the tokenizer drops numbers); Zipf: the k-th word is drawn with weight 1/k.
const word = (k: number): string => `w${k.toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}x`;
const cumulative = Float64Array.from({ length: VOCABULARY }, (_, k) => 1 / (k + 1));
for (let k = 1; k < VOCABULARY; k++) cumulative[k]! += cumulative[k - 1]!;
const draw = (): string => {
  const r = random() * cumulative[VOCABULARY - 1]!;
  let lo = 0;
  let hi = VOCABULARY - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return word(lo);
};
const words = (n: number): string => Array.from({ length: n }, draw).join(' ');

const skills: RoutingSkill[] = [];
for (let i = 0; i < SKILLS - PLANTED; i++) {
  const name = `skill-${i}-${word(200 + Math.floor(random() * 5000))}`;
  skills.push({
    name,
    routing: { name: name.replace(/-/g, ' '), text: words(12 + Math.floor(random() * 29)) },
    file: `s/${name}/SKILL.md`,
  });
}
for (let p = 0; p < PLANTED; p++) {
  const original = skills[p * 97]!;
  const name = `copy-${p}-${original.name}`;
  skills.push({
    name,
    routing: { name: original.routing.name, text: `${original.routing.text} ${draw()}` },
    file: `s/${name}/SKILL.md`,
  });
}

const started = performance.now();
const { pairs } = findOverlaps(skills);
const ms = performance.now() - started;
const planted = pairs.filter((x) => x.a.name.startsWith('copy-') || x.b.name.startsWith('copy-')).length;
process.stdout.write(
  `${JSON.stringify({ skills: skills.length, ms: Math.round(ms), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024), pairs: pairs.length, planted })}\n`,
);
