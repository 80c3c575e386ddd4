/** Display width: wide East Asian characters take two columns, marks none; tables cut by it. */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { charWidth, cutToWidth, displayWidth, padEndWidth } from '../../../src/cli/width.js';

describe('displayWidth', () => {
  it('counts ASCII and Latin letters as one column each', () => {
    expect(displayWidth('deploy')).toBe(6);
    expect(displayWidth('ééé')).toBe(3);
  });

  it('counts CJK, Hangul, fullwidth forms and emoji as two', () => {
    expect(displayWidth('中文')).toBe(4);
    expect(displayWidth('日本語のスキル')).toBe(14);
    expect(displayWidth('한국어')).toBe(6);
    expect(displayWidth('ＡＢ')).toBe(4);
    expect(displayWidth('🚀')).toBe(2);
    expect(charWidth(0x20000)).toBe(2);
  });

  it('counts combining marks, zero-width joiners and controls as none', () => {
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('a\u200db')).toBe(2);
    expect(displayWidth('a\u0007')).toBe(1);
  });

  it('agrees with string-width on mixed text when that package is around', async () => {
    let stringWidth: ((s: string) => number) | undefined;
    try {
      const require = createRequire(import.meta.url);
      const mod = (await import(require.resolve('string-width'))) as { default: (s: string) => number };
      stringWidth = mod.default;
    } catch {
      return; // not installed: the cases above still hold
    }
    for (const s of [
      'Reviews a change',
      '中文说明 with ASCII',
      'スキルの説明です',
      '한국어 설명',
      'emoji 🚀 ok',
      'ｆｕｌｌ',
    ]) {
      expect(displayWidth(s), s).toBe(stringWidth(s));
    }
  });
});

describe('cutToWidth and padEndWidth', () => {
  it('cut a wide text to at most the width, with an ellipsis', () => {
    expect(cutToWidth('中文字符串', 5)).toBe('中文…');
    expect(displayWidth(cutToWidth('中文字符串', 6))).toBeLessThanOrEqual(6);
    expect(cutToWidth('中文', 4)).toBe('中文');
    expect(cutToWidth('abc', 0)).toBe('');
  });

  it('pad by columns, never cut', () => {
    expect(padEndWidth('中', 4)).toBe('中  ');
    expect(padEndWidth('abcdef', 3)).toBe('abcdef');
  });
});

describe('the catalog table', () => {
  it('fits rows of Chinese and Japanese descriptions into the terminal width', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { main } = await import('../../../src/cli/main.js');
    const dir = mkdtempSync(join(tmpdir(), 'skillgraph-width-'));
    try {
      const skill = (name: string, description: string): void => {
        mkdirSync(join(dir, 'skills', name), { recursive: true });
        writeFileSync(join(dir, 'skills', name, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n---\n`);
      };
      skill('zh', '在用户要求部署应用程序时使用此技能，它会检查配置并发布新版本到生产环境。');
      skill('ja', 'ユーザーがリリースを求めたときに使います。変更履歴を確認してタグを付けます。');
      skill('en', 'Use when the user asks for a release, checks the changelog and tags the commit.');
      let stdout = '';
      for (const verb of ['catalog', 'list']) {
        stdout = '';
        await main([verb, '--root', 'skills'], {
          stdout: { write: (s: string | Buffer) => (stdout += String(s)), isTTY: true, columns: 60 },
          stderr: { write: () => true },
          cwd: dir,
          env: { HOME: dir, NO_COLOR: '1' },
        });
        const rows = stdout.trimEnd().split('\n');
        expect(rows.length).toBeGreaterThanOrEqual(3);
        for (const row of rows) expect(displayWidth(row), row).toBeLessThanOrEqual(60);
        expect(rows.some((r) => r.includes('在用户') && r.endsWith('…'))).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
