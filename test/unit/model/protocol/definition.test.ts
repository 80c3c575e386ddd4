import { describe, expect, it } from 'vitest';
import { SkillDefinition, isSkillgraphError } from '../../../../src/index.js';
import { _inline, _mcp, _pkg, _toolRef } from './_fixtures.js';

function _issues(fn: () => unknown): string[] {
  try {
    fn();
  } catch (error) {
    if (isSkillgraphError(error) && error.code === 'protocol.invalid') {
      return (error.details['issues'] as { path: string }[]).map((i) => i.path);
    }
    throw error;
  }
  return [];
}

describe('SkillDefinition', () => {
  it('holds a skill with its resolved tools; writes is derived when not declared', () => {
    const def = SkillDefinition.create({
      skillName: 'def-skill',
      description: 'Defines',
      tools: [_toolRef('read_file')],
    });
    expect(def.skillName).toBe('def-skill');
    expect(def.tools).toHaveLength(1);
    expect(def.writes).toBe(false);
    expect(def.inputSchema).toBeUndefined();
    expect(def.toJSON()).toEqual({
      skill_name: 'def-skill',
      description: 'Defines',
      writes: false,
      tools: [{ key: 'read_file', kind: 'tool_ref', writes: false, source: 'host' }],
    });
  });

  it('accepts input and output schemas that have a type', () => {
    const def = SkillDefinition.create({
      skillName: 's',
      description: 'd',
      tools: [],
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
      outputSchema: { type: ['string', 'null'] },
    });
    expect(def.inputSchema?.['type']).toBe('object');
    expect(def.outputSchema?.['type']).toEqual(['string', 'null']);
  });

  it.each([
    ['an input schema without type', { inputSchema: { properties: {} } }, 'input_schema'],
    ['an output schema without type', { outputSchema: { items: {} } }, 'output_schema'],
    ['a schema whose type is not a JSON Schema type', { inputSchema: { type: 'text' } }, 'input_schema.type'],
    ['a schema whose type list is empty', { outputSchema: { type: [] } }, 'output_schema.type'],
    ['a schema that is not an object', { inputSchema: 'object' }, 'input_schema'],
  ])('rejects %s', (_label, patch, path) => {
    expect(
      _issues(() => SkillDefinition.create({ skillName: 's', description: 'd', tools: [], ...(patch as object) })),
    ).toEqual([path]);
  });

  it('rejects a declared writes flag that disagrees with the tools, both ways', () => {
    const writer = [_toolRef('read_file'), _inline('s', 0, true)];
    expect(
      _issues(() => SkillDefinition.create({ skillName: 's', description: 'd', tools: writer, writes: false })),
    ).toEqual(['writes']);
    expect(
      _issues(() => SkillDefinition.create({ skillName: 's', description: 'd', tools: [_toolRef('r')], writes: true })),
    ).toEqual(['writes']);
    expect(SkillDefinition.create({ skillName: 's', description: 'd', tools: writer, writes: true }).writes).toBe(true);
  });

  it('names the writing tool when read-only is declared', () => {
    const safe = SkillDefinition.safeCreate({
      skillName: 's',
      description: 'd',
      tools: [_mcp('gh', 'create_issue', true)],
      writes: false,
    });
    expect(!safe.ok && safe.error.message).toMatch(/mcp:github|mcp:gh\/create_issue/);
  });

  it('rejects duplicate tool keys and malformed entries', () => {
    expect(
      _issues(() =>
        SkillDefinition.create({ skillName: 's', description: 'd', tools: [_toolRef('a'), _toolRef('a')] }),
      ),
    ).toEqual(['tools.1.key']);
    expect(
      _issues(() =>
        SkillDefinition.create({ skillName: 's', description: 'd', tools: [{ key: 'a', kind: 'tool_ref' } as never] }),
      ),
    ).toEqual(['tools.0.writes', 'tools.0.source']);
  });

  it('is deeply immutable, tools and schemas included, and does not freeze the caller’s values', () => {
    const tools = [_toolRef('a')];
    const inputSchema = { type: 'object', properties: {} };
    const def = SkillDefinition.create({ skillName: 's', description: 'd', tools, inputSchema });
    expect(Object.isFrozen(def) && Object.isFrozen(def.tools) && Object.isFrozen(def.tools[0])).toBe(true);
    expect(() => Object.assign(def, { writes: true })).toThrow(TypeError);
    expect(() => Object.assign(def.tools[0]!, { writes: true })).toThrow(TypeError);
    expect(() => Object.assign(def.inputSchema!['properties'] as object, { x: 1 })).toThrow(TypeError);
    expect(Object.isFrozen(tools[0]) || Object.isFrozen(inputSchema)).toBe(false);
  });

  it('is built from a package and its entries', () => {
    const def = SkillDefinition.fromSkill(_pkg('deploy', { description: 'Ship it' }), [_toolRef('sh', true)]);
    expect([def.skillName, def.description, def.writes]).toEqual(['deploy', 'Ship it', true]);
    expect(SkillDefinition.safeFromSkill(null, []).ok).toBe(false);
    expect(SkillDefinition.safeFromSkill(_pkg('x'), undefined).ok).toBe(false);
  });

  it('round-trips through JSON', () => {
    const def = SkillDefinition.create({
      skillName: 's',
      description: 'd',
      tools: [_toolRef('a'), _mcp('gh', 'create', true), _inline('s', 0)],
      inputSchema: { type: 'object' },
    });
    const back = SkillDefinition.from(JSON.parse(JSON.stringify(def)));
    expect(back.toJSON()).toEqual(def.toJSON());
    expect(JSON.stringify(back)).toBe(JSON.stringify(def));
  });
});
