import { describe, expect, it } from 'vitest';
import { packageDigest } from '../../../src/catalog/digest.js';
import { parseSkill, type ProfileName } from '../../../src/parse/index.js';

const _fm = (lines: string) =>
  `---\nname: gh\ndescription: GitHub work. Use when a PR is mentioned.\n${lines}\n---\n# Body\n`;
const _run = (text: string, profile: ProfileName = 'skillgraph') =>
  parseSkill(text, { locator: '/s/gh/SKILL.md', dirName: 'gh', profile });
const _codes = (text: string, profile?: ProfileName) =>
  _run(text, profile).diagnostics.map((d) => `${d.code}:${d.severity}:${d.line}`);

describe('dependencies', () => {
  it('are read in the default profile, each list sorted without repeats', () => {
    const r = _run(_fm('dependencies:\n  tools: [git, gh, git]\n  mcp_servers: [linear, github]'));
    expect(r.diagnostics).toEqual([]);
    expect(r.package?.descriptor.dependencies).toEqual({ tools: ['gh', 'git'], mcp_servers: ['github', 'linear'] });
  });

  it('default a missing list to empty; absent or null means none declared', () => {
    expect(_run(_fm('dependencies:\n  tools: [gh]')).package?.descriptor.dependencies).toEqual({
      tools: ['gh'],
      mcp_servers: [],
    });
    expect(_run(_fm('dependencies: {}')).package?.descriptor.dependencies).toEqual({ tools: [], mcp_servers: [] });
    expect(_run(_fm('dependencies:')).package?.descriptor).not.toHaveProperty('dependencies');
    expect(_run(_fm('license: MIT')).package?.descriptor).not.toHaveProperty('dependencies');
  });

  it('warn at each malformed part and keep the rest', () => {
    const text = _fm('dependencies:\n  tools: [gh, "two words", 3]\n  mcp_servers: github\n  programs: [git]');
    expect(_codes(text)).toEqual([
      'dependencies.invalid:warning:5',
      'dependencies.invalid:warning:5',
      'dependencies.invalid:warning:6',
      'dependencies.invalid:warning:7',
    ]);
    expect(_run(text).package?.descriptor.dependencies).toEqual({ tools: ['gh'], mcp_servers: [] });
  });

  it('as free text (seen in published skills) are a warning, and the skill stays valid', () => {
    const r = _run(_fm('dependencies: "None (prompt-only)"'));
    expect(r.diagnostics.map((d) => d.code)).toEqual(['dependencies.invalid']);
    expect(r.package).toBeDefined();
    expect(r.package?.descriptor).not.toHaveProperty('dependencies');
  });

  it('are an error in strict-compat and an unknown key in spec', () => {
    expect(_codes(_fm('dependencies: [gh]'), 'strict-compat')).toEqual(['dependencies.invalid:error:4']);
    expect(_codes(_fm('dependencies: {tools: [gh]}'), 'spec')).toEqual(['field.unknown:error:4']);
  });

  it('enter the digest in their normalised form only', () => {
    const digest = (lines: string) => packageDigest(_run(_fm(lines)).package!);
    const plain = digest('license: MIT');
    expect(digest('license: MIT\ndependencies:\n  tools: [git, gh]\n  mcp_servers: [github]')).toBe(
      digest('license: MIT\ndependencies:\n  mcp_servers: [github, github]\n  tools: [gh, git, gh]'),
    );
    expect(digest('license: MIT\ndependencies:\n  tools: [gh]')).not.toBe(
      digest('license: MIT\ndependencies:\n  mcp_servers: [gh]'),
    );
    expect(digest('license: MIT\ndependencies:\n  tools: [gh]')).not.toBe(plain);
    // A skill without dependencies keeps the digest it always had (pinned).
    expect(plain).toBe(PLAIN_DIGEST);
  });
});

// The digest of `_fm('license: MIT')` before dependencies were read; it must never change.
const PLAIN_DIGEST = 'sha256:34f0d3b8ee55b7a8bdeeb87e80ce9ba98235253319fa0118257021d8431315a5';
