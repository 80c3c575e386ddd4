/** parseConfig on hostile text: every problem is config.invalid with the file, line and column in its details. */
import { describe, expect, it } from 'vitest';
import { CONFIG_LIMITS, parseConfig } from '../../../src/discover/config.js';
import { isSkillgraphError } from '../../../src/model/errors.js';

const ctx = { cwd: '/repo', home: '/home/me', env: {} };

function failure(text: string): { code: string; line: unknown; column: unknown } {
  try {
    parseConfig(text, '/repo/skillgraph.config.yaml', ctx);
  } catch (error) {
    if (!isSkillgraphError(error)) throw error;
    return { code: error.code, line: error.details.line, column: error.details.column };
  }
  throw new Error('parseConfig accepted the text');
}

describe('parseConfig limits', () => {
  it('an alias bomb under the alias count trips yaml’s expansion guard: reported at the first alias', () => {
    let bomb = 'a0: &a0 [x, x, x, x, x, x, x, x, x]\n';
    for (let i = 1; i < 3; i++)
      bomb += `a${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]\n`;
    expect(failure(bomb)).toEqual({ code: 'config.invalid', line: 2, column: 10 });
  });

  it('more aliases than the limit: at the first one over it', () => {
    const text = `x: &x 1\nl: [${Array(CONFIG_LIMITS.maxAliasCount + 1)
      .fill('*x')
      .join(', ')}]\n`;
    expect(failure(text)).toEqual({ code: 'config.invalid', line: 2, column: 5 + 4 * CONFIG_LIMITS.maxAliasCount });
  });

  it('nesting over the limit, however it is spelled, at the first level over it', () => {
    expect(failure(`roots: [a', ${'['.repeat(10_000)}\n`)).toEqual({
      code: 'config.invalid',
      line: 1,
      column: 13 + CONFIG_LIMITS.maxDepth - 2,
    });
    expect(failure(`roots:\n${'- '.repeat(10_000)}x\n`)).toEqual({
      code: 'config.invalid',
      line: 2,
      column: 1 + 2 * (CONFIG_LIMITS.maxDepth - 1),
    });
  });

  it('a duplicate key, an unresolved alias and an oversized text', () => {
    expect(failure('depth: 1\ndepth: 2\n')).toEqual({ code: 'config.invalid', line: 2, column: 1 });
    expect(failure('depth: *d\n')).toEqual({ code: 'config.invalid', line: 1, column: 8 });
    expect(failure(`#${'x'.repeat(CONFIG_LIMITS.maxBytes)}\n`)).toEqual({ code: 'config.invalid', line: 1, column: 1 });
  });

  it('a normal config with an alias still parses', () => {
    expect(parseConfig('depth: &d 3\nmax-dirs: 100\n', '/repo/skillgraph.config.yaml', ctx).depth).toBe(3);
  });

  it('a key holding ESC is named escaped in the message', () => {
    expect(() => parseConfig('"\\e]0;x\\a": 1\n', '/repo/skillgraph.config.yaml', ctx)).toThrow(
      /unknown key '\\u\{1b\}\]0;x\\u\{7\}'/,
    );
  });
});
