/**
 * The witness of a run (warm runs): what a walk and its file stats
 * depended on, in a form that can be checked again without walking — every
 * folder the walk listed and every symlink it resolved (device, inode, mtime,
 * ctime of what it saw), every skill file it stat'ed (size, mtime, ctime,
 * inode) and the checked roots. When a later run with the same options finds
 * every entry as it was, its walk would list the same folders, resolve the
 * same links and stat the same files, so its output is the memoised one:
 * `replayRunMemo` prints it with one stat per entry and no walk at all.
 *
 * Only complete witnesses are kept: no folder or link target inside the racy
 * window (see dir-memo.ts), no unreadable folder or file, links not followed.
 *
 *   entry i:  paths[i]               (native path)
 *             numbers[i*5 .. i*5+4]  kind, then four stat fields
 *   kind DIR and LINK: dev, ino, mtimeMs, ctimeMs (a dangling LINK: −1 ×4)
 *   kind FILE:         size, mtimeMs, ctimeMs, ino
 */
import { statSync } from 'node:fs';
import { checkRoots, compareRoots, type SkillRoot } from '../discover/roots.js';

/** Bump when the witness layout or what it vouches for changes. */
export const WITNESS_FORMAT = 1;
export const WITNESS_DIR = 0;
export const WITNESS_FILE = 1;
export const WITNESS_LINK = 2;
/** Numbers per entry: kind + four stat fields. */
export const WITNESS_STRIDE = 5;

export interface RunWitness {
  /** `checkRoots` of the run's roots, as JSON (a root that appears, vanishes or moves changes it). */
  readonly roots: string;
  readonly paths: readonly string[];
  /** `WITNESS_STRIDE` numbers per path. */
  readonly numbers: Float64Array;
}

/**
 * Collects entries while a run walks and stats. Made before the walk, with
 * the roots as they checked then.
 *
 * @example const w = new WitnessBuilder(rootsJson(roots)); DirMemo.open(dir, { witness: w }); … w.finish()
 */
export class WitnessBuilder {
  readonly #roots: string;
  readonly #paths: string[] = [];
  #numbers = new Float64Array(1024 * WITNESS_STRIDE);
  #complete = true;

  constructor(roots: string) {
    this.#roots = roots;
  }

  /** A folder listed, with the stat it had before it was read. */
  dir(path: string, st: { dev: number; ino: number; mtimeMs: number; ctimeMs: number }): void {
    this.#push(path, WITNESS_DIR, st.dev, st.ino, st.mtimeMs, st.ctimeMs);
  }

  /** A symlink resolved by the walk: the stat of its target, or none (dangling, looping). */
  link(path: string, target: { dev: number; ino: number; mtimeMs: number; ctimeMs: number } | undefined): void {
    if (target === undefined) this.#push(path, WITNESS_LINK, -1, -1, -1, -1);
    else this.#push(path, WITNESS_LINK, target.dev, target.ino, target.mtimeMs, target.ctimeMs);
  }

  /** A skill file stat'ed. */
  file(path: string, st: { size: number; mtimeMs: number; ctimeMs: number; ino: number }): void {
    this.#push(path, WITNESS_FILE, st.size, st.mtimeMs, st.ctimeMs, st.ino);
  }

  /** Something the witness cannot vouch for was met: the run gets no witness. */
  incomplete(): void {
    this.#complete = false;
  }

  get complete(): boolean {
    return this.#complete;
  }

  /** The witness, or undefined when incomplete. */
  finish(): RunWitness | undefined {
    if (!this.#complete) return undefined;
    return { roots: this.#roots, paths: [...this.#paths], numbers: this.#numbers.slice(0, this.#paths.length * WITNESS_STRIDE) };
  }

  #push(path: string, kind: number, a: number, b: number, c: number, d: number): void {
    const at = this.#paths.length * WITNESS_STRIDE;
    if (at + WITNESS_STRIDE > this.#numbers.length) {
      const grown = new Float64Array(this.#numbers.length * 2);
      grown.set(this.#numbers);
      this.#numbers = grown;
    }
    this.#paths.push(path);
    this.#numbers[at] = kind;
    this.#numbers[at + 1] = a;
    this.#numbers[at + 2] = b;
    this.#numbers[at + 3] = c;
    this.#numbers[at + 4] = d;
  }
}

/** The checked roots as JSON, in walk order. Throws what `checkRoots` throws. */
export function rootsJson(roots: readonly SkillRoot[]): string {
  return JSON.stringify(checkRoots([...roots].sort(compareRoots)));
}

/**
 * True when every entry of `witness` still stats as recorded and the roots
 * check the same. Stops at the first difference; never throws.
 *
 * @example if (verifyWitness(witness, request.load.roots)) io.stdout.write(memo.bytes);
 */
export function verifyWitness(witness: RunWitness, roots: readonly SkillRoot[]): boolean {
  try {
    if (rootsJson(roots) !== witness.roots) return false;
  } catch {
    return false; // a required root vanished: the full run reports it
  }
  const { paths, numbers } = witness;
  if (numbers.length !== paths.length * WITNESS_STRIDE) return false;
  for (let i = 0, at = 0; i < paths.length; i++, at += WITNESS_STRIDE) {
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(paths[i]!, { throwIfNoEntry: false });
    } catch {
      st = undefined; // ELOOP and the like: as the walk sees them, no target
    }
    const kind = numbers[at];
    if (kind === WITNESS_FILE) {
      if (st === undefined || st.size !== numbers[at + 1] || st.mtimeMs !== numbers[at + 2] || st.ctimeMs !== numbers[at + 3] || st.ino !== numbers[at + 4]) return false;
    } else if (kind === WITNESS_DIR || kind === WITNESS_LINK) {
      if (st === undefined) {
        if (kind === WITNESS_DIR || numbers[at + 1] !== -1) return false;
      } else if (st.dev !== numbers[at + 1] || st.ino !== numbers[at + 2] || st.mtimeMs !== numbers[at + 3] || st.ctimeMs !== numbers[at + 4]) {
        return false;
      }
    } else {
      return false;
    }
  }
  return true;
}
