/**
 * A temp folder of skill roots for the serve tests: `global/`, `project/`,
 * `local/`, with helpers to write skills and to open a live catalog on them.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeRoot, type SkillRoot } from '../../../src/discover/roots.js';
import { LiveCatalog, type LiveOptions } from '../../../src/serve/live.js';

export interface Tree {
  readonly dir: string;
  readonly roots: readonly SkillRoot[];
  write(rel: string, text: string | Uint8Array): string;
  skill(rel: string, name: string, description: string, body?: string, extra?: string): string;
  open(options?: Partial<LiveOptions>): Promise<LiveCatalog>;
  cleanup(): void;
}

export function _tree(): Tree {
  const dir = mkdtempSync(join(tmpdir(), 'skillgraph-serve-'));
  const roots = (['global', 'project', 'local'] as const).map((scope) => {
    mkdirSync(join(dir, scope), { recursive: true });
    return makeRoot({ path: join(dir, scope), scope }, dir);
  });
  const opened: LiveCatalog[] = [];
  const tree: Tree = {
    dir,
    roots,
    write(rel, text) {
      const file = join(dir, rel);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
      return file;
    },
    skill(rel, name, description, body = `# ${name}\n\nDo the thing.\n`, extra = '') {
      return tree.write(`${rel}/SKILL.md`, `---\nname: ${name}\ndescription: ${description}\n${extra}---\n${body}`);
    },
    async open(options = {}) {
      const live = await LiveCatalog.open({ load: { roots }, engine: { cache: false, workers: 0 }, ...options });
      opened.push(live);
      return live;
    },
    cleanup() {
      for (const live of opened) void live.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return tree;
}
