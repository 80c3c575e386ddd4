/**
 * A listed file swapped for a symlink to a secret while `materialize` runs
 * (the attack that copied a secret into the workspace in half the runs): a
 * racer flips the file between a regular file and a link, atomically, as
 * fast as it can; no run may ever copy the secret or leave a link in the
 * workspace. Each run either copies the harmless file or refuses the skill
 * naming it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeRoot } from '../../src/discover/roots.js';
import { loadCatalog } from '../../src/engine/catalog-pipeline.js';
import { isSkillgraphError } from '../../src/model/errors.js';
import { materialize } from '../../src/workspace/materialize.js';
import { hostileProject, NORMAL_SKILLS, snapshot } from './_harness.js';

let racer: ChildProcess | undefined;
afterEach(() => racer?.kill('SIGKILL'));

describe('hostile workspace: a file swapped for a symlink mid-run', () => {
  it('never copies the secret in 300 racing runs, and every refusal names the skill', async () => {
    const p = hostileProject();
    const secret = join(dirname(p.dir), 'secret.txt');
    writeFileSync(secret, 'SECRET-TOKEN-0042\n');
    p.skill('swapped');
    const folder = p.path('.claude/skills/swapped');
    writeFileSync(join(folder, 'notes.md'), 'harmless\n');
    const catalog = loadCatalog([makeRoot({ path: '.claude/skills', scope: 'project' }, p.dir)]).catalog;
    const outside = snapshot(p.home);
    racer = spawn(
      'sh',
      [
        '-c',
        'cd "$1" && while :; do ln -sf "$2" l.tmp && mv -f l.tmp notes.md; printf "harmless\\n" > f.tmp && mv -f f.tmp notes.md; done',
        'sh',
        folder,
        secret,
      ],
      { stdio: 'ignore' },
    );
    await new Promise((r) => setTimeout(r, 100));
    let copied = 0;
    let refused = 0;
    const started = Date.now();
    for (let i = 0; i < 300; i++) {
      const ws = p.path(`ws${i}`);
      try {
        materialize(catalog, ws, { names: ['swapped', ...NORMAL_SKILLS] });
        copied++;
      } catch (error) {
        if (!isSkillgraphError(error)) throw error;
        // A racer's temp file (l.tmp / f.tmp) can be listed too and vanish: also a named refusal.
        expect(error.code).toBe('skill.invalid');
        expect(error.details.skill).toBe('swapped');
        expect(['resource.changed', 'resource.vanished']).toContain(error.details.diagnostic);
        refused++;
      }
      const staged = join(ws, 'swapped', 'notes.md');
      if (existsSync(staged)) {
        expect(lstatSync(staged).isFile()).toBe(true);
        expect(readFileSync(staged, 'utf8')).not.toContain('SECRET');
      }
      for (const tmp of ['l.tmp', 'f.tmp']) {
        const t = join(ws, 'swapped', tmp);
        if (existsSync(t)) expect(lstatSync(t).isSymbolicLink()).toBe(false);
      }
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(copied + refused).toBe(300);
    expect(snapshot(p.home)).toEqual(outside);
    expect(readFileSync(secret, 'utf8')).toBe('SECRET-TOKEN-0042\n');
  }, 120_000);
});
