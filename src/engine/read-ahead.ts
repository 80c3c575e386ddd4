/**
 * A reading thread for the inline parse: while the main thread parses file k, a plain worker reads the files
 * after it into slots of shared memory. A file the thread has not read, could not read, or that filled its
 * slot is read by the main thread itself (`readItem`), so results never depend on the thread.
 * Perf: it takes the open/read/close syscalls of every file off the main thread for a copy of a few KB each.
 */
import type { Worker as WorkerClass } from 'node:worker_threads';
import { builtinModule } from '../model/builtin.js';

// Required when a thread starts, so importing the library does not load the streams code.

/** Control words: the files the main thread is done with, stop. */
const CONSUMED = 0;
const STOP = 1;
const READY = 1;

/** Files in shared memory at once, and the bytes each may hold (a real SKILL.md is 2–6 KB). */
export const READ_AHEAD_SLOTS = 64;
export const READ_AHEAD_SLOT_BYTES = 64 * 1024;
/** How far ahead of the main thread the thread starts again when it has fallen behind. */
const LEAD = 4;
/** Perf: the thread polls when the window is full; waking it with `Atomics.notify` cost the main thread more. */
const POLL_MS = 1;

export interface ReadAhead {
  /** The bytes of file `k` (taken in order, each once), copied into `into` when it fits; undefined: read it here. */
  take(k: number, into: Uint8Array): Uint8Array | undefined;
  /** Whether the thread has read file `k` into its slot (not yet taken). */
  has(k: number): boolean;
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
 * The thread's loop, run from its source text: only its parameters and `node:fs` (control words as numbers).
 * File k goes to slot k mod slots once the main thread is done with the slot's previous file.
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

/** Start reading `paths` in this order in a thread, or undefined when no thread can be started. */
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
      let out: Uint8Array | undefined;
      if (Atomics.load(state, k) === READY) {
        const slot = k % READ_AHEAD_SLOTS;
        const len = lens[slot]!;
        const from = slot * READ_AHEAD_SLOT_BYTES;
        out = into.length >= len ? into.subarray(0, len) : new Uint8Array(len);
        out.set(data.subarray(from, from + len));
      }
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
