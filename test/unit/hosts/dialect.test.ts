/**
 * The agents' frontmatter readers on cases the fixture trees do not hold:
 * the Python Agents SDK's simpler line reader (documented from its source),
 * Gemini CLI's line fallback, and the roots an agent reads for a folder.
 */
import { describe, expect, it } from 'vitest';
import { readNameDescriptionLines, readPythonLines, readSdkLines } from '../../../src/parse/lines.js';
import { readWithDialect } from '../../../src/hosts/dialect.js';
import { HOSTS } from '../../../src/hosts/registry.js';
import { hostRoots } from '../../../src/hosts/roots.js';

describe('the Agents SDK line readers', () => {
  it('JavaScript: block scalars fold, comments and quotes as the SDK reads them', () => {
    const text = "---\nname: a\ndescription: >-\n  one\n  two\nnote: 'x' # kept\n---\nBody\n";
    expect(readSdkLines(text)).toEqual({ name: 'a', description: 'one two', note: "'x' # kept" });
  });

  it('Python: no block scalars, and a byte order mark means no frontmatter', () => {
    expect(readPythonLines('---\nname: a\ndescription: >-\n  one\n---\n')).toEqual({ name: 'a', description: '>-' });
    expect(readPythonLines('\uFEFF---\nname: a\n---\n')).toBeNull();
    expect(readSdkLines('\uFEFF---\nname: a\n---\n')).toEqual({ name: 'a' });
  });

  it('Python: every line with a colon is a key, indented or not', () => {
    expect(readPythonLines('---\nmetadata:\n  owner: me\ndescription: "Use when: x"\n---\n')).toEqual({
      metadata: '',
      owner: 'me',
      description: 'Use when: x',
    });
  });
});

describe("Gemini CLI's fallback", () => {
  it('reads name and description lines when YAML gives no strings', () => {
    expect(readNameDescriptionLines('name: a\ndescription: 42\n  more\n')).toEqual({
      name: 'a',
      description: '42 more',
    });
    expect(readNameDescriptionLines('description: only\n')).toBeNull();
  });

  it('replaces the characters it forbids in names', () => {
    const read = readWithDialect(HOSTS.gemini.dialect, '---\nname: a:b/c\ndescription: d\n---\n', 'x');
    expect(read).toMatchObject({ ok: true, name: 'a-b-c' });
  });
});

describe('dialects refuse with the rule', () => {
  it('Copilot refuses Use when: x as YAML; Codex reads it; Claude Code names the skill by its folder', () => {
    const text = '---\nname: other\ndescription: Use when: x\n---\nBody\n';
    expect(readWithDialect(HOSTS.copilot.dialect, text, 'f')).toMatchObject({ ok: false, rule: 'yaml.invalid' });
    expect(readWithDialect(HOSTS.codex.dialect, text, 'f')).toMatchObject({
      ok: true,
      name: 'other',
      description: 'Use when: x',
    });
    expect(readWithDialect(HOSTS['claude-code'].dialect, text, 'f')).toMatchObject({
      ok: true,
      name: 'f',
      description: 'Use when: x',
    });
  });

  it('the documented hosts read the specification strictly', () => {
    expect(readWithDialect(HOSTS.vscode.dialect, '---\nname: Bad Name\ndescription: d\n---\n', 'x')).toMatchObject({
      ok: false,
      rule: 'name.charset',
    });
  });
});

describe('roots', () => {
  const ctx = { cwd: '/r/a/b', home: '/h', gitRoot: '/r', trusted: true, env: {} };

  it('Claude Code walks up to the repository top, nearest first, home first', () => {
    expect(hostRoots(HOSTS['claude-code'], ctx).map((r) => r.path)).toEqual([
      '/h/.claude/skills',
      '/r/a/b/.claude/skills',
      '/r/a/.claude/skills',
      '/r/.claude/skills',
      '/r/a/b/.claude/commands',
      '/r/a/.claude/commands',
      '/r/.claude/commands',
    ]);
  });

  it('Gemini CLI reads the starting folder only, and not when it is untrusted', () => {
    const roots = hostRoots(HOSTS.gemini, { ...ctx, trusted: false });
    expect(roots.filter((r) => r.scope === 'project').map((r) => [r.path, r.untrusted])).toEqual([
      ['/r/a/b/.gemini/skills', true],
      ['/r/a/b/.agents/skills', true],
    ]);
  });

  it('an environment variable moves a user root', () => {
    expect(hostRoots(HOSTS.codex, { ...ctx, env: { CODEX_HOME: '/c' } }).map((r) => r.path)).toContain('/c/skills');
  });
});
