// `resolve --json`, streamed. A skill's entry list repeats its includes' lists, so on an include chain
// all lists are quadratic (10,000 skills: 50 million entries): they are written only when asked for,
// each distinct entry serialised once, and never held whole. The bytes equal `jsonDocument(…)`.
import type { Catalog } from '../model/catalog.js';
import type { CatalogResolution, SkillResolution } from '../resolve/index.js';
import { jsonControlsEscaped, jsonDocument } from '../report/json.js';
import { textSink, type ByteSink } from './sink.js';
import { metadataOf } from './describe.js';

const SKILL_INDENT = '    ';
const ENTRY_INDENT = '        ';
/** Small strings (see `textSink`), few calls. */
const ENTRIES_PER_PIECE = 48;

type Out = ReturnType<typeof textSink>;

/** JSON.stringify(value, null, 2) nested at `indent` (the first line not indented). */
function nested(value: unknown, indent: string): string {
  return jsonControlsEscaped(JSON.stringify(value, null, 2)).replace(/\n/g, `\n${indent}`);
}

/** Write `{schemaVersion, skills, ...rest}` for a resolution; `entries` only when `withEntries`. */
export async function writeResolveDocument(
  io: { readonly stdout: ByteSink },
  catalog: Catalog,
  result: CatalogResolution,
  withEntries: boolean,
  rest: Record<string, unknown>,
): Promise<void> {
  const skills = result.skills;
  const frame = jsonDocument({ skills: [], ...rest });
  const hole = frame.indexOf('"skills": []');
  const out = textSink(io.stdout);
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
    if (!s.ok) {
      // Read here, once: a failure keeps no path, so a long failing chain holds one at a time.
      const error = { type: s.error!.type, message: s.error!.message, path: result.lists.failurePath(i) };
      await out.write(
        nested(
          { name: s.name, ok: false, ...(withEntries ? { entries: [] } : {}), summary: s.summary, error, metadata },
          SKILL_INDENT,
        ),
      );
      continue;
    }
    if (!withEntries) {
      await out.write(nested({ name: s.name, ok: true, summary: s.summary, metadata }, SKILL_INDENT));
      continue;
    }
    await writeEntries(out, result, i, s, metadata, entryText);
  }
  await out.write(`\n  ]${frame.slice(hole + '"skills": []'.length)}`);
  await out.end();
}

async function writeEntries(
  out: Out,
  result: CatalogResolution,
  i: number,
  s: SkillResolution,
  metadata: unknown,
  entryText: (string | undefined)[],
): Promise<void> {
  // Not `{...s}`: that reads the `entries` getter, which keeps the whole list once read.
  const shell = nested({ name: s.name, ok: s.ok, entries: [], summary: s.summary, metadata }, SKILL_INDENT);
  const ids = result.lists.occurrences(i);
  if (ids.length === 0) {
    await out.write(shell);
    return;
  }
  const slot = `\n${SKILL_INDENT}  "entries": []`;
  const at = shell.indexOf(slot);
  await out.write(`${shell.slice(0, at + slot.length - 1)}`);
  // A view into the materialiser's buffer: nothing else reads lists while this skill is written.
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

/** The same document as one object, lists read whole: for small catalogs only. */
export function resolveDocument(
  catalog: Catalog,
  result: CatalogResolution,
  withEntries: boolean,
  rest: Record<string, unknown>,
): Record<string, unknown> {
  const skills = result.skills.map((s, i) => {
    const metadata = metadataOf(catalog, s);
    if (!s.ok) {
      const error = { type: s.error!.type, message: s.error!.message, path: result.lists.failurePath(i) };
      return { name: s.name, ok: false, ...(withEntries ? { entries: [] } : {}), summary: s.summary, error, metadata };
    }
    return { name: s.name, ok: true, ...(withEntries ? { entries: s.entries } : {}), summary: s.summary, metadata };
  });
  return { skills, ...rest };
}
