/**
 * The Cucumber World: drives the real CLI in-process inside a fresh temp dir
 * (created and removed by the hooks below). Steps are `function (this: SkillWorld, …)`.
 */
import { After, Before, World, setDefaultTimeout, setWorldConstructor, type IWorldOptions } from '@cucumber/cucumber';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { main } from '../../src/cli/main.js';

setDefaultTimeout(60_000);

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export class SkillWorld extends World {
  dir = '';
  last: CliRun | undefined;
  /** Scratch space for steps that call the library directly. */
  state: Record<string, unknown> = {};

  constructor(options: IWorldOptions) {
    super(options);
  }

  /** Absolute path inside the scenario's temp dir. */
  path(rel: string): string {
    return join(this.dir, rel);
  }

  /** Write a file (creating folders) under the temp dir. */
  write(rel: string, content: string | Uint8Array): string {
    const file = this.path(rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    return file;
  }

  /** Write `<folder>/SKILL.md` with the given frontmatter lines and body. */
  writeSkill(folder: string, frontmatter: string, body = '# Instructions\n\nDo the thing.\n'): string {
    return this.write(join(folder, 'SKILL.md'), `---\n${frontmatter.trimEnd()}\n---\n${body}`);
  }

  mkdir(rel: string): string {
    const dir = this.path(rel);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  symlink(target: string, rel: string): void {
    const link = this.path(rel);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link);
  }

  /** Run `skillgraph ...args` in-process with the temp dir as cwd. */
  async run(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
    let stdout = '';
    let stderr = '';
    const code = await main(args, {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      cwd: this.dir,
      env: { HOME: this.path('home'), ...env },
    });
    this.last = { code, stdout, stderr };
    return this.last;
  }

  /** The last run's stdout parsed as JSON. */
  json<T = any>(): T {
    if (!this.last) throw new Error('no CLI run yet');
    return JSON.parse(this.last.stdout) as T;
  }
}

setWorldConstructor(SkillWorld);

Before(function (this: SkillWorld) {
  this.dir = mkdtempSync(join(tmpdir(), 'skillgraph-feature-'));
});

After(function (this: SkillWorld) {
  if (this.dir) rmSync(this.dir, { recursive: true, force: true });
});
