/**
 * The flags every catalog-reading verb shares (catalog, list, lock, check,
 * resolve, graph, context, load, materialize, describe), and the one function
 * that turns them into a sealed catalog. The logic lives in
 * `catalog-request.ts`; this module is its synchronous face, with
 * `discover/config.ts` imported up front.
 *
 * @example
 * export const spec = { name: 'graph', summary: '…', usage: '[--root …]', flags: { ...CATALOG_FLAGS, format: … } };
 * const { catalog, stats } = await catalogFromFlags(parseVerbArgs(spec, args, io).values, io, 'graph');
 */
import { findConfigFile, loadConfig } from '../discover/config.js';
import type { FlagSpec, ParsedArgs } from './args.js';
import {
  CATALOG_FLAGS,
  catalogFromRequest,
  requestFrom,
  type CatalogFromFlags,
  type CatalogRequest,
  type ConfigAccess,
  type RequestExtra,
} from './catalog-request.js';
import type { CliIo } from './io.js';

export { CATALOG_FLAGS, homeFrom } from './catalog-request.js';
export type { CatalogFromFlags, CatalogRequest, RequestExtra, RootSource } from './catalog-request.js';

const CONFIG_FILES: ConfigAccess = { findConfigFile, loadConfig };

/** Flags lock and check add to the catalog flags. */
export const LOCK_FLAGS = {
  ...CATALOG_FLAGS,
  'include-user': {
    type: 'boolean',
    description: "with no roots given, also lock the user's agent folders (~/.claude/skills, …)",
  },
} as const satisfies Record<string, FlagSpec>;

/**
 * Turn the shared flags into roots, walk options and engine options. Bad flag
 * values are usage errors (exit 2) naming the flag; config and root errors
 * propagate as SkillgraphErrors (exit 2 through the dispatcher).
 *
 * @example const request = catalogRequest(values, io, 'catalog'); request.load.roots.length
 */
export function catalogRequest(
  values: ParsedArgs['values'],
  io: CliIo,
  verb: string,
  extra: RequestExtra = {},
): CatalogRequest {
  return requestFrom(values, io, verb, CONFIG_FILES, extra);
}

/**
 * Build the sealed catalog the shared flags describe, through the engine
 * (worker pool when it pays, parse cache unless `--no-cache`).
 *
 * @example const { catalog, stats } = await catalogFromFlags(values, io, 'catalog');
 */
export async function catalogFromFlags(
  values: ParsedArgs['values'],
  io: CliIo,
  verb = 'catalog',
  extra: RequestExtra = {},
): Promise<CatalogFromFlags> {
  return catalogFromRequest(catalogRequest(values, io, verb, extra), io, verb);
}
