// `skillgraph lock`: the catalog in a lockfile, written atomically. A walk that stopped at a limit
// keeps the old lockfile unless --allow-incomplete.
import { resolve } from 'node:path';
import { LOCKFILE_NAME, type LockInvalid } from '../../catalog/lockfile.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
import { catalogRequest, homeFrom, LOCK_FLAGS } from '../catalog-flags.js';
import { lazyCatalogRequest, runTask } from '../catalog-request.js';
import { completenessLines, errorLines } from '../catalog-text.js';
import { parseShard } from '../shard-flag.js';
import { EXIT } from '../exit.js';
import { note, paint, useColor, writeJson, type CliIo } from '../io.js';
import { lockTask, type LockRun } from '../../tasks/lock.js';

export const spec: VerbSpec = {
  name: 'lock',
  summary: 'write the catalog (names, scopes, digests, tree digests) to a portable lockfile',
  usage: `[PATH...] [--out ${LOCKFILE_NAME}] [--allow-errors] [--allow-incomplete] [--shard i/n] [catalog flags]`,
  flags: {
    ...LOCK_FLAGS,
    out: { type: 'string', value: 'FILE', description: `lockfile to write (default ${LOCKFILE_NAME})` },
    'allow-errors': {
      type: 'boolean',
      description: 'exit 0 even when skills are invalid (they are always recorded as invalid in the lock)',
    },
    'allow-incomplete': { type: 'boolean', description: 'write the lock even when the walk stopped at a limit' },
    shard: {
      type: 'string',
      value: 'i/n',
      description:
        'with --json: parse and seal the folders of shard i of n (a stable split by skill path); ' +
        'skillgraph merge writes the lockfile',
    },
  },
  positionals: 'roots',
  examples: ['skillgraph lock', 'skillgraph lock skills --out skillgraph.lock.json'],
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const lock = {
    out: resolve(io.cwd, typeof values.out === 'string' ? values.out : LOCKFILE_NAME),
    allowErrors: values['allow-errors'] === true,
    allowIncomplete: values['allow-incomplete'] === true,
  };
  const extra = { roots: positionals, projectOnly: true };
  const shard = parseShard(io, spec.name, values.shard);
  if (shard) {
    if (values.json !== true) usageError(io, spec.name, '--shard prints a shard document: add --json');
    const request = await lazyCatalogRequest(values, io, spec.name, extra);
    // Perf: a shard parses in this thread (yaml); the lock path leaves that to the engine.
    const { shardTask } = await import('../../tasks/shard-catalog.js');
    writeJson(io, (await shardTask({ verb: 'lock', request, shard, lock: { ...lock, home: homeFrom(io) } })).document);
    return EXIT.ok;
  }
  // No --workers: inline (see the lock task).
  const request = catalogRequest(
    values.workers === undefined ? { ...values, workers: '0' } : values,
    io,
    spec.name,
    extra,
  );
  const result = await runTask(io, spec.name, () => lockTask({ request, ...lock, cwd: io.cwd, home: homeFrom(io) }));
  return writeLock(io, result, values.json === true);
}

/** Print a lock run (its document, or errors, completeness and verdict on stderr); returns its status. */
export function writeLock(io: CliIo, result: LockRun, json: boolean): number {
  if (json) {
    writeJson(io, result.document);
    return result.status;
  }
  const { state, shown, digest } = result;
  const color = useColor(io);
  const lines = [...errorLines(state.errors, io.cwd, color), ...completenessLines(result.walk, color)];
  lines.push(
    result.written
      ? `Locked ${state.entries.length} skill(s) in ${shown} · ${digest}` +
          `${state.invalid.length ? `; ${invalidSummary(state.invalid)}, recorded as such` : ''}`
      : paint(
          color,
          'red',
          `Not locked: ${shown} left as it was, ` +
            `because the walk stopped at a limit (--allow-incomplete to lock what was found).`,
        ),
  );
  note(io, `${lines.join('\n')}\n`);
  return result.status;
}

/** `2 invalid (bad, broken), 1 changed during the run (pdf)`. */
function invalidSummary(invalid: readonly LockInvalid[]): string {
  const by = new Map<string, string[]>();
  for (const e of invalid) {
    const folder = e.path.split('/').slice(-2, -1)[0] ?? e.root;
    by.set(e.status ?? 'invalid', [...(by.get(e.status ?? 'invalid') ?? []), folder]);
  }
  const words: Record<string, string> = {
    invalid: 'invalid',
    changed: 'changed during the run',
    unreadable: 'not read whole',
  };
  return [...by]
    .map(
      ([status, folders]) =>
        `${folders.length} ${words[status] ?? status}` +
        ` (${folders.slice(0, 5).join(', ')}${folders.length > 5 ? ', …' : ''})`,
    )
    .join(', ');
}
