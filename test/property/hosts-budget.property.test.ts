/**
 * What a host model lists never exceeds the agent's budget in the agent's
 * unit: Claude Code's descriptions stay within 30,000 columns (names alone
 * may not fit, and are then all it lists), Codex's lines within its 5,440
 * approximate tokens, Copilot's items within 15,000 characters and its line
 * of names within 5,000. Random skills: ASCII, CJK and emoji descriptions.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateHost, type HostFile } from '../../src/hosts/evaluate.js';
import { HOSTS } from '../../src/hosts/registry.js';
import { hostRoots, type HostContext } from '../../src/hosts/roots.js';
import { displayWidth } from '../../src/model/width.js';
import { utf8Bytes } from '../../src/hosts/budget.js';

const context: HostContext = { cwd: '/p', home: '/h', gitRoot: '/p', trusted: true, env: {} };
const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 900 }),
  fc
    .constantFrom('レビュー', '代码审查', '🚀🎉 ', 'Use when ')
    .chain((w) => fc.integer({ min: 1, max: 300 }).map((n) => w.repeat(n))),
);
const skills = fc.uniqueArray(fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), description: text }), {
  selector: (s) => s.name,
  minLength: 1,
  maxLength: 400,
});

function files(host: keyof typeof HOSTS, list: readonly { name: string; description: string }[]): HostFile[] {
  const roots = hostRoots(HOSTS[host], context);
  const root = roots.findIndex((r) => r.scope === 'project');
  return list.map((s) => ({
    root,
    path: `${roots[root]!.path}/${s.name}/SKILL.md`,
    inRoot: `${s.name}/SKILL.md`,
    real: `${roots[root]!.path}/${s.name}/SKILL.md`,
    link: 'none',
    text: `---\nname: ${s.name}\ndescription: ${JSON.stringify(s.description.replace(/[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/g, ' ').trim() || 'x')}\n---\n`,
  }));
}

describe('host listings stay within their budgets', () => {
  it('claude-code: descriptions kept fit 30,000 columns', () => {
    fc.assert(
      fc.property(skills, (list) => {
        const e = evaluateHost({
          model: HOSTS['claude-code'],
          context,
          files: files('claude-code', list),
          universe: [],
        });
        const described = e.skills.some((s) => s.verdict === 'shown' || s.verdict === 'shortened');
        // The agent's own skills are counted in `used` but not written into the listing text.
        const width = displayWidth(e.listing) + e.listing.split('\n').length - 1;
        expect(width).toBeLessThanOrEqual(e.budget!.used);
        if (described) expect(e.budget!.used).toBeLessThanOrEqual(30_000);
      }),
      { numRuns: 60 },
    );
  });

  it('codex: listed lines fit 5,440 approximate tokens', () => {
    fc.assert(
      fc.property(skills, (list) => {
        const e = evaluateHost({ model: HOSTS.codex, context, files: files('codex', list), universe: [] });
        const lines = (e.listing.split('### Available skills\n')[1] ?? '').split('\n').filter(Boolean);
        const cost = lines.reduce((a, l) => a + Math.ceil((utf8Bytes(l) + 1) / 4), 0);
        expect(cost).toBeLessThanOrEqual(5_440);
        expect(e.budget!.used).toBeLessThanOrEqual(5_440);
      }),
      { numRuns: 60 },
    );
  });

  it('copilot: items fit 15,000 characters and the names 5,000', () => {
    fc.assert(
      fc.property(skills, (list) => {
        const e = evaluateHost({ model: HOSTS.copilot, context, files: files('copilot', list), universe: [] });
        const [items, names = ''] = e.listing
          .replace(/^<available_skills>\n/, '')
          .split('Additional skills available (invoke by name): ');
        expect(items!.replace(/<\/available_skills>$/, '').length).toBeLessThanOrEqual(15_000);
        expect(
          (
            'Additional skills available (invoke by name): ' +
            names.replace(/(\.\.\. and \d+ more)?\n<\/available_skills>$/, '')
          ).length,
        ).toBeLessThanOrEqual(5_000);
      }),
      { numRuns: 60 },
    );
  });
});
