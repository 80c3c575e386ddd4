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
// protocol (DESIGN T1–T3)
export type {
  DefinitionSchemas,
  FromSkillOptions,
  HostErrorOptions,
  JsonValue,
  MappingRule,
  ProtocolIssue,
  ResourceAction,
  ResourceChange,
  SkillDefinitionInit,
  SkillDefinitionJson,
  SkillErrorContext,
  SkillErrorInit,
  SkillErrorJson,
  SkillMetadataJson,
  SkillResultInit,
  SkillResultJson,
  Validated,
} from './model/protocol/index.js';
export {
  ActivationError,
  CODES_MAPPED_BY_CAUSE,
  CODE_TO_TYPE,
  DEFAULT_SKILL_VERSION,
  JSON_SCHEMA_TYPES,
  PermissionDeniedError,
  RESOURCE_ACTIONS,
  ResolutionError,
  SKILL_ERROR_TYPES,
  SkillDefinition,
  SkillError,
  SkillErrorType,
  SkillMetadata,
  SkillResult,
  isSkillError,
  isSkillErrorType,
  summarizeEntries,
  toSkillError,
} from './model/protocol/index.js';

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
