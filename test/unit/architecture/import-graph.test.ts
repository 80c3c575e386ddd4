/**
 * The engine's warm path — a run answered from the caches — must never load
 * yaml, zod or the parse schemas: each costs tens of milliseconds at start-up
 * and nothing on that path needs them. The test follows value imports (not
 * `import type`, not dynamic `import()`, which load on demand) from the entry
 * points of that path and fails on the first forbidden module, with the chain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../../src');

/** Static value imports of one module: `import … from`, `export … from`, bare `import '…'`; type-only ones left out. */
function valueImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s+)?['"]([^'"]+)['"]/gm;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m[2] !== undefined) continue; // import type … / export type …
    const clause = m[3] ?? '';
    // `import { type A, type B } from` imports nothing at run time.
    const braces = /^\{([^}]*)\}$/.exec(clause.trim());
    if (braces && braces[1]!.split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    if (m[1] === 'export' && !/from/.test(m[0])) continue;
    out.push(m[4]!);
  }
  return out;
}

/** The first chain from `entry` to a module matching `forbidden`, or undefined. */
function reach(entry: string, forbidden: (spec: string, file?: string) => boolean): string[] | undefined {
  const seen = new Set<string>();
  const walk = (file: string, chain: string[]): string[] | undefined => {
    if (seen.has(file)) return undefined;
    seen.add(file);
    for (const spec of valueImports(file)) {
      if (spec.startsWith('.')) {
        const target = join(dirname(file), spec.replace(/\.js$/, '.ts'));
        const rel = target.slice(SRC.length + 1);
        if (forbidden(spec, rel)) return [...chain, rel];
        const found = walk(target, [...chain, rel]);
        if (found) return found;
      } else if (forbidden(spec)) {
        return [...chain, spec];
      }
    }
    return undefined;
  };
  return walk(join(SRC, entry), [entry]);
}

const HEAVY = (spec: string, file?: string): boolean =>
  spec === 'yaml' ||
  spec === 'zod' ||
  spec.startsWith('zod/') ||
  file === 'parse/schemas.ts' ||
  file === 'parse/yaml-doc.ts' ||
  file === 'parse/index.ts' ||
  file === 'discover/config.ts';

describe('value-import graph', () => {
  it('finds value imports and skips type-only ones (the scanner itself)', () => {
    expect(reach('parse/parse-skill.ts', HEAVY)).toBeDefined(); // parsing does need yaml: the scanner must see it
    expect(reach('cli/verbs/validate.ts', HEAVY)).toBeDefined(); // validating does parse: the scanner must see it
  });

  it('index.ts (the package entry) never imports the tokenizer: token budgets require it on first use', () => {
    expect(reach('index.ts', (spec) => spec.startsWith('gpt-tokenizer'))).toBeUndefined();
    expect(reach('cli/main.ts', (spec) => spec.startsWith('gpt-tokenizer'))).toBeUndefined();
    // Required when counted: model/vendor.ts loads the optional peer through model/peers.ts.
    expect(readFileSync(join(SRC, 'model/vendor.ts'), 'utf8')).toContain('optionalPeer(TOKENIZER, () => load(');
  });

  it('index.ts (the package entry) loads neither yaml nor zod at import', () => {
    expect(reach('index.ts', (spec) => spec === 'yaml' || spec === 'zod' || spec.startsWith('zod/'))).toBeUndefined();
  });

  for (const entry of [
    'engine/engine.ts',
    'engine/store/index.ts',
    'engine/resolve.ts',
    'cli/verbs/catalog.ts',
    'cli/catalog-request.ts',
    'cli/main.ts',
  ]) {
    it(`${entry} never reaches yaml, zod or the parse schemas`, () => {
      expect(reach(entry, HEAVY)).toBeUndefined();
    });
  }
});

/**
 * The layers, lowest first: a module imports (values or types) only from its
 * own layer or a lower one, so data flows one way and no stage needs a later
 * one to load. Layers not listed here (new ones) must be added to the order.
 * `tasks` (one library function per verb) sits on the engine and the stages
 * below it, never on `serve` or `cli`; the CLI parses, calls a task, prints.
 */
const LAYERS = [
  'model',
  'parse',
  'audit',
  'discover',
  'catalog',
  'resolve',
  'routing',
  'context',
  'hosts',
  'report',
  'workspace',
  'engine',
  'tasks',
  'serve',
  'cli',
] as const;

/** Every relative import of every file under src/, type-only ones included. */
function allImports(): { file: string; target: string }[] {
  const out: { file: string; target: string }[] = [];
  const visit = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.ts')) {
        const text = readFileSync(path, 'utf8');
        for (const m of text.matchAll(/(?:from\s+|import\s*\(\s*)['"](\.[^'"]+)['"]/g)) {
          out.push({ file: path.slice(SRC.length + 1), target: join(dirname(path), m[1]!).slice(SRC.length + 1) });
        }
      }
    }
  };
  visit(SRC);
  return out;
}

describe('start-up of the catalog verb', () => {
  const WRITERS = (_spec: string, file?: string): boolean =>
    file === 'report/index.ts' ||
    file === 'report/sarif.ts' ||
    file === 'report/junit.ts' ||
    file === 'report/github.ts';

  it('the scanner sees the report writers from the module that writes the catalog report', () => {
    expect(reach('cli/catalog-report.ts', WRITERS)).toBeDefined();
  });

  it('cli/verbs/catalog.ts loads the report writers only through a dynamic import', () => {
    expect(reach('cli/verbs/catalog.ts', WRITERS)).toBeUndefined();
    expect(readFileSync(join(SRC, 'cli/verbs/catalog.ts'), 'utf8')).toContain("await import('../catalog-report.js')");
  });
});

describe('layering', () => {
  it('no module imports from a higher layer', () => {
    const layer = (rel: string): number => {
      const top = rel.split('/')[0]!;
      return top.endsWith('.ts') ? LAYERS.length : LAYERS.indexOf(top as (typeof LAYERS)[number]);
    };
    const imports = allImports();
    expect(imports.length).toBeGreaterThan(200);
    const unknown = [
      ...new Set(imports.map((i) => i.file.split('/')[0]!).filter((top) => !top.endsWith('.ts') && layer(top) < 0)),
    ];
    expect(unknown).toEqual([]);
    const upward = imports.filter((i) => layer(i.target) > layer(i.file)).map((i) => `${i.file} -> ${i.target}`);
    expect(upward).toEqual([]);
  });

  it('engine/ holds the catalog run only: it imports no task', () => {
    const up = allImports().filter((i) => i.file.startsWith('engine/') && i.target.startsWith('tasks/'));
    expect(up.map((i) => `${i.file} -> ${i.target}`)).toEqual([]);
  });

  it('tasks/ never imports cli/ or serve/, and the report writers need no CLI', () => {
    const wrong = allImports().filter((i) => /^(tasks|report)\//.test(i.file) && /^(cli|serve)\//.test(i.target));
    expect(wrong.map((i) => `${i.file} -> ${i.target}`)).toEqual([]);
  });

  it('no verb file imports another verb file: shared code lives in tasks/ or cli/', () => {
    const verbs = allImports().filter((i) => i.file.startsWith('cli/verbs/') && i.target.startsWith('cli/verbs/'));
    expect(verbs.map((i) => `${i.file} -> ${i.target}`)).toEqual([]);
  });

  it('the scanner sees imports into cli/verbs/ (the dispatcher loads each verb)', () => {
    expect(allImports().some((i) => i.file === 'cli/main.ts' && i.target.startsWith('cli/verbs/'))).toBe(true);
  });

  it('the resolve stage holds no kernel registry: the WASM kernel is passed in', () => {
    for (const { file, target } of allImports())
      if (file.startsWith('resolve/')) expect(target.startsWith('engine/'), `${file} -> ${target}`).toBe(false);
    expect(readFileSync(join(SRC, 'resolve/backends.ts'), 'utf8')).not.toMatch(/^let\s/m);
  });
});

describe('the MCP SDK stays with serve', () => {
  const SDK = (spec: string): boolean => spec.startsWith('@modelcontextprotocol/');
  const verbs = readdirSync(join(SRC, 'cli/verbs')).filter((f) => f.endsWith('.ts'));

  it('is reached by the serve modules (the scanner sees it)', () => {
    expect(reach('serve/serving.ts', SDK)?.at(-1)).toMatch(/^@modelcontextprotocol\/sdk/);
  });

  for (const entry of ['index.ts', 'internals.ts', 'cli/main.ts', ...verbs.map((v) => `cli/verbs/${v}`)]) {
    it(`${entry} never loads @modelcontextprotocol/sdk statically`, () => {
      expect(reach(entry, SDK)).toBeUndefined();
    });
  }

  it('serve loads it only through a dynamic import, in serve/load.ts', () => {
    expect(readFileSync(join(SRC, 'serve/load.ts'), 'utf8')).toContain("import('./serving.js')");
    expect(reach('serve/load.ts', SDK)).toBeUndefined();
    expect(readFileSync(join(SRC, 'cli/verbs/serve.ts'), 'utf8')).toContain('await loadServing()');
  });
});

describe('the audit parsers stay on the audit path', () => {
  const PARSERS = (spec: string, file?: string): boolean =>
    spec === 'web-tree-sitter' || file === 'tasks/audit-parsers.ts';
  const verbs = readdirSync(join(SRC, 'cli/verbs')).filter((f) => f.endsWith('.ts'));

  it('are reached from the loader (the scanner sees web-tree-sitter)', () => {
    expect(reach('tasks/audit-parsers.ts', (spec) => spec === 'web-tree-sitter')).toBeUndefined(); // imported dynamically, not statically
    expect(readFileSync(join(SRC, 'tasks/audit-parsers.ts'), 'utf8')).toContain('loadTreeSitter()');
    expect(readFileSync(join(SRC, 'model/vendor.ts'), 'utf8')).toContain(
      'optionalPeer(TREE_SITTER, () => load(TREE_SITTER))',
    );
  });

  for (const entry of [
    'index.ts',
    'internals.ts',
    'cli/main.ts',
    'engine/engine.ts',
    'tasks/validate-path.ts',
    'tasks/audit-path.ts',
    'tasks/audit-work.ts',
    ...verbs.map((v) => `cli/verbs/${v}`),
  ]) {
    it(`${entry} never loads the parsers statically`, () => {
      expect(reach(entry, PARSERS)).toBeUndefined();
    });
  }

  it('only the audit path imports the loader, dynamically, and the audit worker entry, which only pools load', () => {
    const importers = allImports()
      .filter((i) => i.target.replace(/\.js$/, '.ts') === 'tasks/audit-parsers.ts')
      .map((i) => i.file)
      .sort();
    expect(importers).toEqual(['tasks/audit-path.ts', 'tasks/audit-worker.ts']);
    expect(readFileSync(join(SRC, 'tasks/audit-path.ts'), 'utf8')).toContain("await import('./audit-parsers.js')");
    // The worker entry is a file a pool runs, never a module another imports.
    expect(allImports().filter((i) => i.target.replace(/\.js$/, '.ts') === 'tasks/audit-worker.ts')).toEqual([]);
    expect(readFileSync(join(SRC, 'tasks/audit-assets.ts'), 'utf8')).toContain("'./audit-worker.ts'");
  });

  it('no module but the peer loader and the parsers name web-tree-sitter', () => {
    const named: string[] = [];
    const visit = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, e.name);
        if (e.isDirectory()) visit(path);
        else if (e.name.endsWith('.ts') && /['"]web-tree-sitter['"]/.test(readFileSync(path, 'utf8')))
          named.push(path.slice(SRC.length + 1));
      }
    };
    visit(SRC);
    // The peers' table, the bundle's require, and the parsers' type of the runtime.
    expect(named.sort()).toEqual(['model/peers.ts', 'model/vendor.bundle.ts', 'tasks/audit-parsers.ts']);
  });
});
