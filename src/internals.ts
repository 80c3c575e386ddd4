// `skillgraph/internals`: building blocks below the public surface, for tools built on skillgraph's
// own machinery. These names may change in any release; public names are not repeated here.

// --- model ---
export type {
  Backend,
  BackendName,
  HashBackend,
  ResolveBackend,
  ResolveGraph,
  ResolveKernelResult,
} from './model/backend.js';
export { BACKEND_NAMES, EMPTY_COMPOSITION, ENTRY_KINDS, SEVERITIES, compareDiagnostics } from './model/index.js';
export { formatEvent } from './context/index.js';
export type {
  DefinitionSchemas,
  FromSkillOptions,
  HostErrorOptions,
  JsonValue,
  MappingRule,
  ProtocolIssue,
  SkillErrorContext,
  Validated,
} from './model/protocol/index.js';
export {
  CODES_MAPPED_BY_CAUSE,
  CODE_TO_TYPE,
  DEFAULT_SKILL_VERSION,
  JSON_SCHEMA_TYPES,
  RESOURCE_ACTIONS,
  isSkillErrorType,
  summarizeEntries,
} from './model/protocol/index.js';

// --- parse ---
export {
  CLAUDE_CODE_KEYS,
  CODEX_KEYS,
  DEFAULT_YAML_LIMITS,
  MESSAGES,
  PARSE_RULE_CODES,
  SKILLGRAPH_KEYS,
  SPEC_KEYS,
  UNICODE_POLICIES,
  readFrontmatterYaml,
} from './parse/index.js';
export type { FrontmatterYaml, ParseRuleCode, RuleLevel, YamlLimits } from './parse/index.js';

// --- discover ---
export type { DirListing, ListingSource } from './discover/index.js';

// --- catalog ---
export { JS_HASHER, packageBytes } from './catalog/index.js';

// --- resolve ---
export { encodeCatalog, resolveGraphJs } from './resolve/index.js';
export type { EncodedCatalog } from './resolve/index.js';

// --- context ---
export {
  CHARS_PER_TOKEN,
  budgetSummary,
  closestNames,
  contextDocument,
  escapeXml,
  foldDescription,
  resolveContextOptions,
} from './context/index.js';
export type { LocationFn } from './context/index.js';

// --- routing ---
export { RoutingIndex, findReferences, implicitEdges, routingSkill, routingText } from './routing/index.js';
export type {
  EdgeFile,
  EdgeOptions,
  EdgeResult,
  EdgeSource,
  EdgeTarget,
  FolderProbe,
  IndexHit,
  MissingLink,
  Reference,
  RoutingText,
} from './routing/index.js';
export { catalogRouting, folderProbe } from './tasks/routing-io.js';
// --- hosts ---
export { HOSTS, HOST_IDS, evaluateHost, hostRoots, listItems, readWithDialect } from './hosts/index.js';
export { hostsJson } from './tasks/index.js';

// --- tasks: the streamed documents and the catalog a request loads ---
export { catalogJsonTask, loadRequest, readShards, writeResolveJson } from './tasks/index.js';
export { countTokens } from './model/tokens.js';

// --- workspace ---
export { writeFileAtomic } from './workspace/index.js';

// --- engine ---
export { assembleCatalog, parseBatch, planCatalog } from './engine/catalog-pipeline.js';
export type { AssembleOptions, CatalogPlan, ParseItem, ParseItemResult } from './engine/catalog-pipeline.js';
export { defaultInlineThreshold, resolveEngineOptions } from './engine/engine.js';
export type { MemoizedOutput, RunMemo } from './engine/engine.js';
export { CACHE_FILE_NAME, ParseCache } from './engine/store/index.js';
export {
  BACKEND_ENV,
  JS_BACKEND,
  autoHasher,
  backendChoice,
  hashBackendFor,
  resolveBackendFor,
  wasmBackendOrNull,
} from './engine/backend.js';
export { WASM_ABI_VERSION, compileWasm, instantiateWasm, loadWasm } from './engine/wasm.js';
export type { WasmExports } from './engine/wasm.js';

// --- audit ---
export {
  AUDIT_RULES,
  AUDIT_VERDICTS,
  auditVerdict,
  capabilitySurface,
  splitToolList,
  widening,
  wideningText,
} from './audit/index.js';
export { DEFAULT_AUDIT_LIMITS, readSkillFiles } from './tasks/audit-path.js';

// --- cli ---
export { CATALOG_FLAGS, catalogFromFlags } from './cli/catalog-flags.js';
export { main as runCli } from './cli/main.js';
export type { CliIo } from './cli/io.js';

// --- serve: the live catalog and the Skills extension's answers as data ---
export {
  LiveCatalog,
  getSkill,
  listSkillResources,
  listSkills,
  readDirectory,
  readResource,
  skillEntry,
} from './serve/index.js';
export type { ChangeEvent, LiveOptions, ServedSkill, SkillEntryJson, SkillResourceJson } from './serve/index.js';

// --- report: building a report and its gate (the writers are public) ---
export { RULE_DESCRIPTIONS, buildReport, gate, ruleFor } from './report/index.js';
