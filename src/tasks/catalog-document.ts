// The catalog document is written as text or bytes in one pass over the skills, never as one object.
import { NOT_CATALOGUED_REASONS } from '../discover/account.js';
import type { WalkReport } from '../engine/plan.js';
// Perf: the module itself, not the stage barrel.
import { resolveSummaries } from '../engine/resolve.js';
import type { SkillDescriptor } from '../model/package.js';
import { jsonControlsEscaped, jsonDocument } from '../report/json.js';
import { catalogFindings, type CatalogLoad } from './catalog-load.js';
import { DESCRIPTOR_KEYS, skillText } from './descriptor-text.js';

/**
 * The `--json` text of catalog, list and merge. `skill_metadata` is null when a skill's includes
 * do not resolve; it is not under `metadata`, which is the frontmatter's own map.
 */
export function catalogJson(result: CatalogLoad): string {
  const doc = catalogJsonParts(result);
  const pieces = [doc.head];
  for (let i = 0; i < doc.skills; i++) pieces.push(jsonControlsEscaped(doc.skill(i)));
  pieces.push(doc.tail);
  return pieces.join('');
}

/** `catalogJson` as UTF-8 bytes, encoded skill by skill so the document never exists as a string. */
export function catalogJsonBytes(result: CatalogLoad): Buffer {
  return encodeDocument(catalogJsonParts(result));
}

/** `catalogJson`'s bytes handed to `write` in ~1 MiB buffers, so no whole copy is held. */
export function writeCatalogJson(result: CatalogLoad, write: (chunk: Buffer) => void): void {
  encodeDocument(catalogJsonParts(result), write);
}

/** Skills written before the buffer is sized for the rest. */
const SIZING_SKILLS = 64;
const WRITE_CHUNK = 1 << 20;

// In one buffer (a view of it is returned), or, with `emit`, in chunks handed to it (empty buffer returned).
function encodeDocument(doc: DocumentParts, emit?: (chunk: Buffer) => void): Buffer {
  const tail = Buffer.byteLength(doc.tail, 'utf8');
  const first = Buffer.byteLength(doc.head, 'utf8') + Math.min(doc.skills, SIZING_SKILLS) * 2048 + tail;
  let out = Buffer.allocUnsafe(emit ? Math.max(first, WRITE_CHUNK) : first);
  let at = 0;
  const room = (bytes: number): void => {
    if (at + bytes <= out.length) return;
    if (emit) {
      if (at > 0) emit(controlsEscaped(out.subarray(0, at)));
      out = Buffer.allocUnsafe(Math.max(WRITE_CHUNK, bytes));
      at = 0;
      return;
    }
    const grown = Buffer.allocUnsafe(Math.max(at + bytes + tail, Math.ceil(out.length * 1.25)));
    out.copy(grown, 0, 0, at);
    out = grown;
  };
  const put = (piece: string): void => {
    // At most 3 UTF-8 bytes per UTF-16 unit: the exact count only when it may not fit.
    if (out.length - at < piece.length * 3) room(Buffer.byteLength(piece, 'utf8'));
    at += out.write(piece, at, 'utf8');
  };
  put(doc.head);
  const head = at;
  for (let i = 0; i < doc.skills; i++) {
    put(doc.skill(i));
    // One resize, from what the first skills took, instead of growing as it fills.
    if (!emit && i === SIZING_SKILLS - 1 && doc.skills > SIZING_SKILLS)
      room(Math.ceil(((at - head) / SIZING_SKILLS) * (doc.skills - SIZING_SKILLS) * 1.05));
  }
  put(doc.tail);
  if (!emit) return controlsEscaped(out.subarray(0, at));
  if (at > 0) emit(controlsEscaped(out.subarray(0, at)));
  return Buffer.alloc(0);
}

/**
 * `bytes` with DEL and C1 controls written `\u007f` … `\u009f`, as `jsonControlsEscaped` writes the
 * text. They are byte 7F and pairs C2 80 … C2 9F, so each lies inside a string. Perf: two memchr searches.
 */
export function controlsEscaped(bytes: Buffer): Buffer {
  let del = bytes.indexOf(0x7f);
  let c1 = nextC1(bytes, 0);
  if (del < 0 && c1 < 0) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  while (del >= 0 || c1 >= 0) {
    const at = del < 0 ? c1 : c1 < 0 ? del : Math.min(del, c1);
    parts.push(bytes.subarray(from, at));
    if (at === del) {
      parts.push(ESCAPED[0]!);
      from = at + 1;
      del = bytes.indexOf(0x7f, from);
    } else {
      parts.push(ESCAPED[bytes[at + 1]! - 0x7f]!);
      from = at + 2;
      c1 = nextC1(bytes, from);
    }
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

const ESCAPED = Array.from({ length: 0x21 }, (_, i) => Buffer.from(`\\u00${(0x7f + i).toString(16)}`, 'latin1'));

function nextC1(bytes: Buffer, from: number): number {
  for (let at = bytes.indexOf(0xc2, from); at >= 0; at = bytes.indexOf(0xc2, at + 1)) {
    const next = bytes[at + 1];
    if (next !== undefined && next >= 0x80 && next <= 0x9f) return at;
  }
  return -1;
}

interface DocumentParts {
  readonly head: string;
  readonly skills: number;
  skill(i: number): string;
  readonly tail: string;
}

// `head`, each `skill(i)` (DEL and C1 still raw, escaped by the caller), then `tail`. Perf: skillText
// knows the descriptor's shape, and resolveSummaries builds no entry list.
function catalogJsonParts(result: CatalogLoad): DocumentParts {
  const { catalog, stats } = result;
  const skills = catalog.skills;
  const frame = jsonDocument({
    digest: catalog.digest,
    skills: [],
    conflicts: catalog.conflicts,
    diagnostics: catalogFindings(result),
    ...completenessJson(result.walk),
    stats,
  });
  if (skills.length === 0) return { head: frame, skills: 0, skill: () => '', tail: '' };
  // The first `"skills": []`: only the digest string comes before it.
  const hole = frame.indexOf('"skills": []');
  const summaries = resolveSummaries(catalog);
  return {
    head: `${frame.slice(0, hole)}"skills": [\n`,
    skills: skills.length,
    skill: (i: number): string => (i === 0 ? '' : ',\n') + skillText(skills[i]!.descriptor, summaries[i]),
    tail: `\n  ]${frame.slice(hole + '"skills": []'.length)}`,
  };
}

/** A descriptor with snake_case keys; `metadata` is the frontmatter's own map and passes unchanged. */
export function descriptorJson(d: SkillDescriptor): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(d)) out[DESCRIPTOR_KEYS[key] ?? key] = value;
  return out;
}

/** `complete`, `incomplete` (the limits hit) and `files` (where every SKILL.md seen went). */
export function completenessJson(walk: Pick<WalkReport, 'complete' | 'limits' | 'files'>): Record<string, unknown> {
  const f = walk.files;
  return {
    complete: walk.complete,
    incomplete: walk.limits.map((l) => ({
      root: l.root,
      limit: l.limit,
      value: l.value,
      unsearched: l.unsearched,
      flag: l.flag,
    })),
    files: {
      seen: f.seen,
      catalogued: f.catalogued,
      shadowed: f.shadowed,
      invalid: f.invalid,
      same_file: f.sameFile,
      not_catalogued: Object.fromEntries(
        NOT_CATALOGUED_REASONS.map((r) => [r.replaceAll('-', '_'), f.notCatalogued[r]]),
      ),
    },
  };
}
