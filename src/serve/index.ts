// `serveSkills` loads the MCP SDK only when called, so importing the library never loads it.
import { loadServing } from './load.js';
import type { ServeListing, ServeOptions } from './serving.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export { LiveCatalog } from './live.js';
export type { ChangeEvent, LiveOptions, ServedSkill } from './live.js';
export { getSkill, listResources as listSkillResources, listSkills, readDirectory, readResource } from './methods.js';
export { skillEntry } from './entries.js';
export type { SkillEntryJson, SkillResourceJson } from './entries.js';
export type { ServeOptions } from './serving.js';

const SERVE_KEYS = optionKeys<ServeOptions>('serveSkills', {
  load: true,
  engine: true,
  http: true,
  pageSize: true,
  listing: true,
  watch: true,
  poll: true,
  log: true,
  signal: true,
});
const LISTING_KEYS = optionKeys<ServeListing>('serveSkills listing', {
  budget: true,
  paths: true,
  digests: true,
  relativeTo: true,
});

/** Serve skills over MCP (stdio, or HTTP on 127.0.0.1), live on edits, until the host goes or `signal` aborts. */
export async function serveSkills(options: ServeOptions): Promise<void> {
  checkOptionKeys(options, SERVE_KEYS);
  checkOptionKeys(options.listing, LISTING_KEYS);
  return (await loadServing()).serveSkills(options);
}
