/**
 * Snapshot of the public entry (STYLE 2): adding or removing an export is a
 * deliberate change to this list, reviewed with the change that makes it.
 */
import { describe, expect, it } from 'vitest';
import * as api from '../../../src/index.js';

const EXPORTED = [
  'ActivationError', 'BACKEND_ENV', 'BACKEND_NAMES', 'CACHE_FILE_NAME', 'CATALOG_FLAGS',
  'CHARS_PER_TOKEN', 'CLAUDE_CODE_KEYS', 'CODES_MAPPED_BY_CAUSE', 'CODEX_KEYS', 'CODE_TO_TYPE',
  'CONTEXT_FORMATS', 'DEFAULT_CONTEXT_OPTIONS', 'DEFAULT_DISCOVER_OPTIONS',
  'DEFAULT_ENGINE_OPTIONS', 'DEFAULT_PARSE_OPTIONS', 'DEFAULT_SKILL_VERSION',
  'DEFAULT_YAML_LIMITS', 'EMPTY_COMPOSITION', 'ENTRY_KINDS', 'ERROR_CODES', 'GRAPH_FORMATS',
  'JSON_SCHEMA_TYPES', 'JS_BACKEND', 'JS_HASHER', 'LOAD_SKILL_TOOL_NAME', 'LoadedSet', 'MESSAGES',
  'PARSE_RULE_CODES', 'PRESETS', 'PRESET_NAMES', 'PROFILES', 'PROFILE_NAMES', 'ParseCache',
  'PermissionDeniedError', 'RESOURCE_ACTIONS', 'ResolutionError', 'SCOPE_PRECEDENCE', 'SEVERITIES',
  'SKILLGRAPH_KEYS', 'SKILL_ERROR_TYPES', 'SPEC_KEYS', 'SkillDefinition', 'SkillError',
  'SkillErrorType', 'SkillMetadata', 'SkillResult', 'SkillgraphError', 'UNICODE_POLICIES',
  'WASM_ABI_VERSION', 'appendEvent', 'assembleCatalog', 'autoHasher', 'backendChoice',
  'budgetSummary', 'buildCatalog', 'catalogFromFlags', 'closestNames', 'compareDiagnostics',
  'compareLock', 'compileWasm', 'contextDocument', 'contextEntries', 'createEngine',
  'createLazyWorkspace', 'createLock', 'defaultCacheDir', 'defaultInlineThreshold', 'discover', 'encodeCatalog', 'escapeXml',
  'findConfigFile', 'findCycles', 'findSkill', 'fitBudget', 'foldDescription', 'formatEvent',
  'hasErrors', 'hashBackendFor', 'includeGraph', 'instantiateWasm', 'isProfileName',
  'isSkillError', 'isSkillErrorType', 'isSkillgraphError', 'lintSkill', 'listResources',
  'loadCatalog', 'loadConfig', 'loadSkillTool', 'loadWasm', 'makeRoot', 'materialize',
  'packageBytes', 'packageDigest', 'parseBatch', 'parseBudget', 'parseEventLog', 'parseLoadSkillArgs', 'parseLock',
  'parseRootSpec', 'parseSkill', 'parseSkillOrThrow', 'planCatalog', 'presetRoots',
  'readForContext', 'readFrontmatterYaml', 'readLoadedSet', 'renderAvailableSkills',
  'renderContext', 'renderIncludeGraph', 'replayLoadedSet', 'resolveBackendFor', 'resolveCatalog',
  'resolveContextOptions', 'resolveEngineOptions', 'resolveGraphJs', 'resolveSkill',
  'resolveSkillOrThrow', 'runCli', 'skillLoadedEvent', 'splitFrontmatter', 'summarizeEntries',
  'toSkillError', 'treeDigest', 'treeDigests', 'validatePath', 'validateRelativePath',
  'validateUniquePaths', 'verifySealed', 'wasmBackendOrNull', 'wasmPath', 'writeFileAtomic',
];

describe('src/index.ts', () => {
  it('exports exactly the reviewed names', () => {
    expect(Object.keys(api).sort()).toEqual(EXPORTED);
  });

  it('exports no undefined value (a re-export of a missing name)', () => {
    const missing = Object.entries(api).filter(([, value]) => value === undefined).map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
