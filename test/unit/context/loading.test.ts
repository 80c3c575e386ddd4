import { describe, expect, it } from 'vitest';
import {
  LoadedSet,
  formatEvent,
  parseEventLog,
  replayLoadedSet,
  skillLoadedEvent,
} from '../../../src/context/loaded-set.js';
import { closestNames, findSkill } from '../../../src/context/lookup.js';
import { loadSkillAnswer, loadSkillTool, parseLoadSkillArgs } from '../../../src/context/tool.js';
import { _catalog, _pkg } from './_fixtures.js';

describe('loadSkillTool', () => {
  it('is a function-calling definition with the visible names as a sorted enum', () => {
    const tool = loadSkillTool(
      _catalog([_pkg({ name: 'b' }), _pkg({ name: 'a' }), _pkg({ name: 'h', modelInvocable: false })]),
    )!;
    expect(tool.name).toBe('load_skill');
    expect(tool.description.length).toBeGreaterThan(20);
    expect(tool.parameters).toEqual({
      type: 'object',
      properties: { skill_name: { type: 'string', description: expect.any(String), enum: ['a', 'b'] } },
      required: ['skill_name'],
      additionalProperties: false,
    });
    expect(Object.isFrozen(tool.parameters.properties.skill_name.enum)).toBe(true);
  });

  it('is null when nothing can be loaded', () => {
    expect(loadSkillTool(_catalog([]))).toBeNull();
  });

  it('checks call arguments: skill_name, with name as its alias', () => {
    expect(parseLoadSkillArgs('{"skill_name":" pdf "}')).toEqual({ skill_name: 'pdf' });
    expect(parseLoadSkillArgs({ skill_name: 'pdf' })).toEqual({ skill_name: 'pdf' });
    expect(parseLoadSkillArgs('{"name":" pdf "}')).toEqual({ skill_name: 'pdf' });
    expect(parseLoadSkillArgs({ skill_name: 'pdf', name: 'pdf' })).toEqual({ skill_name: 'pdf' });
    for (const bad of ['{', '[]', '{"name":""}', '{"name":3}', '{"skill_name":""}', '{}', null]) {
      expect(() => parseLoadSkillArgs(bad)).toThrow(expect.objectContaining({ code: 'options.invalid' }));
    }
    expect(() => parseLoadSkillArgs({ skill_name: 'pdf', name: 'xlsx' })).toThrow(
      expect.objectContaining({ code: 'options.invalid', details: expect.objectContaining({ field: 'name' }) }),
    );
    expect(() => parseLoadSkillArgs({ name: 7 })).toThrow(
      expect.objectContaining({ details: expect.objectContaining({ field: 'name' }) }),
    );
  });

  it('answers with the wire names', () => {
    expect(loadSkillAnswer({ status: 'loaded', name: 'pdf', path: 'ws/pdf' })).toEqual({
      status: 'loaded',
      skill_name: 'pdf',
      path: 'ws/pdf',
    });
  });
});

describe('findSkill', () => {
  const shadowed = _pkg({ name: 'review', scope: 'global' });
  const catalog = _catalog(
    [
      _pkg({ name: 'pdf-tools', scope: 'local' }),
      _pkg({ name: 'review', scope: 'local' }),
      _pkg({ name: 'hidden', modelInvocable: false }),
    ],
    [],
    [shadowed],
  );

  it('finds by exact name and by scope/name, shadowed copies included', () => {
    expect(findSkill(catalog, 'review').descriptor.id).toBe('local/review');
    expect(findSkill(catalog, 'global/review')).toBe(shadowed);
    expect(findSkill(catalog, '  pdf-tools ').descriptor.name).toBe('pdf-tools');
  });

  it('suggests the closest names for an unknown one', () => {
    expect(() => findSkill(catalog, 'pdf-tool')).toThrow(
      expect.objectContaining({ code: 'skill.not-found', details: { name: 'pdf-tool', suggestions: ['pdf-tools'] } }),
    );
    expect(() => findSkill(catalog, 'project/review')).toThrow(expect.objectContaining({ code: 'skill.not-found' }));
  });

  it('hides model-hidden skills when asked to', () => {
    expect(findSkill(catalog, 'hidden').descriptor.name).toBe('hidden');
    expect(() => findSkill(catalog, 'hidden', { modelOnly: true })).toThrow(
      expect.objectContaining({ code: 'skill.not-found' }),
    );
  });

  it('accepts a unique case-insensitive match and rejects an ambiguous one', () => {
    expect(findSkill(catalog, 'PDF-Tools').descriptor.name).toBe('pdf-tools');
    const twins = _catalog([_pkg({ name: 'Report' }), _pkg({ name: 'report' })]);
    expect(findSkill(twins, 'report').descriptor.name).toBe('report');
    expect(() => findSkill(twins, 'REPORT')).toThrow(
      expect.objectContaining({
        code: 'skill.ambiguous',
        details: { name: 'REPORT', candidates: ['project/Report', 'project/report'] },
      }),
    );
  });

  it('rejects scope/name when two same-precedence roots of that scope hold different copies', () => {
    const a = _pkg({ name: 'pdf', scope: 'project', locator: '/a/.claude/skills/pdf/SKILL.md', digest: 'sha256:a' });
    const b = _pkg({ name: 'pdf', scope: 'project', locator: '/a/.agents/skills/pdf/SKILL.md', digest: 'sha256:b' });
    const same = _pkg({ name: 'pdf', scope: 'project', locator: '/a/.agents/skills/pdf/SKILL.md', digest: 'sha256:a' });
    expect(findSkill(_catalog([a], [], [b]), 'pdf')).toBe(a);
    expect(() => findSkill(_catalog([a], [], [b]), 'project/pdf')).toThrow(
      expect.objectContaining({
        code: 'skill.ambiguous',
        details: {
          name: 'project/pdf',
          candidates: ['/a/.agents/skills/pdf/SKILL.md', '/a/.claude/skills/pdf/SKILL.md'],
        },
      }),
    );
    expect(findSkill(_catalog([a], [], [same]), 'project/pdf')).toBe(a);
    const custom = _pkg({
      name: 'pdf',
      scope: 'project',
      precedence: 25,
      locator: '/b/pdf/SKILL.md',
      digest: 'sha256:c',
    });
    expect(findSkill(_catalog([custom], [], [b]), 'project/pdf')).toBe(custom);
  });

  it("rejects a name that is one skill's name and another skill's folder, as the sandbox SDK does", () => {
    const named = _pkg({ name: 'pdf', locator: '/roots/project/pdf-v2/SKILL.md' });
    const foldered = _pkg({ name: 'pdf-legacy', locator: '/roots/project/pdf/SKILL.md' });
    expect(() => findSkill(_catalog([named, foldered]), 'pdf')).toThrow(
      expect.objectContaining({
        code: 'skill.ambiguous',
        details: { name: 'pdf', candidates: ['project/pdf', 'project/pdf-legacy'] },
      }),
    );
    // A skill in a folder of its own name is not a rival of itself.
    expect(findSkill(_catalog([_pkg({ name: 'pdf' }), foldered]), 'pdf-legacy')).toBe(foldered);
  });

  it('rejects an empty name', () => {
    expect(() => findSkill(catalog, '  ')).toThrow(expect.objectContaining({ code: 'options.invalid' }));
  });

  it('closestNames orders by distance then name and caps the count', () => {
    expect(closestNames('revew', ['review', 'reviews', 'pdf'], 3)).toEqual(['review', 'reviews']);
    expect(closestNames('zzz', ['review'], 3)).toEqual([]);
  });
});

describe('LoadedSet', () => {
  it('is immutable: with() returns a new set', () => {
    const a = LoadedSet.EMPTY;
    const b = a.with('pdf', 'sha256:1');
    expect(a.size).toBe(0);
    expect(b.has('pdf')).toBe(true);
    expect(b.with('pdf', 'sha256:1')).toBe(b);
    expect(Object.isFrozen(b)).toBe(true);
  });

  it('rejects the same name with another digest', () => {
    const set = LoadedSet.of([['pdf', 'sha256:1']]);
    expect(() => set.with('pdf', 'sha256:2')).toThrow(
      expect.objectContaining({
        code: 'skill.digest-changed',
        details: expect.objectContaining({ name: 'pdf', expected: 'sha256:1', actual: 'sha256:2' }),
      }),
    );
  });

  it('refuses a plain-JavaScript new LoadedSet() that skips its factories (regression: it built a set with no map)', () => {
    expect(() => new (LoadedSet as unknown as new () => LoadedSet)()).toThrow(
      expect.objectContaining({ code: 'options.invalid' }),
    );
  });

  it('serialises sorted by name', () => {
    expect(
      JSON.stringify(
        LoadedSet.of([
          ['b', 'd2'],
          ['a', 'd1'],
        ]),
      ),
    ).toBe('[{"name":"a","digest":"d1"},{"name":"b","digest":"d2"}]');
  });
});

describe('event log replay', () => {
  const d = (c: string) => `sha256:${c.repeat(64)}`;
  const log = [
    formatEvent(skillLoadedEvent('run-1', 'pdf', d('1'))),
    '{"run_id":"run-1","event":"tool_called","tool":"bash"}\n',
    '\n',
    formatEvent(skillLoadedEvent('run-1', 'review', d('2'))),
    formatEvent(skillLoadedEvent('run-1', 'pdf', d('1'))),
    formatEvent(skillLoadedEvent('run-2', 'xlsx', d('3'))),
  ].join('');

  it('rebuilds the set per run id', () => {
    expect(replayLoadedSet(log, 'run-1').names()).toEqual(['pdf', 'review']);
    expect(replayLoadedSet(log, 'run-2').names()).toEqual(['xlsx']);
  });

  it('starts a later run empty', () => {
    expect(replayLoadedSet(log, 'run-3').size).toBe(0);
  });

  it('fails on the same name with two digests in one run', () => {
    const bad = log + formatEvent(skillLoadedEvent('run-1', 'pdf', d('9')));
    expect(() => replayLoadedSet(bad, 'run-1')).toThrow(expect.objectContaining({ code: 'skill.digest-changed' }));
    expect(replayLoadedSet(bad, 'run-2').names()).toEqual(['xlsx']);
  });

  it('names the line of a malformed entry', () => {
    expect(() => parseEventLog(`${log}{"run_id": "run-1", oops\n`, 'session.jsonl')).toThrow(
      expect.objectContaining({ code: 'log.invalid', details: { file: 'session.jsonl', line: 7 } }),
    );
    expect(() => parseEventLog('[1]\n')).toThrow(expect.objectContaining({ details: { file: '<log>', line: 1 } }));
    expect(() => parseEventLog('\n{"event":"skill_loaded","run_id":"r","name":"x"}\n')).toThrow(
      expect.objectContaining({ code: 'log.invalid', details: { file: '<log>', line: 2 } }),
    );
  });

  it.each(['sha256:aa', `sha256:${'A'.repeat(64)}`, `md5:${'a'.repeat(64)}`, `sha256:${'a'.repeat(65)}`])(
    'refuses the malformed digest %s, naming its line',
    (digest) => {
      expect(() =>
        parseEventLog(`${log}${formatEvent(skillLoadedEvent('run-9', 'pdf', digest))}`, 'session.jsonl'),
      ).toThrow(expect.objectContaining({ code: 'log.invalid', details: { file: 'session.jsonl', line: 7 } }));
    },
  );

  it('accepts CRLF logs', () => {
    expect(replayLoadedSet(log.replace(/\n/g, '\r\n'), 'run-1').size).toBe(2);
  });
});
