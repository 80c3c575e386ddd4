import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../../src/parse/index.js';

const OPTIONS = { locator: '/skills/demo/SKILL.md', dirName: 'demo' };

describe('parseSkill content argument', () => {
  it('rejects null, undefined and numbers (plain-JS misuse) with options.invalid naming the field', () => {
    for (const bad of [null, undefined, 42, {}]) {
      expect(() => parseSkill(bad as unknown as string, OPTIONS)).toThrow(
        expect.objectContaining({ code: 'options.invalid', details: { field: 'bytes' } }),
      );
    }
  });

  it('accepts a Buffer as bytes', () => {
    const result = parseSkill(
      Buffer.from('---\nname: demo\ndescription: Demo. Use when testing.\n---\nBody\n'),
      OPTIONS,
    );
    expect(result.package?.descriptor.name).toBe('demo');
  });
});
