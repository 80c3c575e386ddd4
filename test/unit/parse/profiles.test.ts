import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  PARSE_RULE_CODES,
  PROFILES,
  PROFILE_NAMES,
  parseSkill,
  type ProfileName,
} from '../../../src/parse/index.js';

const _fm = (lines: string) => `---\n${lines}\n---\n# Body\n`;
const _ok = 'name: pdf\ndescription: Use when reading PDF files.';
const _run = (text: string, profile: ProfileName, dirName = 'pdf') =>
  parseSkill(text, { locator: `/s/${dirName}/SKILL.md`, dirName, profile });
const _pairs = (text: string, profile: ProfileName, dirName = 'pdf') =>
  _run(text, profile, dirName).diagnostics.map((d) => `${d.code}:${d.severity}`);

describe('profiles are data', () => {
  it('every profile gives every rule code a level', () => {
    for (const name of PROFILE_NAMES) {
      for (const code of PARSE_RULE_CODES)
        expect(['error', 'warning', 'info', 'off']).toContain(PROFILES[name].rules[code]);
    }
  });
  it('every rule code has a message and a hint', () => {
    for (const code of PARSE_RULE_CODES) {
      expect(MESSAGES[code].message({}).length).toBeGreaterThan(0);
      expect(MESSAGES[code].hint.length).toBeGreaterThan(0);
    }
  });
  it('profiles are frozen', () => expect(Object.isFrozen(PROFILES.spec.rules)).toBe(true));
});

describe('spec', () => {
  it('unknown keys are errors, one per key, at the key', () => {
    const r = _run(_fm(`${_ok}\nversion: 1\ntags: [a]`), 'spec');
    expect(r.diagnostics.map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['field.unknown', 'error', 4, 1],
      ['field.unknown', 'error', 5, 1],
    ]);
    expect(r.package).toBeUndefined();
  });
  it('does not read composition keys and rejects a structured compatibility', () => {
    expect(_pairs(_fm(`${_ok}\ncompatibility: {os: [linux]}`), 'spec')).toEqual(['compatibility.type:error']);
  });
  it('uses metadata.version for the version', () => {
    expect(_run(_fm(`${_ok}\nmetadata: {version: "1.2"}`), 'spec').package?.descriptor.version).toBe('1.2');
  });
});

describe('skillgraph', () => {
  it('knows the extension keys and warns on unknown ones', () => {
    expect(_pairs(_fm(`${_ok}\nversion: "1.0"\ntools: [read]\nfoo: 1`), 'skillgraph')).toEqual([
      'field.unknown:warning',
    ]);
  });
  it('prefers version over metadata.version', () => {
    expect(
      _run(_fm(`${_ok}\nversion: "2.0"\nmetadata: {version: "1.0"}`), 'skillgraph').package?.descriptor.version,
    ).toBe('2.0');
  });
  it('warns on an unquoted numeric version', () => {
    const r = _run(_fm(`${_ok}\nversion: 1.5`), 'skillgraph');
    expect(r.diagnostics.map((d) => d.code)).toEqual(['version.type']);
    expect(r.package?.descriptor.version).toBe('1.5');
  });
  it('accepts structured compatibility', () => {
    const r = _run(_fm(`${_ok}\ncompatibility: {os: linux, programs: [git, jq], env: [TOKEN]}`), 'skillgraph');
    expect(r.package?.descriptor.compatibility).toEqual({ os: ['linux'], programs: ['git', 'jq'], env: ['TOKEN'] });
  });
  it('rejects a compatibility map with unknown keys at the map', () => {
    expect(_pairs(_fm(`${_ok}\ncompatibility: {cpu: x86}`), 'skillgraph')).toEqual(['compatibility.type:error']);
  });
});

describe('claude-code and codex', () => {
  const claudeKeys =
    'argument-hint: "[file]"\nuser-invocable: false\nmodel: haiku\ncontext: fork\nagent: Explore\neffort: high\nhooks: {}';
  it('claude-code knows its extra keys', () => expect(_pairs(_fm(`${_ok}\n${claudeKeys}`), 'claude-code')).toEqual([]));
  it('claude-code falls back to the folder name without a name', () => {
    const r = _run(_fm('description: Use when x.'), 'claude-code');
    expect(r.diagnostics.map((d) => `${d.code}:${d.severity}`)).toEqual(['name.missing:warning']);
    expect(r.package?.descriptor.name).toBe('pdf');
  });
  it('codex warns on Claude-only keys', () => {
    expect(_pairs(_fm(`${_ok}\nmodel: haiku`), 'codex')).toEqual(['field.unknown:warning']);
  });
});

describe('lenient', () => {
  it('recovers key: a: b with a warning', () => {
    const r = _run(_fm('name: pdf\ndescription: Use when: the user asks'), 'lenient');
    expect(r.diagnostics.map((d) => `${d.code}:${d.severity}:${d.line}`)).toEqual(['yaml.recovered:warning:3']);
    expect(r.package?.descriptor.description).toBe('Use when: the user asks');
  });
  it('warns on name/folder mismatch and long names', () => {
    const r = _run(_fm(`name: ${'a'.repeat(70)}\ndescription: d`), 'lenient');
    expect(r.diagnostics.map((d) => `${d.code}:${d.severity}`)).toEqual([
      'name.directory-mismatch:warning',
      'name.length:warning',
    ]);
    expect(r.package).toBeDefined();
  });
  it('skips only a skill without a readable description, with a diagnostic', () => {
    expect(_pairs(_fm('name: pdf'), 'lenient')).toEqual(['skill.skipped:error', 'description.missing:error']);
  });
  it('does not recover other invalid YAML', () => {
    expect(_pairs(_fm('name: pdf\ndescription: "open'), 'lenient')).toContain('yaml.invalid:error');
  });
});

describe('strict-compat', () => {
  it('rejects free-text compatibility and non-string metadata', () => {
    expect(_pairs(_fm(`${_ok}\ncompatibility: needs git\nmetadata: {n: 1}`), 'strict-compat')).toEqual([
      'compatibility.free-text:error',
      'metadata.value-type:error',
    ]);
  });
  it('uses the ascii name policy', () => {
    expect(_pairs(_fm('name: café\ndescription: Use when x.'), 'strict-compat', 'café')).toEqual([
      'name.charset:error',
    ]);
  });
});
