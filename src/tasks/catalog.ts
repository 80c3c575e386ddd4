import { posix } from 'node:path';
import type { RunMemo } from '../engine/engine.js';
import type { WalkReport } from '../engine/plan.js';
import type { Catalog } from '../model/catalog.js';
import { hasErrors } from '../model/diagnostics.js';
import { buildReport, shownPath, type Report } from '../report/model.js';
import type { OverlapOptions } from '../routing/overlap.js';
import { catalogFindings, loadRequest, memoizedOutput, type CatalogLoad, type CatalogRequest } from './catalog-load.js';
import { catalogJson, catalogJsonBytes, writeCatalogJson } from './catalog-document.js';
import { catalogRoutingDiagnostics } from './routing-io.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

/** The exit status a task's result stands for: 0 ok, 1 findings. */
export type TaskStatus = 0 | 1;

export interface CatalogTaskOptions {
  readonly request: CatalogRequest;
  /** The routing pass (overlaps, links to missing skills), or `false` to skip it. Default on. */
  readonly routing?: OverlapOptions | false;
  /** Default: the working folder. */
  readonly cwd?: string;
}

export interface CatalogRun extends CatalogLoad {
  /** 1 when a skill was left out by an error, or the walk stopped at a limit. */
  readonly status: TaskStatus;
  /** Without `schemaVersion`; built on first read. */
  readonly document: Record<string, unknown>;
  /** One unit per catalogued skill; built on first read. */
  readonly report: Report;
}

const CATALOG_TASK_KEYS = optionKeys<CatalogTaskOptions>('catalogTask', { request: true, routing: true, cwd: true });

/** Load, seal and route the catalog `options.request` describes. */
export async function catalogTask(options: CatalogTaskOptions): Promise<CatalogRun> {
  checkOptionKeys(options, CATALOG_TASK_KEYS);
  return catalogRun(routed(await loadRequest(options.request), options.routing), options.cwd);
}

/** `catalog --json`: the document's bytes to `write`, replayed by the runs table for an unchanged tree. */
export async function catalogJsonTask(
  options: CatalogTaskOptions,
  write: (chunk: Buffer) => void,
): Promise<TaskStatus> {
  checkOptionKeys(options, CATALOG_TASK_KEYS);
  let written = false;
  const produce = (loaded: CatalogLoad, recorded: boolean): RunMemo => {
    const result = routed(loaded, options.routing);
    const status = catalogStatus(result.catalog, result.walk);
    if (!recorded) {
      // Perf: nothing keeps this output, so it is written as it is made; the memo carries the status alone.
      writeCatalogJson(result, write);
      written = true;
      return { status, text: '' };
    }
    const bytes = catalogJsonBytes(result);
    return {
      status,
      bytes,
      get text(): string {
        return bytes.toString('utf8');
      },
    };
  };
  const threshold = options.routing === false ? 'off' : options.routing?.threshold;
  const out = await memoizedOutput(
    options.request,
    'catalog',
    produce,
    threshold === undefined ? '' : `overlap-threshold=${threshold}`,
  );
  if (!written) write(out.bytes ?? Buffer.from(out.text, 'utf8'));
  return out.status === 0 ? 0 : 1;
}

/** A loaded catalog as a task's result: its status, and its document and report on first read. */
export function catalogRun(load: CatalogLoad, cwd?: string): CatalogRun {
  let document: Record<string, unknown> | undefined;
  let report: Report | undefined;
  return {
    ...load,
    status: catalogStatus(load.catalog, load.walk),
    get document(): Record<string, unknown> {
      // The text is the document (one writer for both); parsed back only when a caller reads it.
      if (document === undefined) {
        const { schemaVersion: _version, ...doc } = JSON.parse(catalogJson(load)) as Record<string, unknown>;
        document = doc;
      }
      return document;
    },
    get report(): Report {
      return (report ??= catalogReport(load, cwd ?? process.cwd()));
    },
  };
}

export function catalogStatus(catalog: Catalog, walk?: WalkReport): TaskStatus {
  return hasErrors(catalog.diagnostics) || walk?.complete === false ? 1 : 0;
}

/** The catalog's findings as a report, files relative to `cwd`. */
export function catalogReport(result: CatalogLoad, cwd: string): Report {
  return buildReport({
    suite: 'skillgraph catalog',
    root: cwd,
    findings: catalogFindings(result),
    // Names repeat across scopes, paths do not: a test case is named by the skill's folder.
    units: result.catalog.skills.map((p) => {
      const file = p.descriptor.source.locator;
      return { name: shownPath(posix.dirname(file), cwd), file };
    }),
  });
}

function routed(load: CatalogLoad, routing: OverlapOptions | false | undefined): CatalogLoad {
  return routing === false ? load : { ...load, routing: catalogRoutingDiagnostics(load.catalog, routing ?? {}) };
}
