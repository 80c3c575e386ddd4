/**
 * `dependencies: {tools: [...], mcp_servers: [...]}` — what a skill declares
 * it needs from its host, the catalog runtime's frontmatter field. Read in
 * every profile that knows the key; each list is kept sorted (UTF-8 byte
 * order) without repeats, so two spellings of one requirement share a
 * digest. Malformed parts are findings (`dependencies.invalid`, a warning
 * unless the profile says otherwise) and are left out; the rest is kept.
 */
import type { SkillDependencies } from '../model/package.js';
import { byteOrder } from '../model/order.js';
import type { Report } from './fields.js';
import { kindOf } from './fields.js';
import { escapeControls, hasControl } from './name-safety.js';

/** The two lists of the field. */
export const DEPENDENCY_KEYS = ['tools', 'mcp_servers'] as const;

// A tool or server name: non-empty, no white space.
const IDENTIFIER = /^\S+$/;

/** The declared dependencies of a frontmatter mapping, or undefined when it has none (absent or null). */
export function parseDependencies(fm: Record<string, unknown>, report: Report): SkillDependencies | undefined {
  if (!Object.hasOwn(fm, 'dependencies') || fm.dependencies === null) return undefined;
  const value = fm.dependencies;
  if (typeof value !== 'object' || Array.isArray(value)) {
    report('dependencies.invalid', ['dependencies'], 'value', {
      detail: `'dependencies' must be a map of tools and mcp_servers lists, found ${kindOf(value)}`,
    });
    return undefined;
  }
  const map = value as Record<string, unknown>;
  for (const key of Object.keys(map)) {
    if (!(DEPENDENCY_KEYS as readonly string[]).includes(key)) {
      report('dependencies.invalid', ['dependencies', key], 'key', {
        detail: `unknown key '${escapeControls(key)}' (known: tools, mcp_servers)`,
      });
    }
  }
  const lists = DEPENDENCY_KEYS.map((key) => names(map, key, report));
  return Object.freeze({ tools: lists[0]!, mcp_servers: lists[1]! });
}

/** One list: sorted, unique, each bad entry reported at its place and dropped. */
function names(map: Record<string, unknown>, key: (typeof DEPENDENCY_KEYS)[number], report: Report): readonly string[] {
  if (!Object.hasOwn(map, key) || map[key] === null) return Object.freeze([]);
  const list = map[key];
  if (!Array.isArray(list)) {
    report('dependencies.invalid', ['dependencies', key], 'value', {
      detail: `'dependencies.${key}' must be a list of names, found ${kindOf(list)}`,
    });
    return Object.freeze([]);
  }
  const kept = new Set<string>();
  list.forEach((entry, i) => {
    const ok = typeof entry === 'string' && IDENTIFIER.test(entry) && !hasControl(entry);
    if (ok) kept.add(entry);
    else {
      const shown = typeof entry === 'string' ? `'${escapeControls(entry)}'` : kindOf(entry);
      report('dependencies.invalid', ['dependencies', key, i], 'value', {
        detail: `${shown} is not a name (non-empty, no spaces or control characters)`,
      });
    }
  });
  return Object.freeze([...kept].sort(byteOrder));
}
