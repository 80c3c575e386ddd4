/**
 * The composition keys of profile `skillgraph`: `includes`, `tools`, `inline-tools`, `mcp`, `agent-skills`, read into
 * `SkillPackage.composition`. Each malformed entry is one finding located at
 * that entry (or at the field inside it); well-formed entries are kept.
 */
import type { Composition, IncludeSpec, InlineTool, McpSource, ToolOverride, ToolRef } from '../model/package.js';
import type { Report } from './fields.js';
import { kindOf } from './fields.js';
import type { ParseRuleCode } from './profiles.js';
import { escapeControls, hasControl, isWindowsDeviceName } from './name-safety.js';
import { check, fastIncludeObject, fastMcpObject, fastToolObject } from './schemas.js';
import type { YamlPath } from './yaml-types.js';

// `name` or `scope/name`; neither part may hold white space or a slash.
const INCLUDE_REF = /^(?:([^\s/]+)\/)?([^\s/]+)$/;
const TOOL_NAME = /^\S+$/;
// An inline tool's name becomes the last segment of its key `{skill}/{name}`.
const INLINE_NAME = /^[^\s/]+$/;

const NONE: readonly unknown[] = Object.freeze([]);

function list(fm: Record<string, unknown>, key: string, code: ParseRuleCode, report: Report): readonly unknown[] {
  if (!Object.hasOwn(fm, key) || fm[key] === null) return NONE;
  const v = fm[key];
  if (Array.isArray(v)) return v;
  report(code, [key], 'value', { detail: `'${key}' must be a list, found ${kindOf(v)}` });
  return NONE;
}

function parseIncludeRef(text: string): { skill: string; scope?: string } | undefined {
  if (hasControl(text)) return undefined;
  const m = INCLUDE_REF.exec(text.trim());
  if (!m) return undefined;
  return m[1] === undefined ? { skill: m[2]! } : { skill: m[2]!, scope: m[1] };
}

/** `{ skill, scope?, overrides }` in that key order. Perf: a literal, not a spread of `ref`. */
function withOverrides(ref: { skill: string; scope?: string }, overrides: Record<string, ToolOverride>): IncludeSpec {
  return ref.scope === undefined ? { skill: ref.skill, overrides } : { skill: ref.skill, scope: ref.scope, overrides };
}

/**
 * A tool reference in string or map form, the `i`-th of the list at `base`; undefined (after a
 * report) when malformed. Perf: the entry's path is made only for a report.
 */
function toolRef(entry: unknown, base: YamlPath, i: number, code: ParseRuleCode, report: Report): ToolRef | undefined {
  if (typeof entry === 'string') {
    if (hasControl(entry)) return controlFinding(code, [...base, i], entry, report);
    if (TOOL_NAME.test(entry)) return { name: entry, writes: false };
    report(code, [...base, i], 'value', { detail: `tool name '${entry}' must be non-empty without spaces` });
    return undefined;
  }
  if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) {
    const fast = fastToolObject(entry);
    const r = fast ? ({ ok: true, value: fast } as const) : check('ToolObjectSchema', entry);
    if (!r.ok) {
      report(code, [...base, i, ...r.path], 'value', { detail: r.detail });
      return undefined;
    }
    if (hasControl(r.value.name)) return controlFinding(code, [...base, i, 'name'], r.value.name, report);
    const writes = r.value.writes ?? false;
    return r.value.description === undefined
      ? { name: r.value.name, writes }
      : { name: r.value.name, writes, description: r.value.description };
  }
  report(code, [...base, i], 'value', { detail: `a tool is a name or {name, writes}, found ${kindOf(entry)}` });
  return undefined;
}

const TOOLS: YamlPath = Object.freeze(['tools']);

function includes(fm: Record<string, unknown>, report: Report): IncludeSpec[] {
  const out: IncludeSpec[] = [];
  const entries = list(fm, 'includes', 'includes.invalid', report);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (typeof entry === 'string') {
      const ref = parseIncludeRef(entry);
      if (ref) out.push(withOverrides(ref, {}));
      else
        report('includes.invalid', ['includes', i], 'value', {
          detail: `'${escapeControls(entry)}' is not a skill name or scope/name`,
        });
      continue;
    }
    if (entry !== null && typeof entry === 'object' && !Array.isArray(entry)) {
      const spec = includeObject(entry, i, report);
      if (spec) out.push(spec);
      continue;
    }
    report('includes.invalid', ['includes', i], 'value', {
      detail: `an include is a name or {skill, overrides}, found ${kindOf(entry)}`,
    });
  }
  return out;
}

/** The map form of the `i`-th include; undefined after a report when malformed. */
function includeObject(entry: object, i: number, report: Report): IncludeSpec | undefined {
  const fast = fastIncludeObject(entry);
  const r = fast ? ({ ok: true, value: fast } as const) : check('IncludeObjectSchema', entry);
  if (!r.ok) return void report('includes.invalid', ['includes', i, ...r.path], 'value', { detail: r.detail });
  const ref = parseIncludeRef(r.value.skill);
  if (!ref)
    return void report('includes.invalid', ['includes', i, 'skill'], 'value', {
      detail: `'${escapeControls(r.value.skill)}' is not a skill name or scope/name`,
    });
  const given: Record<string, { writes?: boolean | undefined; description?: string | undefined }> = Object.fromEntries(
    Object.entries(r.value.overrides ?? {}),
  );
  // zod's record neither checks nor keeps a `__proto__` key: checked here so a tool of that name is not dropped.
  const raw = (entry as { overrides?: unknown }).overrides;
  if (raw !== null && typeof raw === 'object' && Object.hasOwn(raw, '__proto__')) {
    const p = check('ToolOverrideSchema', (raw as Record<string, unknown>)['__proto__']);
    if (!p.ok)
      return void report('includes.invalid', ['includes', i, 'overrides', '__proto__', ...p.path], 'value', {
        detail: p.detail,
      });
    Object.defineProperty(given, '__proto__', { value: p.value, enumerable: true, writable: true, configurable: true });
  }
  const overrides: Record<string, ToolOverride> = {};
  for (const key of Object.keys(given).sort()) {
    const o = given[key]!;
    const value: ToolOverride = {
      ...(o.writes === undefined ? {} : { writes: o.writes }),
      ...(o.description === undefined ? {} : { description: o.description }),
    };
    // defineProperty: an override of a tool named `__proto__` must not be dropped as a prototype assignment.
    Object.defineProperty(overrides, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return withOverrides(ref, overrides);
}

function inlineTools(fm: Record<string, unknown>, report: Report): InlineTool[] {
  const out: InlineTool[] = [];
  list(fm, 'inline-tools', 'inline-tools.invalid', report).forEach((entry, i) => {
    const path: YamlPath = ['inline-tools', i];
    const r = check('InlineToolSchema', entry);
    if (!r.ok) return report('inline-tools.invalid', [...path, ...r.path], 'value', { detail: r.detail });
    const schema = r.value['input-schema'];
    if (schema !== undefined && !Object.hasOwn(schema, 'type')) {
      return report('inline-tools.invalid', [...path, 'input-schema'], 'value', {
        detail: "input-schema must have a 'type' key",
      });
    }
    const name = r.value.name;
    if (name !== undefined) {
      if (hasControl(name)) return controlFinding('inline-tools.invalid', [...path, 'name'], name, report);
      if (!INLINE_NAME.test(name))
        return report('inline-tools.invalid', [...path, 'name'], 'value', {
          detail: `inline tool name '${name}' must be non-empty without spaces or slashes`,
        });
      if (out.some((t) => t.name === name))
        return report('inline-tools.invalid', [...path, 'name'], 'value', {
          detail: `inline tool name '${name}' is used twice`,
        });
    }
    out.push({
      ...(name === undefined ? {} : { name }),
      description: r.value.description,
      writes: r.value.writes ?? false,
      ...(schema === undefined ? {} : { inputSchema: schema }),
    });
  });
  return out;
}

function mcp(fm: Record<string, unknown>, report: Report): McpSource[] {
  const out: McpSource[] = [];
  const entries = list(fm, 'mcp', 'mcp.invalid', report);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    const fast = fastMcpObject(entry);
    const r = fast ? ({ ok: true, value: fast } as const) : check('McpObjectSchema', entry);
    if (!r.ok) {
      report('mcp.invalid', ['mcp', i, ...r.path], 'value', { detail: r.detail });
      continue;
    }
    if (hasControl(r.value.server)) {
      controlFinding('mcp.invalid', ['mcp', i, 'server'], r.value.server, report);
      continue;
    }
    const tools: ToolRef[] = [];
    const base: YamlPath = ['mcp', i, 'tools'];
    for (let j = 0; j < r.value.tools.length; j++) {
      const ref = toolRef(r.value.tools[j], base, j, 'mcp.invalid', report);
      if (ref) tools.push(ref);
    }
    out.push({ server: r.value.server, tools });
  }
  return out;
}

/** The finding for an identifier or path holding a control character (NUL, ESC, DEL, C1, bidi). */
function controlFinding(code: ParseRuleCode, path: YamlPath, text: string, report: Report): undefined {
  report(code, path, 'value', { detail: `'${escapeControls(text)}' holds a control character` });
  return undefined;
}

/** A relative POSIX folder inside the skill: no absolute path, drive, backslash, `..`, control or device name. */
function agentSkills(fm: Record<string, unknown>, report: Report): string[] {
  const out: string[] = [];
  list(fm, 'agent-skills', 'agent-skills.invalid', report).forEach((entry, i) => {
    const path: YamlPath = ['agent-skills', i];
    if (typeof entry !== 'string' || entry.trim() === '') {
      return report('agent-skills.invalid', path, 'value', {
        detail: `expected a relative folder path, found ${kindOf(entry)}`,
      });
    }
    const p = entry.trim();
    if (hasControl(p)) return controlFinding('agent-skills.invalid', path, p, report);
    if (p.startsWith('/') || p.includes('\\') || /^[A-Za-z]:/.test(p)) {
      return report('agent-skills.invalid', path, 'value', { detail: `'${p}' is not a relative POSIX path` });
    }
    const parts = p.split('/').filter((s) => s !== '' && s !== '.');
    if (parts.includes('..'))
      return report('agent-skills.invalid', path, 'value', { detail: `'${p}' leaves the skill folder` });
    if (parts.length === 0)
      return report('agent-skills.invalid', path, 'value', { detail: `'${p}' names the skill itself` });
    const device = parts.find(isWindowsDeviceName);
    if (device !== undefined)
      return report('agent-skills.invalid', path, 'value', {
        detail: `'${p}' holds the Windows device name '${device}'`,
      });
    out.push(parts.join('/'));
  });
  return out;
}

/**
 * Read the composition keys of a frontmatter mapping.
 *
 * @example parseComposition({ tools: ['read_file'] }, () => {}).tools // [{ name: 'read_file', writes: false }]
 */
export function parseComposition(fm: Record<string, unknown>, report: Report): Composition {
  const tools: ToolRef[] = [];
  const entries = list(fm, 'tools', 'tools.invalid', report);
  for (let i = 0; i < entries.length; i++) {
    const ref = toolRef(entries[i], TOOLS, i, 'tools.invalid', report);
    if (ref) tools.push(ref);
  }
  return {
    includes: includes(fm, report),
    tools,
    inlineTools: inlineTools(fm, report),
    mcp: mcp(fm, report),
    agentSkills: agentSkills(fm, report),
  };
}
