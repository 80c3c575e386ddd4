/**
 * Locations for the flat-frontmatter fast path. Offsets are recorded only
 * when a position is first asked for (by a second parse of the text); lines
 * and columns are computed from them the way yaml's `LineCounter` does, so
 * both paths answer identically.
 */
import type { YamlLoc, YamlPath } from './yaml-types.js';

/** Offsets of a mapping's keys and values, in source order. */
export interface MapLoc {
  readonly kind: 'map';
  at: number;
  readonly keys: string[];
  readonly keyAt: number[];
  readonly valueAt: number[];
  readonly kids: (Loc | null)[];
}

/** Offsets of a sequence's items. */
export interface SeqLoc {
  readonly kind: 'seq';
  at: number;
  readonly items: number[];
  readonly kids: (Loc | null)[];
}

export type Loc = MapLoc | SeqLoc;

/** Offset of the node (or key) at `path`, with the general path's lookup rules. */
function find(root: MapLoc, path: YamlPath, part: 'key' | 'value'): number | undefined {
  if (path.length === 0) return root.at;
  let node: Loc | null = root;
  let valueAt: number | undefined;
  let keyAt: number | undefined;
  for (const step of path) {
    if (node === null) return undefined;
    if (node.kind === 'map') {
      const idx = node.keys.indexOf(String(step));
      if (idx < 0) return undefined;
      keyAt = node.keyAt[idx];
      valueAt = node.valueAt[idx];
      node = node.kids[idx] ?? null;
    } else if (typeof step === 'number') {
      valueAt = node.items[step];
      if (valueAt === undefined) return undefined;
      keyAt = undefined;
      node = node.kids[step] ?? null;
    } else return undefined;
  }
  return part === 'key' ? keyAt : valueAt;
}

/** Offsets where lines start (0 and after every LF), as yaml's lexer records them. */
function lineStarts(src: string): number[] {
  const starts = [0];
  for (let i = src.indexOf('\n'); i !== -1; i = src.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Same search as yaml's `LineCounter.linePos`. */
function linePos(starts: readonly number[], offset: number): YamlLoc {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((starts[mid] as number) < offset) low = mid + 1;
    else high = mid;
  }
  if (starts[low] === offset) return { line: low + 1, column: 1 };
  if (low === 0) return { line: 0, column: offset };
  return { line: low, column: offset - (starts[low - 1] as number) + 1 };
}

/**
 * Build the `locate()` of a fast-path result from its `recorded` location
 * tree, or one `rootOf` makes on the first call.
 *
 * @example makeLocate('a: 1\n', () => loc)(['a'], 'key') // { line: 1, column: 1 }
 */
export function makeLocate(
  src: string,
  rootOf: (src: string) => MapLoc,
  recorded?: MapLoc,
): (path: YamlPath, part?: 'key' | 'value') => YamlLoc | undefined {
  let starts: number[] | undefined;
  let root = recorded;
  return (path, part = 'value') => {
    root ??= rootOf(src);
    const offset = find(root, path, part);
    if (offset === undefined) return undefined;
    // Perf: line starts are found only when a diagnostic needs a position.
    starts ??= lineStarts(src);
    return linePos(starts, offset);
  };
}
