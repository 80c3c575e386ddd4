/**
 * Corpus test: every SKILL.md under ../shared/corpus/real yields a
 * package or diagnostics, and under profile `spec` the verdicts and rule codes
 * agree with the reference validator's output, except the reference bugs its
 * README lists (documented in README.md, "Divergences").
 */
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validatePath, type SkillReport } from '../../src/tasks/validate-path.js';

const CORPUS = resolve(import.meta.dirname, '../../../shared/corpus');
// SKILLGRAPH_TEST_CORPUS=DIR runs it on another copy of real/ (e.g. one with the symlinks made real).
const REAL = process.env.SKILLGRAPH_TEST_CORPUS ?? join(CORPUS, 'real');
const VERDICTS = join(CORPUS, 'expected/skills-ref-verdicts.jsonl');
const present = existsSync(REAL) && existsSync(VERDICTS);

/** Reference error message → our code. */
const REFERENCE_CODES: [string, string][] = [
  ['Unexpected fields', 'field.unknown'],
  ['Directory name', 'name.directory-mismatch'],
  ['Invalid YAML', 'yaml.invalid'],
  ['must start with YAML frontmatter', 'frontmatter.missing'],
  ['not properly closed', 'frontmatter.unterminated'],
  ['must be a YAML mapping', 'frontmatter.not-mapping'],
  ['Description exceeds', 'description.length'],
  ['Missing required field in frontmatter: name', 'name.missing'],
  ['Missing required field in frontmatter: description', 'description.missing'],
  ["Field 'name' must be", 'name.missing'],
  ["Field 'description' must be", 'description.missing'],
  ['must be lowercase', 'name.charset'],
  ['invalid characters', 'name.charset'],
  ['hyphen', 'name.hyphen'],
  ['Compatibility exceeds', 'compatibility.length'],
  ['character limit', 'name.length'],
  ["'compatibility' must be", 'compatibility.type'],
  ['allowed-tools', 'allowed-tools.type'],
];

/**
 * Reference bug 2 (its README): strictyaml rejects ordinary YAML flow sequences
 * (`[a, b]`) as "JSONesque flow mapping". skillgraph parses YAML 1.2, so these
 * folders get the verdict the remaining rules give.
 */
const STRICTYAML_FLOW = new Set([
  'alirezarezvani__claude-skills/engineering/karpathy-coder/skills/karpathy-coder',
  'alirezarezvani__claude-skills/engineering/llm-wiki/skills/llm-wiki',
  'github__awesome-copilot/skills/azure-role-selector',
  'trailofbits__skills/plugins/firebase-apk-scanner/skills/firebase-apk-scanner',
]);

interface Verdict {
  readonly dir: string;
  readonly valid: boolean;
  readonly errors: readonly string[];
}

function referenceCodes(errors: readonly string[]): string[] {
  return [
    ...new Set(errors.map((e) => REFERENCE_CODES.find(([k]) => e.includes(k))?.[1] ?? `unmapped: ${e.slice(0, 60)}`)),
  ].sort();
}

const errorCodes = (s: SkillReport) =>
  [...new Set(s.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code))].sort();

describe.skipIf(!present)('corpus: ../shared/corpus/real', () => {
  const verdicts: Verdict[] = present
    ? readFileSync(VERDICTS, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Verdict)
    : [];
  const result = present ? validatePath(REAL, { profile: 'spec' }) : undefined;
  const byDir = new Map<string, SkillReport>();
  for (const s of result?.skills ?? []) if (!byDir.has(s.dir)) byDir.set(s.dir, s);

  it('reports every SKILL.md, each as a package or with diagnostics', () => {
    expect(result!.skills.length).toBeGreaterThanOrEqual(verdicts.length);
    for (const s of result!.skills) expect(s.valid || s.diagnostics.length > 0).toBe(true);
    for (const v of verdicts) expect(byDir.has(v.dir), v.dir).toBe(true);
  });

  it('agrees with skills-ref on verdict and rule codes, except documented reference bugs', () => {
    const disagreements: string[] = [];
    let agreed = 0;
    for (const v of verdicts) {
      const s = byDir.get(v.dir)!;
      const ours = errorCodes(s);
      const theirs = referenceCodes(v.errors);
      if (s.valid === v.valid && JSON.stringify(ours) === JSON.stringify(theirs)) agreed++;
      else if (STRICTYAML_FLOW.has(v.dir)) expect(theirs).toEqual(['yaml.invalid']);
      else disagreements.push(`${v.dir}: ours ${s.valid} ${ours.join(',')} / reference ${v.valid} ${theirs.join(',')}`);
    }
    expect(disagreements).toEqual([]);
    expect(agreed).toBe(verdicts.length - STRICTYAML_FLOW.size);
  });

  it('documents the folders the reference never visited (symlinked SKILL.md files)', () => {
    const known = new Set(verdicts.map((v) => v.dir));
    const extra = result!.skills.filter((s) => !known.has(s.dir));
    // The reference never visited symlinked SKILL.md files. In a checkout with real links, validate
    // counts a link inside the tree as checked at its target, checks a SKILL.md linked to another
    // file where the link is, and reports a dangling link; where the links were checked out as
    // plain files holding the target's path, each is a SKILL.md without frontmatter, and the
    // message says why.
    expect(extra.length).toBeGreaterThan(0);
    for (const s of extra) {
      if (s.skipped === 'linked') expect(s.diagnostics).toEqual([]);
      else if (s.diagnostics[0]?.code.startsWith('discover.symlink-') === true)
        expect(s.diagnostics.map((d) => d.code)).toEqual(['discover.symlink-dangling']);
      // A SKILL.md linked to another file is parsed where the link is (the file may be no skill at all).
      else if (lstatSync(join(REAL, s.file)).isSymbolicLink()) expect(s.skipped, s.file).toBeUndefined();
      else if (s.diagnostics.some((d) => d.code === 'frontmatter.missing')) {
        expect(s.diagnostics.map((d) => d.code)).toEqual(['frontmatter.missing']);
        expect(s.diagnostics[0]!.message).toContain('symbolic link');
      } else expect(s.name, s.file).not.toBeNull(); // a linked SKILL.md checked where the link is
    }
  });

  it('gives byte-identical results on a second run', () => {
    const again = validatePath(join(REAL, 'obra__superpowers'), { profile: 'spec' });
    const first = validatePath(join(REAL, 'obra__superpowers'), { profile: 'spec' });
    expect(JSON.stringify(again.skills.map(({ source: _s, ...rest }) => rest))).toBe(
      JSON.stringify(first.skills.map(({ source: _s, ...rest }) => rest)),
    );
  });
});
