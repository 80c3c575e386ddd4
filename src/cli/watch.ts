// `--watch`: check once, then again on each batch of changes; a memo keeps the reports of skills
// whose folder did not change. On a terminal each report replaces the last. SIGINT/SIGTERM exit 0.
import { realpathSync, statSync } from 'node:fs';
import { dirname, relative, resolve, sep } from 'node:path';
import { isSkillgraphError } from '../model/errors.js';
import { watchRoots, type RootWatcher } from '../serve/watch.js';
import { EXIT } from './exit.js';
import { CLEAR_SCREEN, note, type CliIo } from './io.js';

export interface WatchPlan<R, T> {
  readonly verb: string;
  /** As given (relative to the working folder). */
  readonly paths: readonly string[];
  check(memo: WatchMemo<T>): R | Promise<R>;
  /** Print one report; its status is not the watch's. */
  show(result: R): number;
  readonly signal?: AbortSignal;
  readonly poll?: boolean;
}

/** Reports by SKILL.md path, forgotten when anything in or above the skill's folder changes. */
export class WatchMemo<T> {
  readonly #kept = new Map<string, T>();
  /** SKILL.md paths read since the last `startRun`. */
  read: string[] = [];

  get(skillFile: string): T | undefined {
    return this.#kept.get(skillFile);
  }

  set(skillFile: string, value: T): void {
    this.#kept.set(skillFile, value);
    this.read.push(skillFile);
  }

  startRun(): void {
    this.read = [];
  }

  forget(changed: readonly string[]): void {
    for (const file of [...this.#kept.keys()]) {
      const folder = dirname(file);
      if (changed.some((path) => within(path, folder) || within(folder, path))) this.#kept.delete(file);
    }
  }

  get size(): number {
    return this.#kept.size;
  }
}

function within(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}

/** Check, show, then re-check and re-show on every change until interrupted; exit 0. */
export async function watchChecks<R, T>(io: CliIo, plan: WatchPlan<R, T>): Promise<number> {
  const memo = new WatchMemo<T>();
  const drawOnce = async (changed: readonly string[] | undefined): Promise<void> => {
    memo.startRun();
    let result: R;
    try {
      result = await plan.check(memo);
    } catch (error) {
      // A path gone mid-watch (a folder renamed away) is reported; the watch goes on.
      if (changed === undefined || !isSkillgraphError(error)) throw error;
      io.stderr.write(`skillgraph ${plan.verb}: ${error.message}\n`);
      return;
    }
    if (io.stdout.isTTY) io.stdout.write(CLEAR_SCREEN);
    plan.show(result);
    const what =
      changed === undefined
        ? `checked ${memo.read.length} skill(s)`
        : `re-checked ${memo.read.length} of ${memo.size} skill(s)${shownFiles(io.cwd, memo.read)}`;
    note(io, `${plan.verb} --watch: ${what}; Ctrl-C stops\n`);
  };
  // A change met during a check waits for it, then checks again.
  let drawing = drawOnce(undefined);
  await drawing;
  const draw = (changed: readonly string[]): void => {
    drawing = drawing
      .then(() => drawOnce(changed))
      .catch((error: unknown) => void io.stderr.write(`skillgraph ${plan.verb}: ${String(error)}\n`));
  };
  const watched = plan.paths.map((p) => watchedFolder(resolve(io.cwd, p)));
  const reals = watched.map(realOrSelf);
  const watcher: RootWatcher = watchRoots(
    reals,
    (paths) => {
      // Events come under the canonical paths: map them back to the paths the walk reaches.
      memo.forget(paths.map((p) => backTo(p, reals, watched)));
      draw(paths);
    },
    { ...(plan.poll ? { poll: true } : {}), settleMs: 50 },
  );
  await until(plan.signal);
  watcher.close();
  await drawing;
  return EXIT.ok;
}

function watchedFolder(abs: string): string {
  return statSync(abs, { throwIfNoEntry: false })?.isDirectory() === false ? dirname(abs) : abs;
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** `path` under one of `reals`, written under the matching folder of `given`. */
function backTo(path: string, reals: readonly string[], given: readonly string[]): string {
  const i = reals.findIndex((r) => within(path, r));
  return i < 0 ? path : resolve(given[i]!, relative(reals[i]!, path));
}

function shownFiles(cwd: string, files: readonly string[]): string {
  if (files.length === 0) return '';
  const shown = files.slice(0, 3).map((f) => relative(cwd, f).split(sep).join('/'));
  return ` (${shown.join(', ')}${files.length > 3 ? ', …' : ''})`;
}

/** Keeps the process alive until SIGINT, SIGTERM or `signal`. */
function until(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((done) => {
    const alive = setInterval(() => undefined, 1 << 30);
    const stop = (): void => {
      clearInterval(alive);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      signal?.removeEventListener('abort', stop);
      done();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    if (signal?.aborted) stop();
    else signal?.addEventListener('abort', stop);
  });
}
