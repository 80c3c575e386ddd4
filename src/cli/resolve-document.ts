/**
 * The `resolve --json` document, written as a stream. On an include chain
 * the document is quadratic in the input (a 10,000-long chain of one tool
 * each lists 50 million entries, ~5 GB of text), so it is never held whole:
 * each skill's entries are read from the arena (or its deltas) as occurrence
 * ids, each distinct entry is serialised once and reused, and the text goes
 * out in 1 MiB pieces. The bytes are exactly those of
 * `jsonDocument({skills, ...rest})` — JSON.stringify with a 2-space indent —
 * which a test holds on the bundled examples.
 */
import type { Catalog } from '../model/catalog.js';
import type { CatalogResolution, SkillResolution } from '../resolve/index.js';
import { jsonControlsEscaped, jsonDocument, stdoutStream, type CliIo } from './io.js';
import { metadataOf } from './verbs/describe.js';

// Depth of a skill object in the document (`{ "skills": [ {`) and of its entries.
const SKILL_INDENT = '    ';
const ENTRY_INDENT = '        ';
/** Entries joined per write: small strings (see `stdoutStream`), few calls. */
const ENTRIES_PER_PIECE = 48;

/** JSON.stringify(value, null, 2) as it reads nested at `indent` (the first line not indented). */
function nested(value: unknown, indent: string): string {
  return jsonControlsEscaped(JSON.stringify(value, null, 2)).replace(/\n/g, `\n${indent}`);
}

/**
 * Write `{schemaVersion, skills, ...rest}` for a resolution: each skill is
 * `{...skill, metadata}` (its protocol metadata, null when it failed), or
 * without entries when `summaryOnly`.
 *
 * @example await writeResolveDocument(io, catalog, resolveCatalog(catalog), false, { cycles, counts, diagnostics, stats });
 */
export async function writeResolveDocument(
  io: CliIo,
  catalog: Catalog,
  result: CatalogResolution,
  summaryOnly: boolean,
  rest: Record<string, unknown>,
): Promise<void> {
  const skills = result.skills;
  const frame = jsonDocument({ skills: [], ...rest });
  const hole = frame.indexOf('"skills": []');
  const out = stdoutStream(io);
  if (skills.length === 0) {
    await out.write(frame);
    await out.end();
    return;
  }
  await out.write(frame.slice(0, hole + '"skills": ['.length));
  const entryText: (string | undefined)[] = [];
  for (let i = 0; i < skills.length; i++) {
    await out.write(i === 0 ? `\n${SKILL_INDENT}` : `,\n${SKILL_INDENT}`);
    const s = skills[i]!;
    const metadata = metadataOf(catalog, s);
    if (summaryOnly) {
      await out.write(nested({ name: s.name, ok: s.ok, summary: s.summary, ...(s.error ? { error: s.error } : {}), metadata }, SKILL_INDENT));
      continue;
    }
    await writeSkill(out, result, i, s, metadata, entryText);
  }
  await out.write(`\n  ]${frame.slice(hole + '"skills": []'.length)}`);
  await out.end();
}

async function writeSkill(
  out: ReturnType<typeof stdoutStream>,
  result: CatalogResolution,
  i: number,
  s: SkillResolution,
  metadata: unknown,
  entryText: (string | undefined)[],
): Promise<void> {
  // The same keys in the same order as `{...s, metadata}` (a failed skill is small: as it is).
  if (!s.ok || s.summary.tool_count === 0) {
    await out.write(nested({ ...s, metadata }, SKILL_INDENT));
    return;
  }
  // Not `{...s}`: that reads the `entries` getter, which keeps the whole list once read.
  const shell = nested({ name: s.name, ok: s.ok, entries: [], summary: s.summary, metadata }, SKILL_INDENT);
  const slot = `\n${SKILL_INDENT}  "entries": []`;
  const at = shell.indexOf(slot);
  await out.write(`${shell.slice(0, at + slot.length - 1)}`);
  // A view into the materialiser's buffer: nothing else reads lists while this skill is written.
  const ids = result.lists.occurrences(i);
  const sep = `,\n${ENTRY_INDENT}`;
  for (let from = 0; from < ids.length; from += ENTRIES_PER_PIECE) {
    let piece = from === 0 ? `\n${ENTRY_INDENT}` : sep;
    const to = Math.min(ids.length, from + ENTRIES_PER_PIECE);
    for (let j = from; j < to; j++) {
      const id = ids[j]!;
      // Perf: one serialisation per distinct entry; on a chain every entry recurs in every includer.
      let text = entryText[id];
      if (text === undefined) {
        text = nested(result.lists.entry(id), ENTRY_INDENT);
        entryText[id] = text;
      }
      piece += j === from ? text : sep + text;
    }
    await out.write(piece);
  }
  await out.write(`\n${SKILL_INDENT}  ]${shell.slice(at + slot.length)}`);
}
