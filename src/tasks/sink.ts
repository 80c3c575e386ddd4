const STREAM_CHUNK = 1 << 18;

/** A writable stream, or anything with its `write` (and `once`). */
export interface ByteSink {
  write(chunk: Buffer): unknown;
  /** Set once a reader closed the pipe: nothing more is written. */
  readonly destroyed?: boolean;
  once?: (event: 'drain' | 'close', listener: () => void) => unknown;
}

export interface TextSink {
  write(text: string): Promise<void> | void;
  end(): Promise<void> | void;
}

/**
 * A buffered writer for documents too large to hold: text is encoded straight into 256 KiB
 * Buffers, waiting for `drain`. Pass small strings: large ones stay in V8's large-object space.
 */
export function textSink(out: ByteSink): TextSink {
  let buf = Buffer.allocUnsafe(STREAM_CHUNK);
  let used = 0;
  // process.stdout is never `destroyed` by a closed pipe, but it emits 'close'.
  let isClosed = false;
  const closedPipe = (): boolean => isClosed || out.destroyed === true;
  let closed: Promise<void> | undefined;
  const send = (chunk: Buffer): Promise<void> | void => {
    // A reader that closed the pipe (`| head`) ends the document; the verb still finishes.
    if (closedPipe()) return;
    const ok = out.write(chunk);
    const once = out.once;
    if (ok !== false || !once || closedPipe()) return;
    closed ??= new Promise<void>((done) => void once.call(out, 'close', () => ((isClosed = true), done())));
    return Promise.race([new Promise<void>((done) => void once.call(out, 'drain', done)), closed]);
  };
  const flush = (): Promise<void> | void => {
    if (used === 0) return;
    const full = buf.subarray(0, used);
    // The stream may hold the chunk until it is written: never reuse it.
    buf = Buffer.allocUnsafe(STREAM_CHUNK);
    used = 0;
    return send(full);
  };
  return {
    write(text: string): Promise<void> | void {
      if (used + text.length * 3 <= STREAM_CHUNK) {
        used += buf.write(text, used, 'utf8');
        return;
      }
      const pending = flush();
      if (text.length * 3 > STREAM_CHUNK) {
        const direct = (): Promise<void> | void => send(Buffer.from(text, 'utf8'));
        return pending ? pending.then(direct) : direct();
      }
      used += buf.write(text, used, 'utf8');
      return pending;
    },
    end: flush,
  };
}
