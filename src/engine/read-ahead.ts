/**
 * A reading thread for the inline parse: while the main thread parses file k,
 * one plain worker thread opens and reads the files after it, in run order,
 * into slots of shared memory. The main thread claims each file in turn: a
 * file the thread has read is copied out of its slot; a file it has not
 * reached yet, could not read, or that filled a whole slot is read by the
 * main thread itself (`readItem`), so every result is the one a read in the
 * main thread gives, whatever the thread does or how fast.
 *
 * Perf: opening, reading and closing 10k SKILL.md files is ~0.25 s of the main
 * thread's syscalls; taking a read file costs it a copy of a few KB. The thread
 * boots in ~35 ms of CPU (no modules: `node:fs` only) and only runs when there
 * are enough files and a second core.
 */
import type { Worker as WorkerClass } from 'node:worker_threads';
import { builtinModule } from '../model/builtin.js';

// Perf: `node:worker_threads` loads the streams code; it is required when a thread starts, so
// importing the library (which holds this module) does not load it (nor make a require function).

/** Control words: the files the main thread is done with, stop. */
const CONSUMED = 0;
const STOP = 1;
/** Per-file state, set by the thread. */
const READY = 1;

/** Files in shared memory at once, and the bytes each may hold (a real SKILL.md is 2–6 KB). */
export const READ_AHEAD_SLOTS = 64;
export const READ_AHEAD_SLOT_BYTES = 64 * 1024;
/** How far ahead of the main thread the thread starts again when it has fallen behind. */
const LEAD = 4;
/**
 * How long the thread sleeps when the window is full. Perf: it polls rather than being woken:
 * on a loaded machine one `Atomics.notify` that wakes a sleeping thread cost the main thread
 * ~0.5 ms (222 of them: 107 ms at 10k files); a full window of 64 files lasts several ms.
 */
const POLL_MS = 1;

/** The main thread's side. */
export interface ReadAhead {
  /**
   * The bytes of file `k` (files are taken in order, each once), copied into `into` when it is
   * large enough (else into a new array), or undefined: then the caller reads file `k` itself.
   */
  take(k: number, into: Uint8Array): Uint8Array | undefined;
  /** Whether the thread has read file `k` into its slot (not yet taken). */
  has(k: number): boolean;
  /** Stop the thread (it exits at its next file). */
  close(): void;
}

interface Shared {
  readonly paths: readonly string[];
  readonly flags: number;
  readonly ctl: Int32Array;
  readonly state: Int32Array;
  readonly lens: Int32Array;
  readonly data: Uint8Array;
  readonly slots: number;
  readonly slotBytes: number;
}

/**
 * The thread's loop. Self-contained (it runs from its source text in a bare worker): only its
 * parameters and `node:fs`; the control words are written as numbers (`CONSUMED` 0, `STOP` 1).
 * File k goes to slot k mod slots, and only once the main thread is done with the file that
 * used the slot before. A file is read until end of file; one that fills its slot, or any
 * error, is left for the main thread. Behind the main thread, it starts again a little ahead
 * of it; with the window full, it sleeps `poll` ms.
 */
function readAheadThread(s: Shared, fs: typeof import('node:fs'), lead: number, poll: number): void {
  const n = s.paths.length;
  let k = 0;
  while (k < n && Atomics.load(s.ctl, 1) === 0) {
    const consumed = Atomics.load(s.ctl, 0);
    if (k < consumed) k = consumed + lead;
    if (k >= consumed + s.slots) {
      Atomics.wait(s.ctl, 0, consumed, poll);
      continue;
    }
    if (k >= n) break;
    const slot = k % s.slots;
    const view = s.data.subarray(slot * s.slotBytes, (slot + 1) * s.slotBytes);
    let len = -1;
    try {
      const fd = fs.openSync(s.paths[k]!, s.flags);
      try {
        let off = 0;
        for (;;) {
          const got = fs.readSync(fd, view, off, view.length - off, off);
          if (got === 0) break;
          off += got;
          if (off === view.length) break;
        }
        len = off < view.length ? off : -1;
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      len = -1;
    }
    if (len >= 0) {
      s.lens[slot] = len;
      Atomics.store(s.state, k, 1);
    }
    k++;
  }
}

/**
 * Start reading `paths` (in this order) with `flags` in a thread, or undefined when no
 * thread can be started.
 *
 * @example const ahead = startReadAhead(items.map((i) => i.path), SAFE_OPEN_FLAGS); const bytes = ahead?.take(0, buffer);
 */
export function startReadAhead(paths: readonly string[], flags: number): ReadAhead | undefined {
  const shared: Shared = {
    paths,
    flags,
    ctl: new Int32Array(new SharedArrayBuffer(3 * 4)),
    state: new Int32Array(new SharedArrayBuffer(Math.max(1, paths.length) * 4)),
    lens: new Int32Array(new SharedArrayBuffer(READ_AHEAD_SLOTS * 4)),
    data: new Uint8Array(new SharedArrayBuffer(READ_AHEAD_SLOTS * READ_AHEAD_SLOT_BYTES)),
    slots: READ_AHEAD_SLOTS,
    slotBytes: READ_AHEAD_SLOT_BYTES,
  };
  let worker: WorkerClass;
  try {
    const { Worker } = builtinModule<typeof import('node:worker_threads')>('node:worker_threads');
    const source = `const { workerData } = require('node:worker_threads'); (${readAheadThread.toString()})(workerData, require('node:fs'), ${LEAD}, ${POLL_MS});`;
    worker = new Worker(source, {
      eval: true,
      workerData: shared,
      stdout: true,
      stderr: true,
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
    });
  } catch {
    return undefined;
  }
  // A thread that fails only reads nothing: the main thread reads every file it did not.
  worker.on('error', () => Atomics.store(shared.ctl, STOP, 1));
  worker.unref();
  const { ctl, state, lens, data } = shared;

  return {
    take(k: number, into: Uint8Array): Uint8Array | undefined {
      // Perf: never waits for the thread; a file it has not read yet is read by the caller.
      let out: Uint8Array | undefined;
      if (Atomics.load(state, k) === READY) {
        const slot = k % READ_AHEAD_SLOTS;
        const len = lens[slot]!;
        const from = slot * READ_AHEAD_SLOT_BYTES;
        out = into.length >= len ? into.subarray(0, len) : new Uint8Array(len);
        out.set(data.subarray(from, from + len));
      }
      // The slot is free for file k + slots from here on.
      Atomics.store(ctl, CONSUMED, k + 1);
      return out;
    },
    has(k: number): boolean {
      return k >= Atomics.load(ctl, CONSUMED) && Atomics.load(state, k) === READY;
    },
    close(): void {
      Atomics.store(ctl, STOP, 1);
      void worker.terminate();
    },
  };
}
