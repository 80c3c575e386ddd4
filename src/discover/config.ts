// The file format is documented in docs/cli.md ("The config file"). Every error is `config.invalid` naming
// `file:line:col`.
import { closeSync, constants as fsConstants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Document } from 'yaml';
import type { core } from 'zod/mini';
import { once, zod } from '../model/zod.js';
import { SkillgraphError, isSkillgraphError } from '../model/errors.js';
import { escapeControls } from '../parse/name-safety.js';
import { yaml, boundedDocument, checkAliases, duplicateKeyOffsets, firstAliasOffset } from '../parse/yaml-compose.js';
import { toPosix } from './paths.js';
import { presetRoots, type PresetContext } from './presets.js';
import { makeRoot, parseRootSpec, type SkillRoot } from './roots.js';

export const RULE_LEVELS = ['off', 'info', 'warning', 'error'] as const;
export type RuleSetting = (typeof RULE_LEVELS)[number];

/** One entry of `rules:`, with where it is written (for errors that point at it). */
export interface ConfigRule {
  readonly code: string;
  readonly level: RuleSetting;
  readonly line: number;
  readonly column: number;
}

export const CONFIG_FILE_NAME = 'skillgraph.config.yaml';

/** A config may come from a cloned repository: beyond these it is `config.invalid`, never a crash or a long parse. */
export const CONFIG_LIMITS = Object.freeze({ maxBytes: 256 * 1024, maxDepth: 32, maxAliasCount: 50 });

const RULE_CODE = /^[a-z][a-z0-9-]*\.[a-z0-9.-]+$/;

/** Built on first use (zod is loaded then). @internal */
export const ConfigFileSchema = once(() => {
  const z = zod();
  const text = z.string().check(z.minLength(1));
  const RuleCode = z.string().check(z.regex(RULE_CODE, 'a rule code such as name.charset'));
  const RootEntrySchema = z.union([
    text,
    z.strictObject({
      path: text,
      scope: z.optional(text),
      precedence: z.optional(z.int()),
      required: z.optional(z.boolean()),
    }),
  ]);
  return z.strictObject({
    roots: z.optional(z.array(RootEntrySchema)),
    presets: z.optional(z.array(text)),
    depth: z.optional(z.int().check(z.gte(0), z.lte(64))),
    'max-dirs': z.optional(z.int().check(z.gte(1))),
    'follow-symlinks': z.optional(z.boolean()),
    nested: z.optional(z.boolean()),
    profile: z.optional(text),
    rules: z.optional(z.record(RuleCode, z.enum(RULE_LEVELS))),
    'overlap-threshold': z.optional(
      z.number().check(
        z.refine((n) => n > 0, 'must be more than 0'),
        z.lte(1),
      ),
    ),
    'fail-on': z.optional(z.enum(['error', 'warning'])),
    'max-warnings': z.optional(z.int().check(z.gte(0))),
  });
});

/** A loaded config: roots already resolved against the file's folder. */
export interface SkillgraphConfig {
  readonly file: string;
  readonly roots: readonly SkillRoot[];
  readonly depth?: number;
  readonly maxDirs?: number;
  readonly followSymlinks?: boolean;
  readonly nested?: boolean;
  readonly profile?: string;
  /** Per-rule severities for validate, in file order. */
  readonly rules?: readonly ConfigRule[];
  readonly failOn?: 'error' | 'warning';
  readonly maxWarnings?: number;
  /** The lowest `routing.overlap` score reported. */
  readonly overlapThreshold?: number;
  /** Line and column of a top-level key, for errors about its value. */
  readonly keyAt?: (key: string) => { readonly line: number; readonly column: number };
}

/** The nearest `skillgraph.config.yaml` in `cwd` or an ancestor, or undefined. */
export function findConfigFile(cwd: string): string | undefined {
  let dir = cwd;
  for (;;) {
    const candidate = join(dir, CONFIG_FILE_NAME);
    if (isTrustedConfig(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

// Like git's safe.directory: a config owned by another user (planted in a shared /tmp above us) is not trusted.
function isTrustedConfig(candidate: string): boolean {
  const st = statSync(candidate, { throwIfNoEntry: false });
  if (st === undefined || !st.isFile()) return false;
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  return uid === undefined || st.uid === uid || st.uid === 0;
}

/** Read and validate a config file; its presets are expanded with `ctx`. */
export function loadConfig(file: string, ctx: PresetContext): SkillgraphConfig {
  return parseConfig(readConfigText(file), file, ctx);
}

// fstat before any read: a FIFO or device would block the run, and a huge file is refused by its size.
function readConfigText(file: string): string {
  const where = toPosix(file);
  const refuse = (message: string, cause?: unknown): never => {
    throw new SkillgraphError('config.invalid', `${where}:1:1: ${message}`, { file: where, line: 1, column: 1 }, cause);
  };
  let fd: number;
  try {
    fd = openSync(file, fsConstants.O_RDONLY | (fsConstants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new SkillgraphError(
      'config.invalid',
      `cannot read config ${where}: ${(error as Error).message}`,
      { file: where },
      error,
    );
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return refuse('the config is not a regular file');
    if (st.size > CONFIG_LIMITS.maxBytes)
      return refuse(`the config file is ${st.size} bytes; the limit is ${CONFIG_LIMITS.maxBytes}`);
    // One byte more than the limit tells a file that grew since fstat from one that did not.
    const buffer = Buffer.alloc(CONFIG_LIMITS.maxBytes + 1);
    let length = 0;
    for (let n = -1; n !== 0 && length < buffer.length; length += n)
      n = readSync(fd, buffer, length, buffer.length - length, null);
    if (length > CONFIG_LIMITS.maxBytes)
      return refuse(`the config file is over the limit of ${CONFIG_LIMITS.maxBytes} bytes`);
    return buffer.toString('utf8', 0, length);
  } catch (error) {
    if (isSkillgraphError(error)) throw error;
    throw new SkillgraphError(
      'config.invalid',
      `cannot read config ${where}: ${(error as Error).message}`,
      { file: where },
      error,
    );
  } finally {
    closeSync(fd);
  }
}

/** Validate config text (the pure half of `loadConfig`). */
export function parseConfig(text: string, file: string, ctx: PresetContext): SkillgraphConfig {
  const where = toPosix(file);
  if (text.length > CONFIG_LIMITS.maxBytes) {
    throw new SkillgraphError(
      'config.invalid',
      `${where}:1:1: the config file is ${text.length} characters; the limit is ${CONFIG_LIMITS.maxBytes}`,
      { file: where, line: 1, column: 1 },
    );
  }
  const bounded = boundedDocument(
    text,
    { prettyErrors: false, uniqueKeys: false },
    CONFIG_LIMITS.maxDepth,
    CONFIG_LIMITS.maxAliasCount,
  );
  const fail = (offset: number, message: string): never => {
    const pos = bounded.lines.linePos(offset);
    // Text quoted from the file: no control character reaches a terminal.
    throw new SkillgraphError('config.invalid', `${where}:${pos.line}:${pos.col}: ${escapeControls(message)}`, {
      file: where,
      line: pos.line,
      column: pos.col,
    });
  };
  if (bounded.kind !== 'ok') {
    return fail(
      bounded.offset,
      bounded.kind === 'too-deep'
        ? `collections nest deeper than ${CONFIG_LIMITS.maxDepth} levels`
        : `more than ${CONFIG_LIMITS.maxAliasCount} aliases`,
    );
  }
  const doc = bounded.doc;
  const yamlError = doc.errors[0];
  if (yamlError) fail(yamlError.pos[0], `invalid YAML: ${yamlError.message.split('\n')[0]}`);
  const duplicate = duplicateKeyOffsets(doc)[0];
  if (duplicate !== undefined) fail(duplicate, 'invalid YAML: Map keys must be unique');
  const alias = checkAliases(doc, CONFIG_LIMITS.maxAliasCount);
  if (alias?.kind === 'unresolved')
    fail(alias.offset, `invalid YAML: alias *${alias.source} has no anchor &${alias.source} before it`);
  if (alias?.kind === 'too-many') fail(alias.offset, `more than ${CONFIG_LIMITS.maxAliasCount} aliases`);
  let data: unknown = {};
  try {
    if (doc.contents !== null) data = doc.toJS({ maxAliasCount: CONFIG_LIMITS.maxAliasCount });
  } catch (error) {
    // yaml's expansion guard throws a ReferenceError: a finding about the file.
    fail(
      firstAliasOffset(doc),
      `alias expansion exceeds the limit (${CONFIG_LIMITS.maxAliasCount}): ${(error as Error).message}`,
    );
  }
  const parsed = ConfigFileSchema().safeParse(data);
  if (!parsed.success) {
    const issue = deepestIssue(parsed.error.issues[0]!);
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    if (issue.code === 'unrecognized_keys') {
      const key = issue.keys[0] ?? '';
      fail(
        keyOffset(doc, path, key) ?? offsetOf(doc, path),
        `unknown key '${key}'${path.length ? ` in ${path.join('.')}` : ''}`,
      );
    }
    fail(offsetOf(doc, path), `${path.length ? path.join('.') : '(root)'}: ${issue.message}`);
  }
  const cfg = parsed.data!;
  const base = dirname(file);
  const roots: SkillRoot[] = [];
  (cfg.roots ?? []).forEach((entry, index) => {
    try {
      roots.push(makeRoot(typeof entry === 'string' ? parseRootSpec(entry) : entry, base, ctx.home));
    } catch (error) {
      if (isSkillgraphError(error)) fail(offsetOf(doc, ['roots', index]), error.message);
      throw error;
    }
  });
  if (cfg.presets?.length) {
    try {
      roots.push(...presetRoots(cfg.presets, ctx));
    } catch (error) {
      if (isSkillgraphError(error)) fail(offsetOf(doc, ['presets']), error.message);
      throw error;
    }
  }
  return Object.freeze({
    file: where,
    roots: Object.freeze(roots),
    ...(cfg.depth !== undefined ? { depth: cfg.depth } : {}),
    ...(cfg['max-dirs'] !== undefined ? { maxDirs: cfg['max-dirs'] } : {}),
    ...(cfg['follow-symlinks'] !== undefined ? { followSymlinks: cfg['follow-symlinks'] } : {}),
    ...(cfg.nested !== undefined ? { nested: cfg.nested } : {}),
    ...(cfg.profile !== undefined ? { profile: cfg.profile } : {}),
    ...(cfg.rules !== undefined
      ? {
          rules: Object.freeze(
            Object.entries(cfg.rules).map(([code, level]) => ({
              code,
              level,
              ...position(keyOffset(doc, ['rules'], code) ?? offsetOf(doc, ['rules'])),
            })),
          ),
        }
      : {}),
    ...(cfg['fail-on'] !== undefined ? { failOn: cfg['fail-on'] } : {}),
    ...(cfg['max-warnings'] !== undefined ? { maxWarnings: cfg['max-warnings'] } : {}),
    ...(cfg['overlap-threshold'] !== undefined ? { overlapThreshold: cfg['overlap-threshold'] } : {}),
    keyAt: (key: string) => position(keyOffset(doc, [], key) ?? 0),
  });
  function position(offset: number): { line: number; column: number } {
    const pos = bounded.lines.linePos(offset);
    return { line: pos.line, column: pos.col };
  }
}

type Issue = core.$ZodIssue;

// For a union (a root is a string or a mapping), the branch issue that got furthest in.
function deepestIssue(issue: Issue): Issue {
  if (issue.code !== 'invalid_union') return issue;
  let best: Issue = issue;
  let depth = -1;
  for (const branch of issue.errors) {
    for (const inner of branch) {
      if (inner.path.length > depth) {
        depth = inner.path.length;
        best = { ...deepestIssue(inner), path: [...issue.path, ...inner.path] } as Issue;
      }
    }
  }
  return depth === 0
    ? { ...issue, message: 'expected a path string or a {path, scope, precedence, required} mapping' }
    : best;
}

function offsetOf(doc: Document.Parsed, path: readonly (string | number)[]): number {
  for (let n = path.length; n > 0; n--) {
    const node = doc.getIn(path.slice(0, n), true);
    if (yaml().isNode(node) && node.range) return node.range[0];
  }
  return yaml().isNode(doc.contents) && doc.contents.range ? doc.contents.range[0] : 0;
}

function keyOffset(doc: Document.Parsed, path: readonly (string | number)[], key: string): number | undefined {
  const map = path.length ? doc.getIn(path, true) : doc.contents;
  if (!yaml().isMap(map)) return undefined;
  for (const pair of map.items) {
    if (yaml().isScalar(pair.key) && pair.key.value === key && pair.key.range) return pair.key.range[0];
  }
  return undefined;
}
