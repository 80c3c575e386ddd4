/** Temp skill trees for discovery tests. */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface Tree {
  /** Canonical temp dir. */
  readonly dir: string;
  path(rel: string): string;
  write(rel: string, content: string): string;
  skill(folder: string, name?: string, body?: string): string;
  link(target: string, rel: string): void;
  mkdir(rel: string): string;
  cleanup(): void;
}

export function _tree(): Tree {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'skillgraph-discover-')));
  const path = (rel: string): string => join(dir, rel);
  const write = (rel: string, content: string): string => {
    const file = path(rel);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    return file;
  };
  return {
    dir,
    path,
    write,
    skill: (folder, name = folder.split('/').at(-1)!, body = `Body of ${name}.\n`) =>
      write(`${folder}/SKILL.md`, `---\nname: ${name}\ndescription: ${name} helps. Use when testing.\n---\n${body}`),
    link: (target, rel) => {
      mkdirSync(dirname(path(rel)), { recursive: true });
      symlinkSync(target, path(rel));
    },
    mkdir: (rel) => {
      mkdirSync(path(rel), { recursive: true });
      return path(rel);
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
