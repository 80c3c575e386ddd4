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
export {
  CLAUDE_CODE_KEYS,
  CODEX_KEYS,
  DEFAULT_PARSE_OPTIONS,
  DEFAULT_YAML_LIMITS,
  MESSAGES,
  PARSE_RULE_CODES,
  PROFILES,
  PROFILE_NAMES,
  SKILLGRAPH_KEYS,
  SPEC_KEYS,
  UNICODE_POLICIES,
  isProfileName,
  lintSkill,
  parseSkill,
  parseSkillOrThrow,
  readFrontmatterYaml,
  splitFrontmatter,
} from './parse/index.js';
export type { FrontmatterYaml, LintOptions, ParseOptions, ParseResult, ParseRuleCode, Profile, ProfileName, RuleLevel, UnicodePolicy, YamlLimits } from './parse/index.js';

// --- discover ---
export {
  DEFAULT_DISCOVER_OPTIONS,
  PRESETS,
  PRESET_NAMES,
  discover,
  findConfigFile,
  listResources,
  loadConfig,
  makeRoot,
  parseRootSpec,
  presetRoots,
  treeDigest,
  treeDigests,
} from './discover/index.js';
export type { DirListing, DiscoverOptions, DiscoverResult, ListingSource, Preset, RootReport, SkillCandidate, SkillRoot, SkillgraphConfig } from './discover/index.js';

// --- catalog ---
export { JS_HASHER, buildCatalog, compareLock, createLock, packageBytes, packageDigest, parseLock } from './catalog/index.js';
export type { BuildCatalogOptions, LockDrift, LockEntry, Lockfile } from './catalog/index.js';

// --- resolve ---
export {
  GRAPH_FORMATS,
  encodeCatalog,
  findCycles,
  includeGraph,
  renderIncludeGraph,
  resolveCatalog,
  resolveGraphJs,
  resolveSkill,
  resolveSkillOrThrow,
} from './resolve/index.js';
export type {
  CatalogResolution,
  CycleReport,
  EncodedCatalog,
  FailureType,
  GraphFormat,
  IncludeGraph,
  IncludeGraphEdge,
  IncludeGraphNode,
  ResolveFailure,
  ResolveOptions,
  ResolveStats,
  SkillResolution,
} from './resolve/index.js';
export type { Backend, BackendName, ResolveBackend, ResolveGraph, ResolveKernelResult } from './model/backend.js';

// --- context ---
export {
  CHARS_PER_TOKEN,
  CONTEXT_FORMATS,
  DEFAULT_CONTEXT_OPTIONS,
  LOAD_SKILL_TOOL_NAME,
  LoadedSet,
  budgetSummary,
  closestNames,
  contextDocument,
  contextEntries,
  escapeXml,
  findSkill,
  fitBudget,
  foldDescription,
  formatEvent,
  loadSkillTool,
  parseBudget,
  parseEventLog,
  parseLoadSkillArgs,
  renderAvailableSkills,
  renderContext,
  replayLoadedSet,
  resolveContextOptions,
  skillLoadedEvent,
} from './context/index.js';
export type {
  Budget,
  BudgetReport,
  ContextEntry,
  ContextFormat,
  ContextMode,
  ContextOptions,
  ContextSource,
  FindSkillOptions,
  LoadSkillArgs,
  LoadSkillTool,
  LocationFn,
  RenderedContext,
  SkillLoadedEvent,
} from './context/index.js';

// --- workspace ---
export {
  appendEvent,
  createLazyWorkspace,
  materialize,
  readForContext,
  readLoadedSet,
  validateRelativePath,
  validateUniquePaths,
  verifySealed,
  writeFileAtomic,
} from './workspace/index.js';
export type {
  ContextLoad,
  LazyWorkspace,
  MaterializeOptions,
  MaterializeResult,
  ReadOptions,
  SkillAlreadyLoaded,
  SkillLoaded,
  StagedSkill,
} from './workspace/index.js';

// --- engine ---
export { validatePath } from './engine/validate-path.js';
export type { SkillReport, ValidateOptions, ValidateResult, ValidateSummary } from './engine/validate-path.js';
export { assembleCatalog, loadCatalog, parseBatch, planCatalog } from './engine/catalog-pipeline.js';
export type { AssembleOptions, CatalogPlan, CatalogStats, LoadCatalogOptions, LoadedCatalog, ParseItem, ParseItemResult } from './engine/catalog-pipeline.js';
export { DEFAULT_ENGINE_OPTIONS, createEngine, defaultCacheDir, defaultInlineThreshold, resolveEngineOptions } from './engine/engine.js';
export type { Engine, EngineCatalog, EngineOptions, EngineProgress, PreparedRun } from './engine/engine.js';
export { CACHE_FILE_NAME, ParseCache } from './engine/cache.js';
export type { CacheStats } from './engine/cache.js';
export { BACKEND_ENV, JS_BACKEND, autoHasher, backendChoice, hashBackendFor, resolveBackendFor, wasmBackendOrNull } from './engine/backend.js';
export { WASM_ABI_VERSION, compileWasm, instantiateWasm, loadWasm, wasmPath } from './engine/wasm.js';
export type { WasmExports } from './engine/wasm.js';

// --- cli ---
export { CATALOG_FLAGS, catalogFromFlags } from './cli/catalog-flags.js';
export { main as runCli } from './cli/main.js';
export type { CliIo } from './cli/io.js';
