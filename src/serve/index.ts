/**
 * Serving stage: the live catalog, the Skills extension's answers as plain
 * data, and `serveSkills`, which loads the MCP SDK only when it is called
 * (so importing the library never loads it).
 */
import { loadServing } from './load.js';
import type { ServeOptions } from './serving.js';

export { LiveCatalog } from './live.js';
export type { ChangeEvent, LiveOptions, ServedSkill } from './live.js';
export { getSkill, listResources as listSkillResources, listSkills, readDirectory, readResource } from './methods.js';
export { skillEntry } from './entries.js';
export type { SkillEntryJson, SkillResourceJson } from './entries.js';
export type { ServeOptions } from './serving.js';

/**
 * Serve skills over MCP (stdio, or Streamable HTTP on 127.0.0.1 with
 * `http`), live on edits, until the host goes or `signal` aborts.
 *
 * @example await serveSkills({ load: { roots }, http: 8765, log: (line) => console.error(line), signal });
 */
export async function serveSkills(options: ServeOptions): Promise<void> {
  return (await loadServing()).serveSkills(options);
}
