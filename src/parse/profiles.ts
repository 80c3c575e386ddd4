/** Validation profiles as data: the keys each knows and the severity of every rule; code never branches on a name. */
import type { DiagnosticCode, Severity } from '../model/diagnostics.js';

export const PROFILE_NAMES = [
  'spec',
  'skillgraph',
  'claude-code',
  'codex',
  'lenient',
  'strict-compat',
  'security',
  'mcp',
  'openai-agents',
] as const;
export type ProfileName = (typeof PROFILE_NAMES)[number];

export const UNICODE_POLICIES = ['nfkc', 'ascii'] as const;
/** Name policy: `nfkc` = Unicode lowercase letters/digits after NFKC (the reference); `ascii` = `[a-z0-9-]`. */
export type UnicodePolicy = (typeof UNICODE_POLICIES)[number];

export type RuleLevel = Severity | 'off';

/** Behaviour switches a profile turns on — data, read by the parser. */
export interface ProfileFeatures {
  /** Read the composition keys (includes, tools, inline-tools, mcp, agent-skills) into `composition`. */
  readonly composition: boolean;
  /** Accept `compatibility` as a `{os, programs, env}` map. */
  readonly structuredCompatibility: boolean;
  /** Re-read unquoted `key: a: b` values as strings (with `yaml.recovered`). */
  readonly recoverCompactValues: boolean;
  /** Without a usable `name`, use the folder's name (Claude Code does). */
  readonly nameFromDirectory: boolean;
  /** Also run the `security.*` audit rules over the skill's files. */
  readonly audit: boolean;
  /** Read the frontmatter as `key: value` lines, as the OpenAI Agents SDK does: no YAML error refuses a skill. */
  readonly lineReader?: boolean;
  /** A file without frontmatter is read as one with an empty one (the whole file is the body). */
  readonly frontmatterOptional?: boolean;
  /** The description given to a skill that has none. */
  readonly descriptionFallback?: string;
}

export interface Profile {
  readonly name: ProfileName;
  readonly summary: string;
  readonly unicode: UnicodePolicy;
  /** Top-level frontmatter keys the profile knows; others get `field.unknown`. */
  readonly knownKeys: ReadonlySet<string>;
  readonly features: ProfileFeatures;
  /** Severity of every rule code the parser and linter emit. */
  readonly rules: Readonly<Record<ParseRuleCode, RuleLevel>>;
}

/** The six keys of the Agent Skills specification. */
export const SPEC_KEYS = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'] as const;

/** skillgraph's extension keys, plus the invocation flag it reads. */
export const SKILLGRAPH_KEYS = [
  'version',
  'includes',
  'tools',
  'inline-tools',
  'mcp',
  'agent-skills',
  'dependencies',
  'disable-model-invocation',
] as const;

/** Extra keys Claude Code reads from SKILL.md (its skills documentation). */
export const CLAUDE_CODE_KEYS = [
  'when_to_use',
  'argument-hint',
  'arguments',
  'disable-model-invocation',
  'user-invocable',
  'model',
  'effort',
  'context',
  'agent',
  'hooks',
  'paths',
  'shell',
] as const;

/** Codex reads the specification keys; its own settings live in `agents/openai.yaml`. */
export const CODEX_KEYS = [] as const;

/** Every code the parse stage and the linter emit. */
export const PARSE_RULE_CODES = [
  'frontmatter.missing',
  'frontmatter.unterminated',
  'frontmatter.not-mapping',
  'yaml.invalid',
  'yaml.limit',
  'yaml.recovered',
  'field.unknown',
  'name.missing',
  'name.type',
  'name.length',
  'name.charset',
  'name.hyphen',
  'name.directory-mismatch',
  'name.path-segment',
  'name.windows-device',
  'name.mixed-script',
  'description.missing',
  'description.type',
  'description.length',
  'compatibility.type',
  'compatibility.length',
  'compatibility.free-text',
  'metadata.type',
  'metadata.value-type',
  'allowed-tools.type',
  'license.type',
  'file.name-case',
  'file.too-large',
  'encoding.bom',
  'encoding.crlf',
  'encoding.utf8',
  'skill.skipped',
  'version.type',
  'includes.invalid',
  'tools.invalid',
  'inline-tools.invalid',
  'mcp.invalid',
  'agent-skills.invalid',
  'dependencies.invalid',
  'body.too-long',
  'description.no-trigger',
  'link.broken',
  'link.too-deep',
  'name.reserved',
  'description.xml-tag',
  'skill.too-large',
  'mcp.too-many-files',
  'mcp.too-large',
] as const satisfies readonly DiagnosticCode[];
export type ParseRuleCode = (typeof PARSE_RULE_CODES)[number];

const LINT: readonly ParseRuleCode[] = [
  'body.too-long',
  'description.no-trigger',
  'link.broken',
  'link.too-deep',
  'name.reserved',
  'description.xml-tag',
  'skill.too-large',
];
const WARN: readonly ParseRuleCode[] = [
  'name.windows-device',
  'name.mixed-script',
  'encoding.bom',
  'encoding.crlf',
  'yaml.recovered',
  'field.unknown',
  'metadata.value-type',
  'version.type',
  'dependencies.invalid',
  'file.name-case',
  ...LINT,
];

/** Rules only some profiles turn on: lenient's skip notice, strict's free-text check, the Skills extension's limits. */
const OFF_BY_DEFAULT: readonly ParseRuleCode[] = [
  'skill.skipped',
  'compatibility.free-text',
  'mcp.too-many-files',
  'mcp.too-large',
];

/** The baseline: every rule an error except the warnings above; lenient-only and strict-only rules off. */
const BASE: Readonly<Record<ParseRuleCode, RuleLevel>> = Object.freeze(
  Object.fromEntries(
    PARSE_RULE_CODES.map((code) => [
      code,
      WARN.includes(code) ? 'warning' : OFF_BY_DEFAULT.includes(code) ? 'off' : 'error',
    ]),
  ) as Record<ParseRuleCode, RuleLevel>,
);

const off = (codes: readonly ParseRuleCode[]): Partial<Record<ParseRuleCode, RuleLevel>> =>
  Object.fromEntries(codes.map((c) => [c, 'off' as const]));

/** In `lenient`, only what leaves no readable description stays an error; everything else warns. */
const LENIENT_KEEP_ERRORS: readonly ParseRuleCode[] = [
  'frontmatter.missing',
  'frontmatter.unterminated',
  'frontmatter.not-mapping',
  'yaml.invalid',
  'yaml.limit',
  'description.missing',
  'description.type',
  'encoding.utf8',
  'file.too-large',
  // A name that is not one path segment would be a folder outside the skill, or none, when materialised.
  'name.path-segment',
];
const downgrade = (keep: readonly ParseRuleCode[]): Partial<Record<ParseRuleCode, RuleLevel>> =>
  Object.fromEntries(
    PARSE_RULE_CODES.filter((c) => BASE[c] === 'error' && !keep.includes(c)).map((c) => [c, 'warning' as const]),
  );

const FEATURES_SPEC: ProfileFeatures = {
  composition: false,
  structuredCompatibility: false,
  recoverCompactValues: false,
  nameFromDirectory: false,
  audit: false,
};
const FEATURES_SKILLGRAPH: ProfileFeatures = {
  composition: true,
  structuredCompatibility: true,
  recoverCompactValues: false,
  nameFromDirectory: false,
  audit: false,
};

interface ProfileRow {
  readonly summary: string;
  readonly unicode: UnicodePolicy;
  readonly keys: readonly string[];
  readonly features: ProfileFeatures;
  readonly rules: Partial<Record<ParseRuleCode, RuleLevel>>;
}

/** One row per profile, overrides over BASE. */
const ROWS: Readonly<Record<ProfileName, ProfileRow>> = {
  spec: {
    summary: 'the Agent Skills specification only; verdicts agree with the reference validator skills-ref',
    unicode: 'nfkc',
    keys: SPEC_KEYS,
    features: FEATURES_SPEC,
    rules: { 'field.unknown': 'error', ...off(LINT) },
  },
  skillgraph: {
    summary:
      'specification + skillgraph extension keys (version, includes, tools, inline-tools, mcp, agent-skills, ' +
      'dependencies); unknown keys warn',
    unicode: 'nfkc',
    keys: [...SPEC_KEYS, ...SKILLGRAPH_KEYS],
    features: FEATURES_SKILLGRAPH,
    rules: {},
  },
  'claude-code': {
    summary: 'what Claude Code accepts: its extra keys are known, a missing name falls back to the folder name',
    unicode: 'nfkc',
    keys: [...SPEC_KEYS, ...CLAUDE_CODE_KEYS],
    features: { ...FEATURES_SPEC, nameFromDirectory: true },
    rules: { 'name.missing': 'warning' },
  },
  codex: {
    summary: 'what Codex accepts: the specification keys; others are ignored by Codex and warn here',
    unicode: 'nfkc',
    keys: [...SPEC_KEYS, ...CODEX_KEYS],
    features: FEATURES_SPEC,
    rules: {},
  },
  lenient: {
    summary:
      "a client's leniency: name/folder mismatch and long names warn, `key: a: b` is recovered, " +
      'only a skill without a readable description is skipped',
    unicode: 'nfkc',
    keys: [...SPEC_KEYS, ...SKILLGRAPH_KEYS, ...CLAUDE_CODE_KEYS],
    features: { ...FEATURES_SKILLGRAPH, recoverCompactValues: true, nameFromDirectory: true },
    rules: { ...downgrade(LENIENT_KEEP_ERRORS), 'field.unknown': 'info', 'skill.skipped': 'error' },
  },
  'strict-compat': {
    summary: 'skillgraph + strict portability: ASCII names, structured compatibility only, string-only metadata',
    unicode: 'ascii',
    keys: [...SPEC_KEYS, ...SKILLGRAPH_KEYS],
    features: FEATURES_SKILLGRAPH,
    rules: {
      'compatibility.free-text': 'error',
      'metadata.value-type': 'error',
      'field.unknown': 'error',
      'version.type': 'error',
      'dependencies.invalid': 'error',
      'name.windows-device': 'error',
    },
  },
  security: {
    summary:
      "skillgraph + the security audit: every security.* rule over the skill's files, as the audit verb runs them",
    unicode: 'nfkc',
    keys: [...SPEC_KEYS, ...SKILLGRAPH_KEYS, ...CLAUDE_CODE_KEYS],
    features: { ...FEATURES_SKILLGRAPH, audit: true },
    rules: {},
  },
  'openai-agents': {
    summary:
      'what the OpenAI Agents SDK lists: frontmatter read as lines (`description: Use when: x` as written), ' +
      'a missing name is the folder\'s, a missing description or frontmatter becomes "No description provided.", ' +
      'a name that differs from its folder is fine',
    unicode: 'nfkc',
    keys: [...SPEC_KEYS, ...SKILLGRAPH_KEYS, ...CLAUDE_CODE_KEYS],
    features: {
      ...FEATURES_SKILLGRAPH,
      nameFromDirectory: true,
      lineReader: true,
      frontmatterOptional: true,
      descriptionFallback: 'No description provided.',
    },
    rules: {
      ...downgrade(
        LENIENT_KEEP_ERRORS.filter((c) => c === 'name.path-segment' || c === 'encoding.utf8' || c === 'file.too-large'),
      ),
      'field.unknown': 'off',
      'frontmatter.missing': 'info',
      'frontmatter.unterminated': 'info',
      'description.missing': 'info',
      'name.missing': 'info',
      'name.directory-mismatch': 'off',
      'skill.skipped': 'error',
    },
  },
  mcp: {
    summary: 'skillgraph + what a host of the MCP Skills extension accepts: at most 512 files and 16 MiB per skill',
    unicode: 'nfkc',
    keys: [...SPEC_KEYS, ...SKILLGRAPH_KEYS],
    features: FEATURES_SKILLGRAPH,
    rules: { 'mcp.too-many-files': 'error', 'mcp.too-large': 'error' },
  },
};

export const PROFILES: Readonly<Record<ProfileName, Profile>> = Object.freeze(
  Object.fromEntries(
    PROFILE_NAMES.map((name) => {
      const row = ROWS[name];
      const profile: Profile = Object.freeze({
        name,
        summary: row.summary,
        unicode: row.unicode,
        knownKeys: new Set(row.keys),
        features: Object.freeze({ ...row.features }),
        rules: Object.freeze({ ...BASE, ...row.rules }),
      });
      return [name, profile];
    }),
  ) as Record<ProfileName, Profile>,
);

/** True when `name` is a profile name. */
export function isProfileName(name: unknown): name is ProfileName {
  return typeof name === 'string' && (PROFILE_NAMES as readonly string[]).includes(name);
}
