/**
 * skillgraph — the one public entry. Named re-exports grouped by pipeline
 * stage; `export type` for types; nothing from internals. A unit test
 * snapshots the exported names.
 */

// --- model ---
export type {
  BackendChoice,
  CapabilitySummary,
  Catalog,
  Compatibility,
  Composition,
  Conflict,
  Diagnostic,
  DiagnosticCode,
  EntryKind,
  ErrorCode,
  HashBackend,
  IncludeSpec,
  InlineTool,
  McpSource,
  ResolvedToolEntry,
  ResourceEntry,
  Scope,
  Severity,
  SkillDescriptor,
  SkillPackage,
  SkillSource,
  ToolOverride,
  ToolRef,
} from './model/index.js';
export {
  BACKEND_NAMES,
  EMPTY_COMPOSITION,
  ENTRY_KINDS,
  ERROR_CODES,
  SCOPE_PRECEDENCE,
  SEVERITIES,
  SkillgraphError,
  compareDiagnostics,
  hasErrors,
  isSkillgraphError,
} from './model/index.js';

// --- parse ---

// --- discover ---

// --- catalog ---

// --- resolve ---

// --- context ---

// --- workspace ---

// --- engine ---

// --- cli ---
export { main as runCli } from './cli/main.js';
export type { CliIo } from './cli/io.js';
