// With a run id and a log, a repeat load answers `already_loaded`; a fresh one appends `skill_loaded`.
import { resolve } from 'node:path';
import { skillLoadedEvent } from '../context/loaded-set.js';
import { SkillgraphError } from '../model/errors.js';
import { appendEvent, readLoadedSet } from '../workspace/event-log.js';
import { createLazyWorkspace, type StagedSkill } from '../workspace/materialize.js';
import { readForContext, type ContextLoad } from '../workspace/read.js';
import { loadRequest, type CatalogRequest } from './catalog-load.js';
import { handedOverNotes, type HandedOverNotes } from './handed-over.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface LoadTaskOptions {
  readonly request: CatalogRequest;
  /** A skill's name, or `scope/name` for one copy. */
  readonly name: string;
  /** The run whose loads are replayed from `log` (both or neither). */
  readonly run?: string | null;
  /** JSON lines, relative to `cwd`: read, and appended to on a fresh load. */
  readonly log?: string | null;
  /** Also stage the skill's folder into `into/<name>/` (relative to `cwd`). */
  readonly into?: string;
  /** With `into`: replace files that hold other content (refused otherwise). */
  readonly force?: boolean;
  readonly cwd?: string;
}

export interface LoadRun {
  readonly status: 0;
  readonly result: ContextLoad;
  readonly staged?: StagedSkill;
  readonly baseDir: string;
  readonly notHandedOver: HandedOverNotes;
  /** The instructions, ending in a newline; '' when already loaded. */
  readonly text: string;
  readonly document: Record<string, unknown>;
}

const LOAD_TASK_KEYS = optionKeys<LoadTaskOptions>('loadTask', {
  request: true,
  name: true,
  run: true,
  log: true,
  into: true,
  force: true,
  cwd: true,
});

/** Read one skill of the catalog `options.request` describes, once per run. */
export async function loadTask(options: LoadTaskOptions): Promise<LoadRun> {
  checkOptionKeys(options, LOAD_TASK_KEYS);
  const cwd = options.cwd ?? process.cwd();
  const runId = options.run ?? null;
  const log = options.log === undefined || options.log === null ? null : resolve(cwd, options.log);
  if ((runId === null) !== (log === null))
    throw new SkillgraphError('options.invalid', "load options 'run' and 'log' go together", { field: 'run' });
  // An empty folder (an unset variable) would stage into the working folder itself.
  if (options.into !== undefined && options.into.trim() === '') {
    throw new SkillgraphError(
      'options.invalid',
      "load option 'into' must not be empty; write '.' for the working folder",
      { field: 'into' },
    );
  }
  const { catalog } = await loadRequest(options.request);
  const loaded = log !== null && runId !== null ? readLoadedSet(log, runId) : undefined;
  const result = readForContext(catalog, options.name, loaded);
  // `scope/name` stages that copy.
  const staged =
    options.into === undefined
      ? undefined
      : createLazyWorkspace(catalog, resolve(cwd, options.into), { force: options.force === true }).load(options.name);
  if (result.status === 'loaded' && log !== null && runId !== null)
    appendEvent(log, skillLoadedEvent(runId, result.name, result.digest));
  const baseDir = result.baseDir.replace(/\\/g, '/');
  const notHandedOver = handedOverNotes(catalog, [result.name], cwd);
  const document = {
    status: result.status,
    name: result.name,
    digest: result.digest,
    base_dir: baseDir,
    run: runId,
    ...(result.status === 'loaded' ? { body: result.body, resources: result.resources } : {}),
    ...(staged
      ? {
          staged: {
            status: staged.status,
            path: `${String(options.into).replace(/\\/g, '/').replace(/\/+$/, '')}/${staged.name}`,
            files: staged.files,
          },
        }
      : {}),
    not_handed_over: notHandedOver.json,
  };
  const text =
    result.status !== 'loaded'
      ? ''
      : result.body.endsWith('\n') || result.body === ''
        ? result.body
        : `${result.body}\n`;
  return { status: 0, result, ...(staged ? { staged } : {}), baseDir, notHandedOver, text, document };
}
