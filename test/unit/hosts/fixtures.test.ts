/**
 * Every host model against the agent itself: each fixture tree is built once,
 * every recorded host's model is run over it, and the listing a model gives
 * (names, paths, descriptions as shown, order) must equal what the agent
 * listed. The tests never run the agents; the recordings carry their versions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTS } from '../../../src/hosts/registry.js';
import type { HostEvaluation } from '../../../src/hosts/evaluate.js';
import { comparable, fixtureRules, hostOf, modelRows, openChoices, runModels, type Recorded } from './_fixtures.js';

const tally = new Map<string, { matched: number; total: number }>();

for (const { rule, spec, answers } of fixtureRules()) {
  describe(`fixture ${rule}`, () => {
    const recorded = [...answers];
    const lengths = recorded[0]![1].pathLengths;
    const runs = new Map<boolean, Awaited<ReturnType<typeof runModels>>>();
    beforeAll(async () => {
      for (const trusted of new Set(recorded.map(([a]) => hostOf(a).trusted))) {
        const ids = [...new Set(recorded.filter(([a]) => hostOf(a).trusted === trusted).map(([a]) => hostOf(a).id))];
        runs.set(trusted, await runModels(spec, ids, trusted, lengths));
      }
    });
    afterAll(() => {
      for (const run of runs.values()) run.dispose();
    });
    for (const [answer, want] of recorded) {
      const { id, trusted } = hostOf(answer);
      it(`${id}${trusted ? '' : ' (untrusted)'} lists what the agent listed`, () => {
        const run = runs.get(trusted)!;
        const e = run.evals.find((x) => x.host === id)!;
        expect(HOSTS[id as keyof typeof HOSTS].checked?.version).toBe(want.version);
        const [got, expected] = compare(e, want, spec, run.project, run.home);
        const t = tally.get(id) ?? { matched: 0, total: 0 };
        t.total++;
        if (JSON.stringify(got) === JSON.stringify(expected)) t.matched++;
        tally.set(id, t);
        expect(got).toEqual(expected);
      });
      // Codex and Copilot name every file they reject: the model refuses exactly those.
      if (spec.generate === undefined && (id === 'codex' || id === 'copilot')) {
        it(`${id}${trusted ? '' : ' (untrusted)'} refuses what the agent rejected`, () => {
          const run = runs.get(trusted)!;
          const e = run.evals.find((x) => x.host === id)!;
          const cwd = spec.cwd ? `$PROJECT/${spec.cwd}` : '$PROJECT';
          const place = (p: string): string => p.split(run.project).join('$PROJECT').split(run.home).join('$HOME');
          const rejected = (want.notes ?? [])
            .map((n) => /^rejected: (.*?\/SKILL\.md)/.exec(n)?.[1])
            .filter((p): p is string => p !== undefined)
            .map((p) => (p.startsWith('$') ? p : `${cwd}/${p}`))
            .sort();
          const refused = e.skills
            .filter((x) => x.verdict === 'refused')
            .map((x) => place(x.path))
            .sort();
          expect(refused).toEqual(rejected);
        });
      }
    }
  });
}

function compare(
  e: HostEvaluation,
  want: Recorded,
  spec: Parameters<typeof modelRows>[1],
  project: string,
  home: string,
): [string[], string[]] {
  const choices = openChoices(e, project, home);
  // Gemini reads one folder's skills in file-system order: within a folder the order is not fixed.
  const sorted = HOSTS[e.host as keyof typeof HOSTS].listing.order === 'filesystem';
  return [comparable(modelRows(e, spec, project, home), choices, sorted), comparable(want.skills, choices, sorted)];
}

afterAll(() => {
  const lines = [...tally].map(([id, t]) => `${id} ${t.matched}/${t.total}`);
  process.stdout.write(`host fixtures matched: ${lines.join(', ')}\n`);
});
