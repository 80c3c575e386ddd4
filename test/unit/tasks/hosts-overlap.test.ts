/**
 * The hosts task reports, per agent, the listed skills whose text as that agent shows it would win
 * the same requests; a skill reached twice is one skill, and an agent that lists neither copy
 * reports nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hostsJson, hostsTask } from '../../../src/tasks/hosts.js';

const dir = mkdtempSync(join(tmpdir(), 'skillgraph-hosts-overlap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function skill(folder: string, name: string, description: string): void {
  mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(join(dir, folder, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n`);
}

describe('hosts: competing skills in an agent listing', () => {
  it('names the pair each agent lists, and counts one file reached twice once', async () => {
    const project = join(dir, 'project');
    mkdirSync(join(dir, 'home'), { recursive: true });
    skill(
      'project/.claude/skills/invoice-pdf',
      'invoice-pdf',
      'Fill invoice PDF forms and export invoice PDF files. Use when an invoice PDF form must be filled.',
    );
    skill(
      'project/.claude/skills/invoice-forms',
      'invoice-forms',
      'Fill invoice PDF forms and export the invoice PDF. Use when an invoice PDF form needs filling.',
    );
    skill(
      'project/.claude/skills/weather',
      'weather',
      'Report the weather forecast for a city. Use when asked about rain or temperature.',
    );
    // The same skill linked from a second folder is one skill, never a rival of itself.
    mkdirSync(join(project, '.claude/skills/weather-copy'));
    symlinkSync('../weather/SKILL.md', join(project, '.claude/skills/weather-copy/SKILL.md'));
    const doc = await hostsTask({ project, home: join(dir, 'home'), hosts: ['claude-code', 'codex'], env: {} });
    const byHost = Object.fromEntries(
      doc.hosts.map((h, i) => [h.host, doc.overlaps[i]!.map((p) => [p.a.name, p.b.name])]),
    );
    expect(byHost['claude-code']).toEqual([['invoice-forms', 'invoice-pdf']]);
    // Codex reads .agents/skills, not .claude/skills: it lists neither, so it reports no pair.
    expect(byHost.codex).toEqual([]);
    const json = hostsJson(doc) as {
      hosts: { host: string; overlaps: { a: string; b: string; score: number; terms: string[] }[] }[];
    };
    const pair = json.hosts.find((h) => h.host === 'claude-code')!.overlaps[0]!;
    expect(pair.score).toBeGreaterThanOrEqual(0.6);
    expect(pair.terms).toEqual(expect.arrayContaining(['invoice']));
  });
});
