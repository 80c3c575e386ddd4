/**
 * Piscina worker entry: only the protocol. Each task is dispatched to the
 * same functions the inline path runs (unit-tested without threads).
 */
import type { ParseOutcome, ParseTask, ParseTaskResult, WorkerResult, WorkerTask } from './messages.js';
import { parseItemBytes, readItem } from './parse-files.js';

/** Handle one batch. */
export default function handle(task: WorkerTask): WorkerResult {
  switch (task.kind) {
    case 'parse':
      return parseTask(task);
  }
}

function parseTask(task: ParseTask): ParseTaskResult {
  return {
    kind: 'parse',
    results: task.items.map((item, i): ParseOutcome => {
      const file = readItem(item);
      if (file.kind !== 'bytes') return { kind: 'parsed', result: file.result };
      const facts = { key: file.key, stat: file.stat, hash: file.hash };
      // Perf: a touched but unchanged file costs a hash, not a YAML parse.
      if (task.known[i] === file.hash) return { kind: 'reuse', facts };
      const result = parseItemBytes(item, file.bytes);
      return task.facts ? { kind: 'parsed', result, facts } : { kind: 'parsed', result };
    }),
  };
}
