/**
 * The witness of a run: the stamp of every folder its walk listed, link target it resolved and skill file it
 * stat'ed, and the checked roots. When all are as they were, the walk would give the same result, so runs.ts
 * replays the output after one stat per entry. Only complete witnesses are kept (nothing racy or unreadable).
 * Entry i: `paths[i]`, then `numbers[i*6]` its kind (DIR, FILE, LINK) and `numbers[i*6+1..5]` its stamp.
 */
import { statSync } from 'node:fs';
import { checkRoots, compareRoots, type SkillRoot } from '../../discover/roots.js';
import { NO_STAMP, packStamp, STAMP_FIELDS, type Stamp } from './stamp.js';

export const WITNESS_DIR = 0;
export const WITNESS_FILE = 1;
export const WITNESS_LINK = 2;
export const WITNESS_STRIDE = 1 + STAMP_FIELDS;

export interface RunWitness {
  /** `checkRoots` of the run's roots, as JSON (a root that appears, vanishes or moves changes it). */
  readonly roots: string;
  readonly paths: readonly string[];
  readonly numbers: Float64Array;
}

/** Collects entries while a run walks and stats; made before the walk, with the roots as they checked then. */
export class WitnessBuilder {
  readonly #roots: string;
  readonly #paths: string[] = [];
  #numbers = new Float64Array(1024 * WITNESS_STRIDE);
  #complete = true;

  constructor(roots: string) {
    this.#roots = roots;
  }

  dir(path: string, stamp: Stamp): void {
    this.#push(path, WITNESS_DIR, stamp);
  }

  /** A symlink resolved by the walk: the stamp of its target, or none (dangling, looping). */
  link(path: string, target: Stamp | undefined): void {
    this.#push(path, WITNESS_LINK, target ?? NO_STAMP);
  }

  file(path: string, stamp: Stamp): void {
    this.#push(path, WITNESS_FILE, stamp);
  }

  /** Something the witness cannot vouch for was met: the run gets no witness. */
  incomplete(): void {
    this.#complete = false;
  }

  get complete(): boolean {
    return this.#complete;
  }

  finish(): RunWitness | undefined {
    if (!this.#complete) return undefined;
    return {
      roots: this.#roots,
      paths: [...this.#paths],
      numbers: this.#numbers.slice(0, this.#paths.length * WITNESS_STRIDE),
    };
  }

  #push(path: string, kind: number, stamp: Stamp): void {
    const at = this.#paths.length * WITNESS_STRIDE;
    if (at + WITNESS_STRIDE > this.#numbers.length) {
      const grown = new Float64Array(this.#numbers.length * 2);
      grown.set(this.#numbers);
      this.#numbers = grown;
    }
    this.#paths.push(path);
    this.#numbers[at] = kind;
    packStamp(this.#numbers, at + 1, stamp);
  }
}

/** The checked roots as JSON, in walk order. Throws what `checkRoots` throws. */
export function rootsJson(roots: readonly SkillRoot[]): string {
  return JSON.stringify(checkRoots([...roots].sort(compareRoots)));
}

/** True when every entry still stamps as recorded and the roots check the same. Never throws. */
export function verifyWitness(witness: RunWitness, roots: readonly SkillRoot[]): boolean {
  try {
    if (rootsJson(roots) !== witness.roots) return false;
  } catch {
    return false; // a required root vanished: the full run reports it
  }
  const { paths, numbers } = witness;
  if (numbers.length !== paths.length * WITNESS_STRIDE) return false;
  // Perf: stats compared with the packed numbers in place, no stamp object per entry.
  for (let i = 0, at = 0; i < paths.length; i++, at += WITNESS_STRIDE) {
    const kind = numbers[at];
    if (kind !== WITNESS_DIR && kind !== WITNESS_FILE && kind !== WITNESS_LINK) return false;
    let st: Stamp | undefined;
    try {
      st = statSync(paths[i]!, { throwIfNoEntry: false });
    } catch {
      st = undefined; // ELOOP and the like: as the walk sees them, no target
    }
    if (!stampsAt(st ?? NO_STAMP, numbers, at + 1)) return false;
  }
  return true;
}

function stampsAt(now: Stamp, numbers: Float64Array, at: number): boolean {
  return (
    now.mtimeMs === numbers[at + 3] &&
    now.size === numbers[at + 2] &&
    now.ino === numbers[at + 1] &&
    now.ctimeMs === numbers[at + 4] &&
    now.dev === numbers[at]
  );
}
