/** Colour from FORCE_COLOR and NO_COLOR, and what --quiet, --verbose and --json leave on stderr. */
import { describe, expect, it } from 'vitest';
import { useColor, type CliIo } from '../../../src/cli/io.js';
import { _reportTree } from './report/_tree.js';

const io = (env: Record<string, string>, tty: boolean): CliIo => ({
  stdout: { write: () => true, isTTY: tty },
  stderr: { write: () => true, isTTY: tty },
  cwd: '/',
  env,
});

describe('useColor', () => {
  it('follows the terminal, NO_COLOR and TERM=dumb', () => {
    expect(useColor(io({}, true))).toBe(true);
    expect(useColor(io({}, false))).toBe(false);
    expect(useColor(io({ NO_COLOR: '1' }, true))).toBe(false);
    expect(useColor(io({ TERM: 'dumb' }, true))).toBe(false);
  });

  it('FORCE_COLOR turns it on off a terminal, never beside NO_COLOR; FORCE_COLOR=0 or false off', () => {
    expect(useColor(io({ FORCE_COLOR: '1' }, false))).toBe(true);
    expect(useColor(io({ FORCE_COLOR: '1', NO_COLOR: '1' }, false))).toBe(false);
    expect(useColor(io({ FORCE_COLOR: '1', NO_COLOR: '1' }, true))).toBe(false);
    expect(useColor(io({ FORCE_COLOR: '0' }, true))).toBe(false);
    expect(useColor(io({ FORCE_COLOR: 'false' }, true))).toBe(false);
  });

  it('paints CI logs under FORCE_COLOR', async () => {
    const t = _reportTree();
    try {
      const r = await t.run(['validate', 'skills/team a']);
      expect(r.stdout).not.toContain('\u001b[');
      let stdout = '';
      const { main } = await import('../../../src/cli/main.js');
      await main(['validate', 'skills/team a'], {
        stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
        stderr: { write: () => true },
        cwd: t.dir,
        env: { FORCE_COLOR: '1', HOME: t.dir },
      });
      expect(stdout).toContain('\u001b[33mwarning\u001b[0m');
    } finally {
      t.cleanup();
    }
  });
});

describe('the output level', () => {
  it('--verbose keeps the summary on stderr under --json; --quiet drops it without --json', async () => {
    const t = _reportTree();
    try {
      expect((await t.run(['validate', 'skills', '--json'])).stderr).toBe('');
      expect((await t.run(['validate', 'skills', '--json', '--verbose'])).stderr).toMatch(/skills checked/);
      expect((await t.run(['validate', 'skills', '--format', 'sarif', '--verbose'])).stderr).toMatch(/skills checked/);
      const quiet = await t.run(['validate', 'skills', '-q']);
      expect(quiet.stderr).toBe('');
      expect(quiet.stdout).toContain('yaml.invalid');
      // A real error still reaches stderr under --quiet.
      expect((await t.run(['validate', 'no-such-path', '--quiet'])).stderr).toContain('path not found');
    } finally {
      t.cleanup();
    }
  });
});
