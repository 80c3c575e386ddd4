export type { Diagnostic, DiagnosticCode, Severity } from './diagnostics.js';
export { SEVERITIES, compareDiagnostics, compareUtf8, cmp, hasErrors } from './diagnostics.js';
export type {
  Compatibility,
  Composition,
  IncludeSpec,
  InlineTool,
  McpSource,
  ResourceEntry,
  Scope,
  SkillDependencies,
  SkillDescriptor,
  SkillPackage,
  SkillSource,
  ToolOverride,
  ToolRef,
} from './package.js';
export { EMPTY_COMPOSITION, SCOPE_PRECEDENCE } from './package.js';
export type { CapabilitySummary, EntryKind, ResolvedToolEntry } from './resolve.js';
export { ENTRY_KINDS } from './resolve.js';
export type { Catalog, Conflict } from './catalog.js';
export type { ErrorCode } from './errors.js';
export { ERROR_CODES, SkillgraphError, isSkillgraphError } from './errors.js';
export type { BackendChoice, HashBackend } from './backend.js';
export { BACKEND_NAMES } from './backend.js';
