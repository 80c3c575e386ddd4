/**
 * Snapshot of the two entries: adding or removing an export is a deliberate
 * change to these lists, reviewed with the change that makes it. The public
 * entry stays small (every name in it is semver); building blocks go to
 * `skillgraph/internals`.
 */
import { describe, expect, it } from 'vitest';
import * as api from '../../../src/index.js';
import * as internals from '../../../src/internals.js';

const PUBLIC = [
  'ActivationError', 'CONTEXT_FORMATS', 'DEFAULT_CONTEXT_OPTIONS', 'DEFAULT_DISCOVER_OPTIONS',
  'DEFAULT_ENGINE_OPTIONS', 'DEFAULT_PARSE_OPTIONS', 'ERROR_CODES', 'GRAPH_FORMATS', 'LOAD_SKILL_TOOL_NAME',
  'LoadedSet', 'PRESETS', 'PRESET_NAMES', 'PROFILES', 'PROFILE_NAMES', 'PermissionDeniedError', 'ResolutionError',
  'SCOPE_PRECEDENCE', 'SKILL_ERROR_TYPES', 'SkillDefinition', 'SkillError', 'SkillErrorType', 'SkillMetadata',
  'SkillResult', 'SkillgraphError', 'appendEvent', 'auditPath', 'auditSkill', 'auditTask', 'buildCatalog',
  'catalogLeftOut', 'catalogTask', 'checkTask', 'compareLock', 'contextEntries', 'contextTask', 'createEngine',
  'createLazyWorkspace', 'createLock', 'defaultCacheDir', 'describeTask', 'discover', 'findConfigFile', 'findCycles',
  'findOverlaps', 'findSkill', 'fitBudget', 'graphTask', 'hasErrors', 'hostsTask', 'includeGraph', 'isProfileName',
  'isSkillError', 'isSkillgraphError', 'jsonDocument', 'lintSkill', 'listResources', 'loadCatalog', 'loadConfig',
  'loadSkillTool', 'loadTask', 'lockTask', 'makeRoot', 'materialize', 'materializeTask', 'mergeTask',
  'packageDigest', 'parseBudget', 'parseEventLog', 'parseLoadSkillArgs', 'parseLock', 'parseRootSpec', 'parseSkill',
  'parseSkillOrThrow', 'presetRoots', 'readForContext', 'readLoadedSet', 'renderAvailableSkills', 'renderContext',
  'renderIncludeGraph', 'replayLoadedSet', 'reportText', 'resolveCatalog', 'resolveSkill', 'resolveSkillOrThrow',
  'resolveTask', 'serveSkills', 'shardTask', 'skillLoadedEvent', 'splitFrontmatter', 'textReport', 'toSkillError',
  'treeDigest', 'treeDigests', 'validatePath', 'validateRelativePath', 'validateTask', 'validateUniquePaths',
  'verifySealed',
];

const INTERNALS = [
  'AUDIT_RULES', 'AUDIT_VERDICTS', 'BACKEND_ENV', 'BACKEND_NAMES', 'CACHE_FILE_NAME', 'CATALOG_FLAGS',
  'CHARS_PER_TOKEN', 'CLAUDE_CODE_KEYS', 'CODES_MAPPED_BY_CAUSE', 'CODEX_KEYS', 'CODE_TO_TYPE',
  'DEFAULT_AUDIT_LIMITS', 'DEFAULT_SKILL_VERSION', 'DEFAULT_YAML_LIMITS', 'EMPTY_COMPOSITION', 'ENTRY_KINDS',
  'HOSTS', 'HOST_IDS', 'JSON_SCHEMA_TYPES', 'JS_BACKEND', 'JS_HASHER', 'LiveCatalog', 'MESSAGES', 'PARSE_RULE_CODES',
  'ParseCache', 'RESOURCE_ACTIONS', 'RULE_DESCRIPTIONS', 'RoutingIndex', 'SEVERITIES', 'SKILLGRAPH_KEYS',
  'SPEC_KEYS', 'UNICODE_POLICIES', 'WASM_ABI_VERSION', 'assembleCatalog', 'auditVerdict', 'autoHasher',
  'backendChoice', 'budgetSummary', 'buildReport', 'capabilitySurface', 'catalogFromFlags', 'catalogJsonTask',
  'catalogRouting', 'closestNames', 'compareDiagnostics', 'compileWasm', 'contextDocument', 'countTokens',
  'defaultInlineThreshold', 'encodeCatalog', 'escapeXml', 'evaluateHost', 'findReferences', 'foldDescription',
  'folderProbe', 'formatEvent', 'gate', 'getSkill', 'hashBackendFor', 'hostRoots', 'hostsJson', 'implicitEdges',
  'instantiateWasm', 'isSkillErrorType', 'listItems', 'listSkillResources', 'listSkills', 'loadRequest', 'loadWasm',
  'packageBytes', 'parseBatch', 'planCatalog', 'readDirectory', 'readFrontmatterYaml', 'readResource', 'readShards',
  'readSkillFiles', 'readWithDialect', 'resolveBackendFor', 'resolveContextOptions', 'resolveEngineOptions',
  'resolveGraphJs', 'routingSkill', 'routingText', 'ruleFor', 'runCli', 'skillEntry', 'splitToolList',
  'summarizeEntries', 'wasmBackendOrNull', 'widening', 'wideningText', 'writeFileAtomic', 'writeResolveJson',
];

describe('src/index.ts', () => {
  it('exports exactly the reviewed names, at most 100', () => {
    expect(Object.keys(api).sort()).toEqual(PUBLIC);
    expect(PUBLIC.length).toBeLessThanOrEqual(100);
  });

  it('exports no undefined value (a re-export of a missing name)', () => {
    for (const entry of [api, internals]) {
      const missing = Object.entries(entry).filter(([, value]) => value === undefined).map(([name]) => name);
      expect(missing).toEqual([]);
    }
  });
});

describe('src/internals.ts', () => {
  it('exports exactly the reviewed names, none of them public', () => {
    expect(Object.keys(internals).sort()).toEqual(INTERNALS);
    expect(INTERNALS.filter((n) => (PUBLIC as string[]).includes(n))).toEqual([]);
  });
});
