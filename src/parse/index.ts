/**
 * The parse stage: bytes of one SKILL.md → SkillPackage +
 * diagnostics, validation profiles as data, and the lint rules.
 * Pure: no file system, no process, no threads.
 */
export { parseSkill, parseSkillOrThrow, type ParseResult } from './parse-skill.js';
export { DEFAULT_PARSE_OPTIONS, resolveParseOptions, type ParseOptions, type ResolvedParseOptions } from './options.js';
export {
  PROFILES,
  PROFILE_NAMES,
  PARSE_RULE_CODES,
  UNICODE_POLICIES,
  SPEC_KEYS,
  SKILLGRAPH_KEYS,
  CLAUDE_CODE_KEYS,
  CODEX_KEYS,
  isProfileName,
  type Profile,
  type ProfileFeatures,
  type ProfileName,
  type ParseRuleCode,
  type RuleLevel,
  type UnicodePolicy,
} from './profiles.js';
export { MESSAGES, formatMessage } from './messages.js';
export { splitFrontmatter, type SplitResult } from './split.js';
export { readFrontmatterYaml } from './frontmatter.js';
export { DEFAULT_YAML_LIMITS, parseYamlFrontmatter } from './yaml-doc.js';
export { checkName, checkNameSafety, normalizeName } from './names.js';
export {
  escapeControls,
  hasControl,
  isWindowsDeviceName,
  mixedScripts,
  nameSkeleton,
  segmentProblem,
  type SegmentProblem,
} from './name-safety.js';
export type { FrontmatterYaml, YamlIssue, YamlLimits, YamlLoc, YamlPath, FrontmatterYamlParser } from './yaml-types.js';
export {
  lintSkill,
  LINK_FINDINGS_MAX,
  BODY_MAX_LINES,
  BODY_MAX_TOKENS,
  SKILL_MAX_BYTES,
  RESERVED_NAME_WORDS,
  type LintOptions,
} from './lint.js';
