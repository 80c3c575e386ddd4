// The synchronous face of catalog-request.ts, with discover/config.ts imported up front.
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

export const LOCK_FLAGS = {
  ...CATALOG_FLAGS,
  'include-user': {
    type: 'boolean',
    description: "with no roots given, also lock the user's agent folders (~/.claude/skills, …)",
  },
} as const satisfies Record<string, FlagSpec>;

/** Roots, walk and engine options from the shared flags; a bad value is a usage error naming the flag. */
export function catalogRequest(
  values: ParsedArgs['values'],
  io: CliIo,
  verb: string,
  extra: RequestExtra = {},
): CatalogRequest {
  return requestFrom(values, io, verb, CONFIG_FILES, extra);
}

/** The sealed catalog the shared flags describe, built by the engine. */
export async function catalogFromFlags(
  values: ParsedArgs['values'],
  io: CliIo,
  verb = 'catalog',
  extra: RequestExtra = {},
): Promise<CatalogFromFlags> {
  return catalogFromRequest(catalogRequest(values, io, verb, extra), io, verb);
}
