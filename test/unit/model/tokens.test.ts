/**
 * Token budgets count o200k tokens with a real tokenizer: ASCII, CJK and
 * emoji text each have the counts the encoding gives (four characters a
 * token holds for none of them), and the tokenizer loads only when used.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../src/model/tokens.js';

describe('countTokens (o200k)', () => {
  it('counts ASCII text', () => {
    expect(countTokens('Hello, world!')).toBe(4);
    expect(countTokens('Use when reviewing a pull request.')).toBe(7);
    expect(countTokens('')).toBe(0);
  });

  it('counts CJK text, where a token holds one or two characters', () => {
    expect(countTokens('このスキルはリポジトリの変更を確認します。')).toBe(16);
    expect(countTokens('代码审查技能')).toBe(4);
  });

  it('counts emoji, a family of four taking eleven tokens', () => {
    expect(countTokens('🚀🎉 ship it 👍🏽')).toBe(9);
    expect(countTokens('👨‍👩‍👧‍👦')).toBe(11);
  });

  it('counts special-token text in a skill as plain text, never refusing it', () => {
    expect(countTokens('<|endoftext|>')).toBe(7);
  });

  it('the library entry does not load the tokenizer; counting does', () => {
    const script = [
      "const before = Object.keys(require.cache).some((k) => k.includes('gpt-tokenizer'));",
      "await import('./src/index.ts');",
      "const afterImport = Object.keys(require.cache).some((k) => k.includes('gpt-tokenizer'));",
      "const { countTokens } = await import('./src/model/tokens.ts');",
      'countTokens("x");',
      "const afterCount = Object.keys(require.cache).some((k) => k.includes('gpt-tokenizer'));",
      'console.log(JSON.stringify([before, afterImport, afterCount]));',
    ].join('\n');
    const r = spawnSync(
      process.execPath,
      [
        '--import=tsx',
        '--input-type=module',
        '-e',
        `import { createRequire } from 'node:module'; const require = createRequire(process.cwd() + '/'); ${script}`,
      ],
      { encoding: 'utf8', cwd: new URL('../../../', import.meta.url).pathname },
    );
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout.trim())).toEqual([false, false, true]);
  });
});
