/**
 * The routing pass inside `validatePath`: an overlap between two skills of
 * the tree lands on the first of the pair at its description; a link to a
 * skill that is not there, in SKILL.md or in another Markdown file of the
 * skill, lands on that skill with the file, line and column; a sibling on
 * disk outside the paths checked is no finding; a sharded run skips it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validatePath } from '../../../src/tasks/validate-path.js';

const root = mkdtempSync(join(tmpdir(), 'sg-routing-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(rel: string, text: string): void {
  mkdirSync(dirname(join(root, rel)), { recursive: true });
  writeFileSync(join(root, rel), text);
}

const skill = (name: string, description: string, body = 'Steps.\n'): string =>
  `---\nname: ${name}\ndescription: ${description}\n---\n${body}`;
write(
  'skills/pdf-forms/SKILL.md',
  skill(
    'pdf-forms',
    'Fill in PDF forms, read their fields and flatten the filled PDF. Use when a PDF form must be completed.',
  ),
);
write(
  'skills/pdf-form-filler/SKILL.md',
  skill(
    'pdf-form-filler',
    'Complete PDF forms - read the form fields, fill them and flatten the PDF. Use for any PDF form.',
  ),
);
write(
  'skills/release/SKILL.md',
  skill(
    'release',
    'Publish a release. Use when tagging a version.',
    '# Release\n\nSee [steps](references/steps.md).\n',
  ),
);
write(
  'skills/release/references/steps.md',
  '# Steps\n\n1. Read [the notary](../../notary/SKILL.md).\n2. Then [lint](../../../other/lint/SKILL.md).\n',
);
write('other/lint/SKILL.md', skill('lint', 'Lint the code. Use before a commit.'));

const findings = (paths: string[], options = {}) =>
  validatePath(paths, { cwd: root, ...options }).skills.flatMap((s) =>
    s.diagnostics
      .filter((d) => d.code.startsWith('routing.'))
      .map((d) => `${s.file} ${d.code} ${d.file}:${d.line}:${d.column}`),
  );

describe('validate runs the routing pass', () => {
  it('reports the overlap on the first skill and the missing sibling where the link is written', () => {
    expect(findings(['skills'])).toEqual([
      'pdf-form-filler/SKILL.md routing.overlap skills/pdf-form-filler/SKILL.md:3:14',
      'release/SKILL.md routing.missing-sibling skills/release/references/steps.md:3:22',
    ]);
  });

  it('hands the inputs on when sharded, skips the pass when switched off, and honours the threshold', () => {
    const sharded = validatePath(['skills'], { cwd: root, inShard: (p) => p.includes('pdf'), firstShard: true });
    expect(sharded.routing?.map((r) => [r.skill.name, r.entry])).toEqual([
      ['pdf-form-filler', 0],
      ['pdf-forms', 1],
    ]);
    expect(findings(['skills'], { inShard: () => true, firstShard: true })).toEqual([]);
    expect(findings(['skills'], { routing: false })).toEqual([]);
    expect(findings(['skills'], { routing: { threshold: 1 } })).toEqual([
      'release/SKILL.md routing.missing-sibling skills/release/references/steps.md:3:22',
    ]);
  });
});
