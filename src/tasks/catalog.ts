/**
 * The `catalog` task: discover, parse and seal the catalog a request
 * describes, run the routing pass over its winners, and say whether it is
 * whole. `catalogJsonTask` is `catalog --json`: the document's bytes through
 * the engine's runs table, replayed for an unchanged tree.
 */
import { posix } from 'node:path';
import type { RunMemo } from '../engine/engine.js';
import type { WalkReport } from '../engine/plan.js';
import type { Catalog } from '../model/catalog.js';
import { hasErrors } from '../model/diagnostics.js';
import { buildReport, shownPath, type Report } from '../report/model.js';
import type { OverlapOptions } from '../routing/overlap.js';
import { catalogFindings, loadRequest, memoizedOutput, type CatalogLoad, type CatalogRequest } from './catalog-load.js';
import { catalogJson, catalogJsonBytes, writeCatalogJson } from './catalog-document.js';
import { catalogRouting } from './routing-io.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

/** The exit status a task's result stands for: 0 ok, 1 findings. */
export type TaskStatus = 0 | 1;

export interface CatalogTaskOptions {
  readonly request: CatalogRequest;
  /** The routing pass (overlaps, links to missing skills) with its options, or `false` to skip it. Default on. */
  readonly routing?: OverlapOptions | false;
  /** The folder the report's paths are relative to (default: the working folder). */
  readonly cwd?: string;
}

/** A catalog task's result: the sealed catalog with its routing findings, status and documents. */
export interface CatalogRun extends CatalogLoad {
  /** 1 when a skill was left out by an error, or the walk stopped at a limit. */
  readonly status: TaskStatus;
  /** The `--json` document as an object, without `schemaVersion` (built on first read). */
  readonly document: Record<string, unknown>;
  /** The findings as a report, one unit per catalogued skill (built on first read). */
  readonly report: Report;
}

const CATALOG_TASK_KEYS = optionKeys<CatalogTaskOptions>('catalogTask', { request: true, routing: true, cwd: true });

/**
 * Load, seal and route the catalog `options.request` describes.
 *
 * @example const run = await catalogTask({ request: { load: { roots } } }); run.catalog.skills.length
 */
export async function catalogTask(options: CatalogTaskOptions): Promise<CatalogRun> {
  checkOptionKeys(options, CATALOG_TASK_KEYS);
  return catalogRun(routed(await loadRequest(options.request), options.routing), options.cwd);
}

/**
 * `catalog --json`: the document's UTF-8 bytes handed to `write`, through the runs table —
 * replayed without reading anything when the tree and options are as a recorded run had them,
 * streamed as it is made when nothing records it. Returns the status.
 *
 * @example const status = await catalogJsonTask({ request }, (chunk) => process.stdout.write(chunk));
 */
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
      // Perf: nothing keeps this output, so it is written as it is made (no 11.6 MB buffer at 10k
      // skills); the memo then carries the status alone.
      writeCatalogJson(result, write);
      written = true;
      return { status, text: '' };
    }
    const bytes = catalogJsonBytes(result);
    // The text only when a caller asks for it: the bytes are written and recorded as they are.
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
  // Perf: our own JSON text goes out as bytes (no text copy of 11 MB).
  if (!written) write(out.bytes ?? Buffer.from(out.text, 'utf8'));
  return out.status === 0 ? 0 : 1;
}

/**
 * A loaded catalog as a task's result: its status, and its document and report on first read.
 *
 * @example catalogRun(assembleShards(walk, results)).status
 */
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

/** Exit status of a catalog: findings when a skill was left out by an error, or the walk stopped at a limit. */
export function catalogStatus(catalog: Catalog, walk?: WalkReport): TaskStatus {
  return hasErrors(catalog.diagnostics) || walk?.complete === false ? 1 : 0;
}

/**
 * The catalog's findings as a report: one unit per catalogued skill, files relative to `cwd`.
 *
 * @example reportText('sarif', catalogReport(run, process.cwd()))
 */
export function catalogReport(result: CatalogLoad, cwd: string): Report {
  return buildReport({
    suite: 'skillgraph catalog',
    root: cwd,
    findings: catalogFindings(result),
    // A test case is named by the skill's folder: names repeat across scopes, paths do not.
    units: result.catalog.skills.map((p) => {
      const file = p.descriptor.source.locator;
      return { name: shownPath(posix.dirname(file), cwd), file };
    }),
  });
}

/** The load with the routing pass's findings, unless it is turned off. */
function routed(load: CatalogLoad, routing: OverlapOptions | false | undefined): CatalogLoad {
  return routing === false ? load : { ...load, routing: catalogRouting(load.catalog, routing ?? {}).diagnostics };
}
