/**
 * The overlap check on hand-written routing texts: pairs that must be found
 * (near-duplicate descriptions, a renamed copy, a `when_to_use` that says
 * the same) and pairs that must not (same topic with another trigger, a
 * negative trigger, shadowed copies, unrelated skills), with the score,
 * the shared terms and the order fixed run to run.
 */
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../../src/parse/parse-skill.js';
import { findOverlaps, type RoutingSkill } from '../../../src/routing/index.js';

const skill = (name: string, text: string, extra: Partial<RoutingSkill> = {}): RoutingSkill => ({
  name,
  routing: { name: name.replace(/-/g, ' '), text },
  file: `skills/${name}/SKILL.md`,
  ...extra,
});

/** A small catalog around the pairs under test, so no term is common to most skills. */
const BACKGROUND = [
  skill(
    'release-notes',
    'Write release notes from merged pull requests and tags. Use when preparing a release announcement.',
  ),
  skill(
    'k8s-debug',
    'Diagnose crashing Kubernetes pods from events, logs and probes. Use when a deployment fails to roll out.',
  ),
  skill('sql-tuning', 'Speed up slow PostgreSQL queries with EXPLAIN plans and indexes. Use when a query is slow.'),
  skill('brand-voice', 'Rewrite marketing copy in the company brand voice. Use when drafting landing pages or emails.'),
];

const names = (skills: readonly RoutingSkill[]): string[][] =>
  findOverlaps([...skills, ...BACKGROUND]).pairs.map((p) => [p.a.name, p.b.name]);

describe('routing.overlap', () => {
  it('finds two skills whose descriptions answer the same requests', () => {
    const pair = [
      skill(
        'pdf-forms',
        'Fill in PDF forms, read form fields and flatten filled PDF documents. Use when the user has a PDF form to complete.',
      ),
      skill(
        'pdf-form-filler',
        'Complete PDF forms: read the form fields, fill them and flatten the PDF document. Use for any PDF form.',
      ),
    ];
    const { pairs, diagnostics } = findOverlaps([...pair, ...BACKGROUND]);
    expect(pairs.map((p) => [p.a.name, p.b.name])).toEqual([['pdf-form-filler', 'pdf-forms']]);
    expect(pairs[0]!.score).toBeGreaterThanOrEqual(0.6);
    expect(pairs[0]!.terms).toEqual(expect.arrayContaining(['pdf', 'form']));
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      code: 'routing.overlap',
      severity: 'warning',
      file: 'skills/pdf-form-filler/SKILL.md',
    });
    expect(diagnostics[0]!.message).toContain("'pdf-forms'");
  });

  it('finds a renamed copy (same text, another name and digest)', () => {
    const text =
      'Review Terraform plans for drift, destructive changes and missing tags. Use before applying infrastructure changes.';
    expect(names([skill('terraform-review', text), skill('tf-plan-review', text)])).toEqual([
      ['terraform-review', 'tf-plan-review'],
    ]);
  });

  it('reads when_to_use as routing text (Claude Code appends it to the description)', () => {
    const file = (extra: string): Uint8Array =>
      new TextEncoder().encode(`---\nname: release-changelog\ndescription: Keeps the changelog.\n${extra}---\nbody\n`);
    const parse = (extra: string) =>
      parseSkill(file(extra), {
        locator: '/s/release-changelog/SKILL.md',
        dirName: 'release-changelog',
        profile: 'claude-code',
      }).package!;
    const when =
      'when_to_use: When writing release notes from merged pull requests and tags for a release announcement.\n';
    expect(findOverlaps([parse(when), ...BACKGROUND]).pairs.map((p) => [p.a.name, p.b.name])).toEqual([
      ['release-changelog', 'release-notes'],
    ]);
    expect(findOverlaps([parse(''), ...BACKGROUND]).pairs).toEqual([]);
  });

  it('does not pair skills on one topic with different triggers', () => {
    const pdf = [
      skill(
        'pdf-extract',
        'Extract text and tables from PDF files into Markdown. Use when the user wants the contents of a PDF.',
      ),
      skill('pdf-sign', 'Add a digital signature to a PDF with a certificate. Use when a contract must be signed.'),
      skill(
        'pdf-merge',
        'Merge several PDF files into one and reorder their pages. Use when combining scanned documents.',
      ),
    ];
    expect(names(pdf)).toEqual([]);
  });

  it('does not count the words of a negative trigger', () => {
    const forms = [
      skill(
        'form-cro',
        'Optimize lead capture forms, contact forms and checkout forms for conversion. Not signup or registration forms.',
      ),
      skill('signup-cro', 'Optimize signup and registration forms and trial activation flows for conversion.'),
    ];
    expect(findOverlaps([...forms, ...BACKGROUND]).pairs).toEqual([]);
  });

  it('leaves shadowed copies out: the same name, or the same digest', () => {
    const text = 'Triage incoming bug reports, label them and ask for missing details. Use when a new issue arrives.';
    expect(
      names([
        skill('triage', text, { file: 'a/triage/SKILL.md' }),
        skill('triage', text, { file: 'b/triage/SKILL.md' }),
      ]),
    ).toEqual([]);
    expect(
      names([skill('triage', text, { digest: 'sha256:1' }), skill('triage-copy', text, { digest: 'sha256:1' })]),
    ).toEqual([]);
  });

  it('does not pair unrelated skills', () => {
    expect(findOverlaps(BACKGROUND).pairs).toEqual([]);
  });

  it('honours the threshold and the off switch', () => {
    const pair = [
      skill('a-review', 'Review Go code for races and leaks.'),
      skill('b-review', 'Review Go code for races, leaks and panics.'),
    ];
    expect(findOverlaps([...pair, ...BACKGROUND], { threshold: 1 }).pairs).toEqual([]);
    expect(findOverlaps([...pair, ...BACKGROUND], { severity: 'off' })).toEqual({ pairs: [], diagnostics: [] });
    expect(findOverlaps([...pair, ...BACKGROUND], { severity: 'info' }).diagnostics.map((d) => d.severity)).toEqual([
      'info',
    ]);
  });

  it('gives the same pairs, scores and words whatever the input order', () => {
    const all = [
      skill('pdf-forms', 'Fill in PDF forms and flatten them. Use when the user has a PDF form.'),
      skill('pdf-form-filler', 'Fill PDF forms and flatten the result. Use for PDF forms.'),
      skill('fill-pdf', 'Fill a PDF form and flatten it.'),
      ...BACKGROUND,
    ];
    const first = JSON.stringify(findOverlaps(all));
    for (let k = 1; k < all.length; k++)
      expect(JSON.stringify(findOverlaps([...all.slice(k), ...all.slice(0, k)]))).toBe(first);
    expect(JSON.stringify(findOverlaps([...all].reverse()))).toBe(first);
  });
});
