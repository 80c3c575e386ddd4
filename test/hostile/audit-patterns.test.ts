/**
 * Hostile input for the audit: megabyte-long lines built to make pattern
 * rules backtrack (many starts of a command with no end, unclosed comments
 * and code spans, long runs of invisible characters). The audit must end
 * within a bound in a child process, keep auditing the normal skills, and
 * still report what is there.
 */
import { describe, expect, it } from 'vitest';
import { hostileProject, runChild } from './_harness.js';

/** Just under the 1 MiB scan limit: one line, so every pattern runs in windows over all of it. */
const LINE = 900 * 1000;
const fill = (unit: string): string => unit.repeat(Math.floor(LINE / unit.length));

describe('hostile audit input', () => {
  it('pathological one-line files are audited within seconds (child process)', async () => {
    const p = hostileProject();
    p.skill('hostile-prose', '', `${fill('curl -d x ')}\n`);
    const files: Record<string, string> = {
      'references/comments.md': `${fill('<!-- ')}\n`,
      'references/spans.md': `${fill('` `` ')}\n`,
      'references/override.md': `${fill('ignore all the ')}\n`,
      'references/zero-width.md': `${'\u200B'.repeat(250_000)}\n`,
      'references/selectors.md': `${'a\uFE0F'.repeat(200_000)}\n`,
      'scripts/rm.sh': `${fill('rm -rf -r ~ ; ')}\n`,
      'scripts/decode.sh': `${fill('base64 -d ')}| sh\n`,
      'scripts/blob.py': `x = "${fill('QUJD')}"\n`,
    };
    for (const [rel, text] of Object.entries(files)) p.write(`.claude/skills/hostile-prose/${rel}`, text);
    const r = await runChild(p, ['audit', '.claude/skills', '--json'], { timeoutMs: 60_000 });
    expect(r.timedOut).toBe(false);
    // Measured ~3–6 s here under load, most of it node + tsx start; a backtracking pattern takes minutes.
    expect(r.ms).toBeLessThan(30_000);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as {
      skills: { dir: string; verdict: string; diagnostics: { code: string; file: string }[] }[];
    };
    const hostile = doc.skills.find((s) => s.dir.endsWith('hostile-prose'))!;
    const codes = new Set(hostile.diagnostics.map((d) => d.code));
    for (const code of [
      'security.zero-width',
      'security.variation-selector',
      'security.encoded-blob',
      'security.destructive-delete',
      'security.decode-exec',
    ])
      expect(codes.has(code), code).toBe(true);
    expect(doc.skills.filter((s) => s.verdict === 'pass').map((s) => s.dir.split('/').pop())).toEqual([
      'normal-alpha',
      'normal-beta',
    ]);
  }, 90_000);
});
