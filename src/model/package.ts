// Plain, JSON-friendly data; packages inside a sealed catalog are deeply frozen.
import type { Diagnostic } from './diagnostics.js';

/** Well-known scopes and their default precedence. */
export const SCOPE_PRECEDENCE = Object.freeze({ global: 10, project: 20, local: 30 } as const);

/** A scope label. `global` / `project` / `local` are well known; custom roots may name their own. */
export type Scope = string;

export interface SkillSource {
  readonly scope: Scope;
  /** Higher wins. */
  readonly precedence: number;
  /** POSIX path of the root, absolute, as configured. */
  readonly root: string;
  /** Canonical (realpath) POSIX path of the SKILL.md. */
  readonly locator: string;
}

/** `compatibility` is free text (spec) or, in profile `skillgraph`, a structured map. */
export type Compatibility =
  | string
  | {
      readonly os?: readonly string[];
      readonly programs?: readonly string[];
      readonly env?: readonly string[];
    };

/** Tool and MCP server names a skill needs from its host, each sorted in UTF-8 byte order without repeats. */
export interface SkillDependencies {
  readonly tools: readonly string[];
  readonly mcp_servers: readonly string[];
}

/** What the model and the host know about a skill without reading its body. */
export interface SkillDescriptor {
  /** `${scope}/${name}`, unique within a catalog. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  /** `version`, else `metadata.version`, else `0.0.0`. */
  readonly version: string;
  readonly license?: string;
  readonly compatibility?: Compatibility;
  readonly metadata: Readonly<Record<string, string>>;
  readonly allowedTools: readonly string[];
  /** `disable-model-invocation: true` hides the skill from model-facing context. */
  readonly modelInvocable: boolean;
  readonly dependencies?: SkillDependencies;
  readonly source: SkillSource;
  /** `sha256:<hex>` over the canonical serialisation. */
  readonly digest: string;
}

export interface ToolRef {
  readonly name: string;
  readonly writes: boolean;
  readonly description?: string;
}

/** Metadata an includer may override on an included entry, by entry key. */
export interface ToolOverride {
  readonly writes?: boolean;
  readonly description?: string;
}

/** `includes:` entry: by name through precedence, or pinned to a scope. */
export interface IncludeSpec {
  readonly skill: string;
  readonly scope?: Scope;
  readonly overrides: Readonly<Record<string, ToolOverride>>;
}

/** `inline-tools:` entry, keyed `{skill}/{name}` on resolution, or `{skill}/_anon_{index}` without a name. */
export interface InlineTool {
  readonly name?: string;
  readonly description: string;
  readonly writes: boolean;
  readonly inputSchema?: Readonly<Record<string, unknown>>;
}

/** `mcp:` entry, each tool keyed `mcp:{server}/{tool}`. */
export interface McpSource {
  readonly server: string;
  readonly tools: readonly ToolRef[];
}

export interface Composition {
  readonly includes: readonly IncludeSpec[];
  readonly tools: readonly ToolRef[];
  readonly inlineTools: readonly InlineTool[];
  readonly mcp: readonly McpSource[];
  readonly agentSkills: readonly string[];
}

export const EMPTY_COMPOSITION: Composition = Object.freeze({
  includes: Object.freeze([]),
  tools: Object.freeze([]),
  inlineTools: Object.freeze([]),
  mcp: Object.freeze([]),
  agentSkills: Object.freeze([]),
});

/** A file under the skill folder (relative POSIX path, size in bytes). */
export interface ResourceEntry {
  readonly path: string;
  readonly size: number;
}

/** A parsed skill: descriptor, instructions, composition. */
export interface SkillPackage {
  readonly descriptor: SkillDescriptor;
  /** Markdown after the frontmatter (line endings as in the file, BOM removed). */
  readonly body: string;
  /** Line of the body's first line in SKILL.md (1-based). */
  readonly bodyLine: number;
  readonly composition: Composition;
  /** Every frontmatter key as parsed (plain JSON data), for profiles and hosts. */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** Non-error findings. */
  readonly diagnostics: readonly Diagnostic[];
}
