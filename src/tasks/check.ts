// Drift: a skill widened (reported apart from content changes), added, removed, changed, invalid
// now, or not found in an incomplete walk. The lockfile is read as a regular file only (never a FIFO).
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { wideningText } from '../audit/capabilities.js';
import {
  compareLock,
  createLock,
  parseLock,
  type LockDrift,
  type LockEntry,
  type Lockfile,
} from '../catalog/lockfile.js';
import { displayPath } from '../discover/paths.js';
import { readRegularFile } from '../discover/safe-read.js';
import { collectGarbage } from '../engine/gc.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import { buildReport, type Report, type ReportFinding } from '../report/model.js';
import { loadRequest, type CatalogRequest } from './catalog-load.js';
import type { TaskStatus } from './catalog.js';
import { prepareSeal } from './lock-seal.js';
import { lockPlaces, lockState, writeLockfile, type LockState, type WalkCompleteness } from './lock.js';
import { completenessJson } from './catalog-document.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface CheckTaskOptions {
  readonly request: CatalogRequest;
  /** Relative to `cwd`. */
  readonly lock: string;
  /** Rewrite the lockfile from the catalog now, widened capabilities included. */
  readonly accept?: boolean;
  readonly cwd?: string;
  /** The home folder `~/…` roots are under (default: the user's). */
  readonly home?: string;
}

export interface CheckRun {
  /** 0 without drift, or once `accept` rewrote the lockfile. */
  readonly status: TaskStatus;
  /** Relative to `cwd` when inside it. */
  readonly shown: string;
  readonly locked: Lockfile;
  readonly drift: LockDrift<Diagnostic>;
  readonly state: LockState;
  readonly digest: string;
  /** Not when a skill has errors or the walk was cut short. */
  readonly accepted: boolean;
  readonly walk: WalkCompleteness;
  readonly document: Record<string, unknown>;
  /** One unit per locked skill; built on first read. */
  readonly report: Report;
}

/** A lockfile this large is not one (a skill entry is ~300 bytes). */
const MAX_LOCKFILE_BYTES = 64 * 1024 * 1024;

const CHECK_TASK_KEYS = optionKeys<CheckTaskOptions>('checkTask', {
  request: true,
  lock: true,
  accept: true,
  cwd: true,
  home: true,
});

/** Compare the catalog `options.request` describes with the lockfile `options.lock`. */
export async function checkTask(options: CheckTaskOptions): Promise<CheckRun> {
  checkOptionKeys(options, CHECK_TASK_KEYS);
  await prepareSeal();
  const cwd = options.cwd ?? process.cwd();
  const home = options.home ?? homedir();
  const file = resolve(cwd, options.lock);
  const shown = displayPath(file, cwd);
  const text = readLockText(file, shown);
  // A malformed lockfile fails before the walk. Perf: the parsed lock is dropped and made again at the
  // end, so it is not held across the catalog's peak.
  collectGarbage(parseLock(text, shown).skills.length);
  // Perf: a lock's time is hashing trees; a parse pool saves nothing there.
  const engine = { ...options.request.engine, workers: options.request.engine?.workers ?? 0 };
  const result = await loadRequest({ ...options.request, engine });
  const places = lockPlaces(result, dirname(file), home);
  const { complete, limits, files } = result.walk;
  collectGarbage(places.skills.length);
  const state = lockState(places);
  collectGarbage(places.skills.length);
  const locked = parseLock(text, shown);
  const drift = compareLock(locked, state);
  const acceptable = state.skillErrors.length === 0 && state.complete;
  const accepted = options.accept === true && !drift.ok && acceptable;
  if (accepted)
    writeLockfile(
      file,
      `${JSON.stringify(
        createLock(places.digest, state.entries, { complete: state.complete, invalid: state.invalid }),
        null,
        2,
      )}\n`,
    );
  const walk = { complete, limits, files };
  const fileOf = (e: LockEntry): string => displayPath(placeOf(e.root, e.path, dirname(file), home), cwd);
  let report: Report | undefined;
  return {
    status: drift.ok || accepted ? 0 : 1,
    shown,
    locked,
    drift,
    state,
    digest: places.digest,
    accepted,
    walk,
    document: {
      ok: drift.ok,
      ...(options.accept === true ? { accepted } : {}),
      widened: drift.widened.map((w) => ({ name: w.name, ...w.widening, text: wideningText(w.widening) })),
      unsealed: drift.unsealed,
      lock: shown,
      digest: { locked: locked.digest, current: places.digest },
      added: drift.added,
      removed: drift.removed,
      changed: drift.changed,
      invalid: drift.invalid.map((b) => ({ ...b.locked, diagnostics: b.diagnostics })),
      invalid_now: drift.invalidNow.map((b) => ({
        root: b.root,
        path: b.path,
        recorded: b.recorded,
        diagnostics: b.diagnostics,
      })),
      incomplete: drift.incomplete,
      ...completenessJson(walk),
    },
    get report(): Report {
      const units = locked.skills.map((e) => ({ name: e.name, file: fileOf(e) }));
      return (report ??= buildReport({
        suite: 'skillgraph check',
        root: cwd,
        findings: driftFindings(drift, fileOf, shown),
        units,
      }));
    },
  };
}

function readLockText(file: string, shown: string): string {
  const read = readRegularFile(file, MAX_LOCKFILE_BYTES, { followLinks: true });
  if (read.ok) return read.bytes.toString('utf8');
  const why =
    read.reason === 'missing'
      ? "not found; run 'skillgraph lock' first"
      : read.reason === 'not-regular'
        ? 'not a regular file'
        : read.reason === 'too-large'
          ? `larger than ${MAX_LOCKFILE_BYTES} bytes`
          : `unreadable (${read.errno ?? read.reason})`;
  throw new SkillgraphError('lockfile.invalid', `cannot read lockfile ${shown}: ${why}`, {
    file: shown,
    reason: read.reason,
  });
}

/** Root relative to the lockfile's folder (or `~/…`), then the path in it. */
function placeOf(root: string, path: string, lockDir: string, home: string): string {
  const base = root === '~' ? home : root.startsWith('~/') ? join(home, root.slice(2)) : resolve(lockDir, root);
  return join(base, path);
}

/** Drift as findings: an error at each added, removed, changed or unfound SKILL.md; invalid skills' own findings. */
export function driftFindings(
  drift: LockDrift<Diagnostic>,
  fileOf: (e: LockEntry) => string,
  lock: string,
): ReportFinding[] {
  const at = (code: ReportFinding['code'], e: LockEntry, message: string, hint: string): ReportFinding => ({
    code,
    severity: 'error',
    message,
    file: fileOf(e),
    line: 0,
    column: 0,
    hint,
  });
  return [
    ...drift.widened.map((w) =>
      at(
        'check.widened',
        w.current,
        `${w.name} can do more than ${lock} sealed: ${wideningText(w.widening)}`,
        "review what the skill gained, then run 'skillgraph check --accept' or 'skillgraph lock'",
      ),
    ),
    ...drift.added.map((e) =>
      at('check.added', e, `${e.name} (${e.scope}) is not in ${lock}`, "run 'skillgraph lock' to record it"),
    ),
    ...drift.removed.map((e) =>
      at(
        'check.removed',
        e,
        `${e.name} (${e.scope}) is in ${lock} but no longer in the catalog`,
        "restore the skill, or run 'skillgraph lock'",
      ),
    ),
    ...drift.changed.map((c) =>
      at(
        'check.changed',
        c.current,
        `${c.name} changed since ${lock}: ${c.fields.join(', ')}`,
        "review the change, then run 'skillgraph lock'",
      ),
    ),
    ...drift.invalid.flatMap((b) => b.diagnostics),
    ...drift.invalidNow.flatMap((b) => b.diagnostics),
    ...drift.incomplete.map((e) =>
      at(
        'check.incomplete',
        e,
        `${e.name} was not found, and the walk stopped at a limit`,
        'raise --depth or --max-dirs so the walk is complete',
      ),
    ),
  ];
}
