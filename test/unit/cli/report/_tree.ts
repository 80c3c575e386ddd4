/** A tree of skills with every kind of finding the report writers must carry. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { main } from '../../../../src/cli/main.js';

export interface ReportTree {
  readonly dir: string;
  run(args: readonly string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  write(rel: string, text: string): void;
  cleanup(): void;
}

/**
 * `skills/ok` (valid), `skills/broken` (invalid YAML: an error with a line), `skills/team a/odd`
 * (a warning, under a folder whose name has a space), `skills/ctl` (a description with control characters
 * and markup), and `empty/` (no skills: a whole-folder error).
 */
export function _reportTree(): ReportTree {
  const dir = mkdtempSync(join(tmpdir(), 'skillgraph-report-'));
  const write = (rel: string, text: string): void => {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  write('skills/ok/SKILL.md', '---\nname: ok\ndescription: Checks things. Use when asked to check.\n---\nBody\n');
  write('skills/broken/SKILL.md', '---\nname: broken\ndescription: [unclosed\n---\n');
  write('skills/team a/odd/SKILL.md', '---\nname: odd\ndescription: Odd. Use when odd.\nbogus: 1\n---\n');
  write(
    'skills/ctl/SKILL.md',
    '---\nname: ctl\ndescription: "Use when <b>bold</b> & \\u0007 rings, 100% sure, a:b,c"\nextra: x\n---\n',
  );
  mkdirSync(join(dir, 'empty'));
  return {
    dir,
    write,
    async run(args) {
      let stdout = '';
      let stderr = '';
      const code = await main(args, {
        stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
        stderr: { write: (s: string) => (stderr += s) },
        cwd: dir,
        env: { HOME: join(dir, 'home'), XDG_CACHE_HOME: join(dir, 'cache') },
      });
      return { code, stdout, stderr };
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
