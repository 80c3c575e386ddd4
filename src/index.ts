// skillgraph's public entry, grouped by pipeline stage; everything here is semver. Building blocks
// below it are in `skillgraph/internals`, which makes no such promise. A unit test snapshots both.

// --- model: errors and diagnostics ---
export type {
  CapabilitySummary,
  Catalog,
  Compatibility,
  Composition,
  Conflict,
  Diagnostic,
  DiagnosticCode,
  EntryKind,
  ErrorCode,
  IncludeSpec,
  InlineTool,
  McpSource,
  ResolvedToolEntry,
  ResourceEntry,
  Scope,
  SkillDependencies,
  Severity,
  SkillDescriptor,
  SkillPackage,
  SkillSource,
  ToolOverride,
  ToolRef,
} from './model/index.js';
export { ERROR_CODES, SCOPE_PRECEDENCE, SkillgraphError, hasErrors, isSkillgraphError } from './model/index.js';

// --- model: protocol types ---
export type {
  ResourceAction,
  ResourceChange,
  SkillDefinitionInit,
  SkillDefinitionJson,
  SkillErrorInit,
  SkillErrorJson,
  SkillMetadataJson,
  SkillResultInit,
  SkillResultJson,
} from './model/protocol/index.js';
export {
  ActivationError,
  PermissionDeniedError,
  ResolutionError,
  SKILL_ERROR_TYPES,
  SkillDefinition,
  SkillError,
  SkillErrorType,
  SkillMetadata,
  SkillResult,
  isSkillError,
  toSkillError,
} from './model/protocol/index.js';

// --- parse ---
export {
  DEFAULT_PARSE_OPTIONS,
  PROFILES,
  PROFILE_NAMES,
  isProfileName,
  lintSkill,
  parseSkill,
  parseSkillOrThrow,
  splitFrontmatter,
} from './parse/index.js';
export type { LintOptions, ParseOptions, ParseResult, Profile, ProfileName, UnicodePolicy } from './parse/index.js';

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
} from './discover/index.js';
export { treeDigest, treeDigests } from './tasks/tree-digest.js';
export type {
  DiscoverOptions,
  DiscoverResult,
  Preset,
  RootReport,
  SkillCandidate,
  SkillRoot,
  SkillgraphConfig,
} from './discover/index.js';
export type { LimitHit, NotCatalogued, NotCataloguedReason } from './discover/account.js';

// --- catalog ---
export { buildCatalog, compareLock, createLock, packageDigest, parseLock } from './catalog/index.js';
export type { BuildCatalogOptions, LockDrift, LockEntry, Lockfile } from './catalog/index.js';

// --- resolve ---
export { GRAPH_FORMATS, includeGraph, renderIncludeGraph } from './resolve/index.js';
export { findCycles, resolveCatalog, resolveSkill, resolveSkillOrThrow } from './engine/resolve.js';
export type {
  CatalogResolution,
  CycleReport,
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

// --- hosts ---
export type { HostEvaluation, HostSkill, HostModel, HostId, Verdict } from './hosts/index.js';

// --- context ---
export {
  CONTEXT_FORMATS,
  DEFAULT_CONTEXT_OPTIONS,
  LOAD_SKILL_TOOL_NAME,
  LoadedSet,
  catalogLeftOut,
  contextEntries,
  findSkill,
  fitBudget,
  loadSkillTool,
  parseBudget,
  parseEventLog,
  parseLoadSkillArgs,
  renderAvailableSkills,
  renderContext,
  replayLoadedSet,
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
  LeftOut,
  LeftOutSkill,
  LoadSkillAnswer,
  LoadSkillArgs,
  LoadSkillTool,
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

// --- audit ---
export { auditSkill } from './audit/index.js';
export type {
  AuditFile,
  AuditInput,
  AuditRule,
  AuditVerdict,
  CapabilitySurface,
  CapabilityWidening,
  SecurityCode,
} from './audit/index.js';
// --- routing ---
export { findOverlaps } from './routing/index.js';
export type { EdgeKind, OverlapOptions, OverlapPair, OverlapResult, RoutingSkill, SkillEdge } from './routing/index.js';
// --- serve ---
export { serveSkills } from './serve/index.js';
export type { ServeOptions } from './serve/index.js';

// --- engine ---
export { loadCatalog } from './engine/catalog-pipeline.js';
export type {
  CatalogStats,
  FileAccounting,
  LoadCatalogOptions,
  LoadedCatalog,
  WalkReport,
} from './engine/catalog-pipeline.js';
export { DEFAULT_ENGINE_OPTIONS, createEngine, defaultCacheDir } from './engine/engine.js';
export type { Engine, EngineCatalog, EngineOptions, EngineProgress } from './engine/engine.js';
export type { CacheStats } from './engine/store/index.js';
export type { BackendChoice } from './model/index.js';

// --- report: findings as SARIF, JUnit, GitHub annotations or text; the JSON document text ---
export { jsonDocument, reportText, textReport } from './report/index.js';
export type {
  FailOn,
  GateResult,
  Report,
  ReportFinding,
  ReportFormat,
  ReportRule,
  ReportUnit,
} from './report/index.js';

// --- tasks: one function per verb, returning the document the CLI prints ---
export {
  auditTask,
  catalogTask,
  checkTask,
  contextTask,
  describeTask,
  graphTask,
  hostsTask,
  loadTask,
  lockTask,
  materializeTask,
  mergeTask,
  resolveTask,
  shardTask,
  validateTask,
} from './tasks/index.js';
export type {
  AuditMode,
  AuditRun,
  AuditTaskOptions,
  CatalogLoad,
  CatalogRequest,
  CatalogRun,
  CatalogTaskOptions,
  CheckRun,
  CheckTaskOptions,
  ContextRun,
  ContextTaskOptions,
  DescribeRun,
  DescribeTaskOptions,
  Description,
  FlaggedSkill,
  GraphRun,
  GraphTaskOptions,
  HostsDocument,
  HostsOptions,
  LoadRun,
  LoadTaskOptions,
  LockRun,
  LockState,
  LockTaskOptions,
  MaterializeRun,
  MaterializeTaskOptions,
  MergeRun,
  MergeTaskOptions,
  MergeVerb,
  ResolveRun,
  ResolveSelection,
  ResolveTaskOptions,
  RootSource,
  Screen,
  Shard,
  ShardFile,
  ShardRun,
  ShardTaskOptions,
  TaskStatus,
  ValidateRun,
  ValidateTaskOptions,
  ValidateView,
  WalkCompleteness,
} from './tasks/index.js';
export { auditPath } from './tasks/audit-path.js';
export type { AuditOptions, AuditReport, AuditSkillReport, AuditSummary } from './tasks/audit-path.js';
export { validatePath } from './tasks/validate-path.js';
export type {
  SkillReport,
  SkipReason,
  ValidateOptions,
  ValidateResult,
  ValidateSummary,
} from './tasks/validate-path.js';
