// One bad skill never blocks the others: it is left out and named with its finding (status 1).
import { resolve } from 'node:path';
import { catalogLeftOut, leftOutJson, leftOutReport, type LeftOut, type LeftOutSkill } from '../context/left-out.js';
import { SkillgraphError } from '../model/errors.js';
import { createLazyWorkspace, materialize, type StagedSkill } from '../workspace/materialize.js';
import { loadRequest, type CatalogRequest } from './catalog-load.js';
import type { TaskStatus } from './catalog.js';
import { handedOverNotes, type HandedOverNotes } from './handed-over.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface MaterializeTaskOptions {
  readonly request: CatalogRequest;
  /** Relative to `cwd`. */
  readonly dir: string;
  /** Default: every skill; with `lazy`, none. */
  readonly names?: readonly string[];
  /** Copy nothing up front; stage only `names`, one load each. */
  readonly lazy?: boolean;
  /** Replace workspace files that hold other content (refused otherwise, status 1). */
  readonly force?: boolean;
  readonly cwd?: string;
}

export interface MaterializeRun {
  readonly status: TaskStatus;
  /** POSIX, without a trailing slash. */
  readonly shown: string;
  readonly lazy: boolean;
  readonly skills: readonly StagedSkill[];
  readonly available: readonly string[];
  readonly leftOut: LeftOut;
  readonly notHandedOver: HandedOverNotes;
  readonly document: Record<string, unknown>;
}

const MATERIALIZE_TASK_KEYS = optionKeys<MaterializeTaskOptions>('materializeTask', {
  request: true,
  dir: true,
  names: true,
  lazy: true,
  force: true,
  cwd: true,
});

/** Copy (or stage) the skills of the catalog `options.request` describes into `options.dir`. */
export async function materializeTask(options: MaterializeTaskOptions): Promise<MaterializeRun> {
  checkOptionKeys(options, MATERIALIZE_TASK_KEYS);
  // An empty folder (an unset shell variable) would resolve to the working folder and fill it with skills.
  if (typeof options.dir !== 'string' || options.dir.trim() === '') {
    throw new SkillgraphError(
      'options.invalid',
      "materialize option 'dir' must not be empty; write '.' for the working folder",
      { field: 'dir' },
    );
  }
  const cwd = options.cwd ?? process.cwd();
  const dir = resolve(cwd, options.dir);
  const names = options.names ?? [];
  const lazy = options.lazy === true;
  const force = options.force === true;
  const { catalog, walk } = await loadRequest(options.request);
  let skills: readonly StagedSkill[];
  let available: readonly string[];
  let left: readonly LeftOutSkill[];
  if (lazy) {
    const ws = createLazyWorkspace(catalog, dir, { force });
    skills = names.map((n) => ws.load(n));
    available = ws.names;
    left = catalogLeftOut(catalog);
  } else {
    const out = materialize(catalog, dir, names.length > 0 ? { names, force } : { force });
    skills = out.skills;
    available = out.skills.map((s) => s.name);
    left = out.leftOut;
  }
  // Named skills: only what was asked for and not copied is left out; the whole catalog otherwise.
  const leftOut = leftOutReport(left, names.length > 0 ? undefined : walk, names.length > 0 ? undefined : catalog);
  const shown = options.dir.replace(/\\/g, '/').replace(/\/+$/, '') || '.';
  const notHandedOver = handedOverNotes(
    catalog,
    skills.map((s) => s.name),
    cwd,
  );
  const document = {
    dir: shown,
    lazy,
    available: [...available],
    skills: skills.map((s) => ({
      name: s.name,
      status: s.status,
      digest: s.digest,
      path: s.name,
      files: [...s.files],
    })),
    left_out: leftOutJson(leftOut),
    not_handed_over: notHandedOver.json,
  };
  return { status: leftOut.findings ? 1 : 0, shown, lazy, skills, available, leftOut, notHandedOver, document };
}
