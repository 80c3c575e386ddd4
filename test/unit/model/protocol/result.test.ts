import { describe, expect, it } from 'vitest';
import { SkillError, SkillResult } from '../../../../src/index.js';

const _failure = () =>
  SkillError.create({ type: 'tool_execution_failure', message: 'exit 1', skillName: 'my-skill', toolName: 'my-tool' });

describe('SkillResult', () => {
  it('records a success with output and no error; defaults duration and changes', () => {
    const r = SkillResult.create({ success: true, skillName: 'my-skill', toolName: 'my-tool', outputData: 'hello' });
    expect([r.success, r.skillName, r.toolName, r.outputData, r.error, r.durationMs]).toEqual([
      true,
      'my-skill',
      'my-tool',
      'hello',
      null,
      0,
    ]);
    expect(r.resourceChanges).toEqual([]);
    expect(SkillResult.create({ success: true, skillName: 's' }).outputData).toBeNull();
  });

  it('records a failure with its SkillError', () => {
    const r = SkillResult.create({ success: false, skillName: 'my-skill', toolName: 'my-tool', error: _failure() });
    expect(r.success).toBe(false);
    expect(r.error).toBeInstanceOf(SkillError);
    expect(r.error?.type).toBe('tool_execution_failure');
  });

  it('records duration and resource changes', () => {
    const r = SkillResult.create({
      success: true,
      skillName: 's',
      durationMs: 150.5,
      resourceChanges: [{ resource: 'out/report.md', action: 'created', details: { bytes: 120 } }],
    });
    expect(r.durationMs).toBe(150.5);
    expect(r.resourceChanges).toEqual([{ resource: 'out/report.md', action: 'created', details: { bytes: 120 } }]);
  });

  it.each([
    ['success with an error', { success: true, skillName: 's', error: _failure() }],
    ['failure without an error', { success: false, skillName: 's' }],
    ['a negative duration', { success: true, skillName: 's', durationMs: -1 }],
    ['an infinite duration', { success: true, skillName: 's', durationMs: Number.POSITIVE_INFINITY }],
    ['an empty skill name', { success: true, skillName: '' }],
    ['non-JSON output', { success: true, skillName: 's', outputData: new Map() }],
    [
      'an unknown resource action',
      { success: true, skillName: 's', resourceChanges: [{ resource: 'a', action: 'renamed' }] },
    ],
    [
      'a resource change without a resource',
      { success: true, skillName: 's', resourceChanges: [{ resource: '', action: 'deleted' }] },
    ],
    ['an error that is not a SkillError', { success: false, skillName: 's', error: { type: 'x', message: 'y' } }],
  ])('rejects %s', (_label, init) => {
    expect(SkillResult.safeCreate(init as never).ok).toBe(false);
    expect(() => SkillResult.create(init as never)).toThrow(/^invalid SkillResult: /);
  });

  it('is deeply immutable', () => {
    const r = SkillResult.create({
      success: true,
      skillName: 's',
      outputData: { rows: [1, 2] },
      resourceChanges: [{ resource: 'a', action: 'modified' }],
    });
    expect(() => Object.assign(r, { success: false })).toThrow(TypeError);
    expect(() => ((r.outputData as { rows: number[] }).rows as number[]).push(3)).toThrow(TypeError);
    expect(() => Object.assign(r.resourceChanges[0]!, { action: 'deleted' })).toThrow(TypeError);
    expect(() => (r.resourceChanges as unknown[]).pop()).toThrow(TypeError);
  });

  it('round-trips through JSON, with and without an error', () => {
    for (const r of [
      SkillResult.create({
        success: true,
        skillName: 's',
        toolName: 't',
        outputData: [1, { a: null }],
        durationMs: 3.25,
        resourceChanges: [{ resource: 'x', action: 'deleted' }],
      }),
      SkillResult.create({ success: false, skillName: 'my-skill', error: _failure(), durationMs: 9 }),
    ]) {
      const wire = JSON.stringify(r);
      const back = SkillResult.from(JSON.parse(wire));
      expect(JSON.stringify(back)).toBe(wire);
      expect(back.error === null).toBe(r.error === null);
    }
    expect(JSON.parse(JSON.stringify(SkillResult.create({ success: true, skillName: 's' })))).toEqual({
      success: true,
      skill_name: 's',
      output_data: null,
      error: null,
      duration_ms: 0,
      resource_changes: [],
    });
  });
});
