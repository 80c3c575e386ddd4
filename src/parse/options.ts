/** The parse options resolver: frozen defaults, errors naming the field. */
import { SkillgraphError } from '../model/errors.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';
import { SCOPE_PRECEDENCE } from '../model/package.js';
import {
  PROFILES,
  PROFILE_NAMES,
  UNICODE_POLICIES,
  isProfileName,
  type Profile,
  type ProfileName,
  type UnicodePolicy,
} from './profiles.js';
import { DEFAULT_YAML_LIMITS } from './yaml-doc.js';
import type { YamlLimits } from './yaml-types.js';

export interface ParseOptions {
  /** Canonical POSIX path of the SKILL.md; becomes `source.locator` and each diagnostic's `file`. */
  readonly locator: string;
  /** Name of the folder holding SKILL.md (for `name.directory-mismatch`); omit to skip that rule. */
  readonly dirName?: string;
  /** Validation profile (default `skillgraph`). */
  readonly profile?: ProfileName;
  /** Name policy; defaults to the profile's. */
  readonly unicode?: UnicodePolicy;
  /** Scope label for the descriptor id `${scope}/${name}` (default `project`). */
  readonly scope?: string;
  /** POSIX path of the root the skill was found under (default ''). */
  readonly root?: string;
  /** Precedence of that root (default: the scope's, else 20). */
  readonly precedence?: number;
  /** Largest SKILL.md accepted, in bytes (default 8 MiB). */
  readonly maxFileBytes?: number;
  /** YAML limits (defaults: 64 KiB, 100 aliases, depth 64). */
  readonly limits?: Partial<YamlLimits>;
}

export interface ResolvedParseOptions {
  readonly locator: string;
  readonly dirName: string | undefined;
  readonly profile: Profile;
  readonly unicode: UnicodePolicy;
  readonly scope: string;
  readonly root: string;
  readonly precedence: number;
  readonly maxFileBytes: number;
  readonly limits: YamlLimits;
}

export const DEFAULT_PARSE_OPTIONS = Object.freeze({
  profile: 'skillgraph' as ProfileName,
  scope: 'project',
  root: '',
  maxFileBytes: 8 * 1024 * 1024,
  limits: DEFAULT_YAML_LIMITS,
});

function invalid(field: string, message: string): never {
  throw new SkillgraphError('options.invalid', `parseSkill option '${field}' ${message}`, { field });
}

/** Deepest nesting a caller may allow: far below where a thread's stack size could decide a verdict. */
export const MAX_YAML_DEPTH = 256;

const positiveInt = (field: string, v: unknown): number => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0)
    invalid(field, `must be a positive integer, got ${String(v)}`);
  return v;
};

/** What `parseSkill` takes (the engine passes its own work items, which hold more, to `parsePackage`). */
export const PARSE_KEYS = optionKeys<ParseOptions>('parseSkill', {
  locator: true,
  dirName: true,
  profile: true,
  unicode: true,
  scope: true,
  root: true,
  precedence: true,
  maxFileBytes: true,
  limits: true,
});
const LIMIT_KEYS = optionKeys<YamlLimits>('parseSkill limits', { maxChars: true, maxAliasCount: true, maxDepth: true });

/**
 * Resolve parse options; throws SkillgraphError('options.invalid') naming the field.
 * @example resolveParseOptions({ locator: '/s/a/SKILL.md' }).profile.name // 'skillgraph'
 */
export function resolveParseOptions(options: ParseOptions): ResolvedParseOptions {
  if (options === null || typeof options !== 'object') invalid('options', 'must be an object');
  if (typeof options.locator !== 'string') invalid('locator', 'must be a string');
  if (options.dirName !== undefined && typeof options.dirName !== 'string') invalid('dirName', 'must be a string');
  const profileName = options.profile ?? DEFAULT_PARSE_OPTIONS.profile;
  if (!isProfileName(profileName))
    invalid('profile', `must be one of ${PROFILE_NAMES.join(', ')}, got '${String(profileName)}'`);
  const profile = PROFILES[profileName];
  const unicode = options.unicode ?? profile.unicode;
  if (!(UNICODE_POLICIES as readonly string[]).includes(unicode))
    invalid('unicode', `must be nfkc or ascii, got '${String(unicode)}'`);
  const scope = options.scope ?? DEFAULT_PARSE_OPTIONS.scope;
  if (typeof scope !== 'string' || scope === '') invalid('scope', 'must be a non-empty string');
  const known = (SCOPE_PRECEDENCE as Record<string, number>)[scope];
  const precedence = options.precedence ?? known ?? SCOPE_PRECEDENCE.project;
  if (typeof precedence !== 'number' || !Number.isFinite(precedence)) invalid('precedence', 'must be a number');
  checkOptionKeys(options.limits, LIMIT_KEYS);
  const limits: YamlLimits =
    options.limits === undefined
      ? DEFAULT_YAML_LIMITS
      : {
          maxChars: positiveInt('limits.maxChars', options.limits.maxChars ?? DEFAULT_YAML_LIMITS.maxChars),
          maxAliasCount: positiveInt(
            'limits.maxAliasCount',
            options.limits.maxAliasCount ?? DEFAULT_YAML_LIMITS.maxAliasCount,
          ),
          maxDepth: positiveInt('limits.maxDepth', options.limits.maxDepth ?? DEFAULT_YAML_LIMITS.maxDepth),
        };
  if (limits.maxDepth > MAX_YAML_DEPTH)
    invalid('limits.maxDepth', `must be at most ${MAX_YAML_DEPTH}, got ${limits.maxDepth}`);
  return {
    locator: options.locator,
    dirName: options.dirName,
    profile,
    unicode,
    scope,
    root: options.root ?? DEFAULT_PARSE_OPTIONS.root,
    precedence,
    maxFileBytes: positiveInt('maxFileBytes', options.maxFileBytes ?? DEFAULT_PARSE_OPTIONS.maxFileBytes),
    limits,
  };
}
