/**
 * Real skills on disk, sealed through the real pipeline, for workspace tests.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { makeRoot } from '../../../src/discover/roots.js';
import { loadCatalog } from '../../../src/engine/catalog-pipeline.js';
import type { Catalog } from '../../../src/model/catalog.js';

export interface Sandbox {
  readonly dir: string;
  write(rel: string, content: string | Uint8Array, mode?: number): string;
  skill(rel: string, name: string, description: string, body?: string, extra?: string): string;
  catalog(...roots: [path: string, scope: string][]): Catalog;
  cleanup(): void;
}

export function _sandbox(): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'skillgraph-ws-'));
  const sb: Sandbox = {
    dir,
    write(rel, content, mode) {
      const file = join(dir, rel);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content, mode === undefined ? undefined : { mode });
      return file;
    },
    skill(rel, name, description, body = `# ${name}\n\nInstructions for ${name}.\n`, extra = '') {
      return sb.write(join(rel, 'SKILL.md'), `---\nname: ${name}\ndescription: ${description}\n${extra}---\n${body}`);
    },
    catalog(...roots) {
      return loadCatalog(roots.map(([path, scope]) => makeRoot({ path, scope, required: true }, dir))).catalog;
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return sb;
}

/** Every file under `dir` (relative POSIX paths, sorted), temp files included. */
export function _tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string, rel: string) => {
    for (const e of readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(join(abs, e.name), r);
      else out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}
