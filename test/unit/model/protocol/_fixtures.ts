/** Builders for protocol tests: a minimal SkillPackage and resolved entries of each kind. */
import { type ResolvedToolEntry, type SkillPackage } from '../../../../src/index.js';
import { EMPTY_COMPOSITION } from '../../../../src/internals.js';

/** A package as the parser would build it, with only what the protocol types read. */
export function _pkg(name: string, options: { description?: string; version?: string } = {}): SkillPackage {
  return {
    descriptor: {
      id: `local/${name}`,
      name,
      description: options.description ?? `A test skill called ${name}`,
      version: options.version ?? '0.0.0',
      metadata: {},
      allowedTools: [],
      modelInvocable: true,
      source: { scope: 'local', precedence: 30, root: '/skills', locator: `/skills/${name}/SKILL.md` },
      digest: `sha256:${'0'.repeat(64)}`,
    },
    body: '# Instructions\n',
    bodyLine: 4,
    composition: EMPTY_COMPOSITION,
    frontmatter: { name, description: options.description ?? `A test skill called ${name}` },
    diagnostics: [],
  };
}

export function _toolRef(name: string, writes = false, source = 'host'): ResolvedToolEntry {
  return { key: name, kind: 'tool_ref', writes, source };
}

export function _inline(skill: string, index: number, writes = false): ResolvedToolEntry {
  return { key: `${skill}/_anon_${index}`, kind: 'inline', writes, description: `inline tool ${index}`, source: skill };
}

export function _mcp(server: string, tool: string, writes = false, source = 'host'): ResolvedToolEntry {
  return { key: `mcp:${server}/${tool}`, kind: 'mcp', writes, server, tool, source };
}

export function _agentSkill(path: string, source = 'host'): ResolvedToolEntry {
  return { key: `agent_skill:${path}`, kind: 'agent_skill', writes: false, path, source };
}
