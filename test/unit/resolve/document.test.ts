/**
 * The streamed `resolve --json` document is byte-identical to one
 * JSON.stringify of the whole (`jsonDocument({skills: [...], ...})`): on the
 * bundled examples, on small catalogs with failures, empty lists and override
 * findings, with entry lists and without; failure paths whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogFromFlags } from '../../../src/cli/catalog-flags.js';
import { jsonDocument, type CliIo } from '../../../src/cli/io.js';
import { writeResolveDocument } from '../../../src/tasks/resolve-document.js';
import { metadataOf } from '../../../src/tasks/describe.js';
import type { Catalog } from '../../../src/model/catalog.js';
import { resolveCatalog } from '../../../src/resolve/index.js';
import { makeCatalog } from './_catalog.js';

const EXAMPLES = new URL('../../../examples/', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-resolve-doc-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function collect(cwd: string): { io: CliIo; text: () => string; writes: () => number } {
  const chunks: Buffer[] = [];
  const io: CliIo = {
    stdout: { write: (c: string | Buffer) => chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c)) },
    stderr: { write: () => true },
    cwd,
    env: { HOME: join(scratch, 'home'), XDG_CACHE_HOME: join(scratch, 'cache') },
  };
  return { io, text: () => Buffer.concat(chunks).toString('utf8'), writes: () => chunks.length };
}

/** The document as one JSON.stringify: each skill `{name, ok, entries?, summary, error?, metadata}`, errors with their paths. */
function reference(
  catalog: Catalog,
  result: ReturnType<typeof resolveCatalog>,
  withEntries: boolean,
  rest: Record<string, unknown>,
): string {
  const skills = result.skills.map((s) => {
    const metadata = metadataOf(catalog, s);
    const error = s.error ? { error: { type: s.error.type, message: s.error.message, path: s.error.path } } : {};
    return {
      name: s.name,
      ok: s.ok,
      ...(withEntries ? { entries: s.entries } : {}),
      summary: s.summary,
      ...error,
      metadata,
    };
  });
  return jsonDocument({ skills, ...rest });
}

async function expectSameBytes(catalog: Catalog, withEntries: boolean): Promise<void> {
  const result = resolveCatalog(catalog, { backend: 'js' });
  const rest = {
    cycles: result.cycles,
    counts: { skills: result.skills.length },
    diagnostics: result.diagnostics,
    stats: result.stats,
  };
  const out = collect(scratch);
  await writeResolveDocument(out.io, catalog, result, withEntries, rest);
  expect(out.text()).toBe(reference(catalog, resolveCatalog(catalog, { backend: 'js' }), withEntries, rest));
}

describe('resolve --json as a stream', () => {
  it('writes the same bytes as one JSON.stringify on the bundled examples', async () => {
    const { catalog } = await catalogFromFlags({}, collect(EXAMPLES).io, 'resolve');
    expect(catalog.skills.length).toBeGreaterThan(3);
    await expectSameBytes(catalog, true);
    await expectSameBytes(catalog, false);
  });

  it('writes the same bytes with failures, empty lists, override findings and control characters', async () => {
    const catalog = makeCatalog([
      {
        name: 'app',
        includes: [{ skill: 'base', overrides: { missing: { writes: true }, read: { description: 'r\u0085\u007f' } } }],
        tools: [{ name: 'w', writes: true, description: 'tab\tand \u009b' }],
      },
      { name: 'base', tools: ['read'] },
      { name: 'empty' },
      { name: 'loop', includes: ['loop'] },
      { name: 'lost', includes: ['ghost'] },
    ]);
    await expectSameBytes(catalog, true);
    await expectSameBytes(catalog, false);
    await expectSameBytes(makeCatalog([]), true);
  });

  it("writes a chain's quadratic document in 256 KiB pieces, the same bytes, from the delta layout", async () => {
    const n = 400;
    const catalog = makeCatalog(
      Array.from({ length: n }, (_, i) => ({
        name: `s${i}`,
        includes: i + 1 < n ? [`s${i + 1}`] : [],
        tools: [`t${i}`],
      })),
    );
    const result = resolveCatalog(catalog, { layout: 'delta' });
    const out = collect(scratch);
    await writeResolveDocument(out.io, catalog, result, true, { cycles: [] });
    expect(out.writes()).toBeGreaterThan(5);
    expect(out.text()).toBe(
      reference(catalog, resolveCatalog(catalog, { layout: 'arena', backend: 'js' }), true, { cycles: [] }),
    );
  });
});
