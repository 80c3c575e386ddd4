/**
 * Library entry points check what they are handed and throw a
 * SkillgraphError whose code and field name the problem, never a TypeError
 * from deep inside (`roots is not iterable`).
 */
import { describe, expect, it } from 'vitest';
import { createEngine, discover, loadCatalog, SkillgraphError } from '../../../src/index.js';

function codeAndField(run: () => unknown): [string, unknown] {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SkillgraphError);
    const e = error as SkillgraphError;
    return [e.code, e.details.field];
  }
  throw new Error('no error thrown');
}

describe('library option checks', () => {
  it('loadCatalog names the bad field', () => {
    expect(codeAndField(() => loadCatalog({} as never))).toEqual(['options.invalid', 'roots']);
    expect(codeAndField(() => loadCatalog(null as never))).toEqual(['options.invalid', 'roots']);
    expect(
      codeAndField(() =>
        loadCatalog({ roots: [{ path: 'relative', scope: 'project', precedence: 20, required: false }] }),
      ),
    ).toEqual(['options.invalid', 'roots[0].path']);
    expect(
      codeAndField(() => loadCatalog({ roots: [{ path: '/x', scope: 'Project', precedence: 20, required: false }] })),
    ).toEqual(['options.invalid', 'roots[0].scope']);
    expect(codeAndField(() => loadCatalog({ roots: [], depth: -1 }))).toEqual(['options.invalid', 'depth']);
    expect(codeAndField(() => loadCatalog({ roots: [], linkBounds: 'x' as never }))).toEqual([
      'options.invalid',
      'linkBounds',
    ]);
  });

  it('discover and the engine check roots the same way', async () => {
    expect(codeAndField(() => discover('nope' as never))).toEqual(['options.invalid', 'roots']);
    for (const workers of [0, 'auto'] as const) {
      // `auto` sizes the pool from a look at the roots: the check must come before it.
      const engine = createEngine({ workers, cache: false });
      try {
        await expect(engine.loadCatalog({} as never)).rejects.toMatchObject({
          code: 'options.invalid',
          details: { field: 'roots' },
        });
      } finally {
        await engine.close();
      }
    }
  });
});
