// The flags every catalog-reading verb shares, and the one function that turns them into a sealed
// catalog. Roots come from --root, then --preset, then the config file (given, or found upward when
// no root was named), then every built-in preset; precedence, not order, picks winners. Walk
// options: flag > config > default. discover/config.ts is loaded only when there is a config file.
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { existsSync, realpathSync } from 'node:fs';
import { discoverDiagnostic } from '../discover/messages.js';
import { isInside, toPosix } from '../discover/paths.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { SkillgraphConfig } from '../discover/config.js';
import { PRESET_NAMES, presetRoots, type PresetContext } from '../discover/presets.js';
import { makeRoot, parseRootSpec, type SkillRoot } from '../discover/roots.js';
import { DEFAULT_DISCOVER_OPTIONS } from '../discover/walk.js';
import { backendChoice } from '../engine/backend.js';
import { defaultCacheDir, type EngineProgress } from '../engine/engine.js';
import { loadRequest, type CatalogLoad, type CatalogRequest, type RootSource } from '../tasks/catalog-load.js';
import { cacheDirWarning } from '../workspace/cache-dir.js';
import type { BackendChoice } from '../model/backend.js';
import { SkillgraphError, isSkillgraphError } from '../model/errors.js';
import { intFlag, usageError, type FlagSpec, type ParsedArgs } from './args.js';

export type { CatalogRequest, RootSource } from '../tasks/catalog-load.js';
import { note, notesShown, type CliIo } from './io.js';

/** Spread into a verb's `flags`. */
export const CATALOG_FLAGS = {
  root: {
    type: 'string',
    multiple: true,
    value: 'PATH[:scope[:prec]][!]',
    description: "add a skill root; scope global|project|local or custom with a precedence; '!' = required",
  },
  require: { type: 'boolean', description: 'make every --root required (missing root → exit 2)' },
  preset: {
    type: 'string',
    multiple: true,
    value: 'NAME',
    description: `add an agent's project and user folders (${PRESET_NAMES.join(', ')})`,
  },
  config: {
    type: 'string',
    value: 'FILE',
    description: 'read roots and options from this config file (default: nearest skillgraph.config.yaml)',
  },
  depth: {
    type: 'string',
    value: 'N',
    description:
      `folder levels searched below each root, the root being level 0` +
      ` (default ${DEFAULT_DISCOVER_OPTIONS.depth}; --depth 4 reaches root/a/b/c/d/SKILL.md)`,
  },
  'depth-counts-root': {
    type: 'boolean',
    description:
      'count the root as the first of the --depth levels, as the catalog runtime does ' +
      '(--depth 4 reaches root/a/b/c/SKILL.md)',
  },
  'max-dirs': {
    type: 'string',
    value: 'N',
    description: `folders read per root before stopping (default ${DEFAULT_DISCOVER_OPTIONS.maxDirs})`,
  },
  'follow-symlinks': {
    type: 'boolean',
    description: 'follow symlinks whose real target lies inside a root or the project folder (the default)',
  },
  'no-follow-symlinks': { type: 'boolean', description: 'never follow symlinks; report the skills behind them' },
  'max-input-bytes': {
    type: 'string',
    value: 'N',
    description:
      'total SKILL.md bytes read in one run; files past it are reported, not read (default 134217728 = 128 MiB)',
  },
  'allow-outside-roots': {
    type: 'boolean',
    description: 'search roots a config file names outside the project folder (default: skipped with a warning)',
  },
  nested: { type: 'boolean', description: 'also look for skills inside skill folders' },
  profile: { type: 'string', value: 'P', description: 'validation profile (default skillgraph)' },
  workers: {
    type: 'string',
    value: 'N|auto',
    description: 'parse in N worker threads (0 = inline; default auto: a pool only when the work pays for it)',
  },
  cache: {
    type: 'string',
    value: 'DIR',
    description: 'cache folder (default $XDG_CACHE_HOME/skillgraph or ~/.cache/skillgraph)',
  },
  'no-cache': {
    type: 'boolean',
    description: 'neither read nor write the cache (parse results, folder listings, finished runs)',
  },
  backend: {
    type: 'string',
    value: 'B',
    description: 'compute backend for hashing and resolution: auto, wasm or js (default auto; env SKILLGRAPH_BACKEND)',
  },
} as const satisfies Record<string, FlagSpec>;

export type CatalogFromFlags = CatalogLoad;

/** From the injected environment, so tests point it at a temp dir. */
export function homeFrom(io: CliIo): string {
  return io.env.HOME ?? io.env.USERPROFILE ?? homedir();
}

/** Roots, walk and engine options from the shared flags; a bad value is a usage error naming the flag. */
export function requestFrom(
  values: ParsedArgs['values'],
  io: CliIo,
  verb: string,
  configFiles: ConfigAccess,
  extra: RequestExtra = {},
): CatalogRequest {
  const ctx: PresetContext = { cwd: io.cwd, home: homeFrom(io), env: io.env };
  const explicitConfig = typeof values.config === 'string' ? resolve(io.cwd, values.config) : undefined;
  const configPath = explicitConfig ?? configFiles.findConfigFile(io.cwd);
  const config: SkillgraphConfig | undefined = configPath ? configFiles.loadConfig(configPath, ctx) : undefined;
  // The project folder: where the config file lives, else the working folder. A config's roots
  // outside it need --allow-outside-roots.
  const project = configPath ? dirname(configPath) : io.cwd;
  const notices: Diagnostic[] = [];

  const requireAll = values.require === true;
  const roots: SkillRoot[] = [];
  const given: { readonly spec: string; readonly root: SkillRoot }[] = [];
  try {
    // A positional PATH is a required root: a mistyped path is an error, not an empty catalog.
    for (const path of extra.roots ?? [])
      roots.push(makeRoot({ path, scope: 'project', required: true }, ctx.cwd, ctx.home));
    for (const spec of strings(values.root)) {
      const input = parseRootSpec(spec);
      const root = makeRoot({ ...input, required: input.required === true || requireAll }, ctx.cwd, ctx.home);
      roots.push(root);
      given.push({ spec, root });
    }
    roots.push(...presetRoots(strings(values.preset), ctx));
  } catch (error) {
    if (isSkillgraphError(error)) usageError(io, verb, error.message);
    throw error;
  }
  notices.push(...missingGivenRoots(given));
  let rootSource: RootSource = 'flags';
  if (config && (explicitConfig !== undefined || roots.length === 0)) {
    if (roots.length === 0) rootSource = 'config';
    roots.push(...trustedConfigRoots(config, project, ctx, values['allow-outside-roots'] === true, notices));
  }
  if (roots.length === 0 && rootSource === 'flags') {
    rootSource = 'presets';
    // Lockfiles travel with the project: by default they hold the project's own skills only.
    const all = presetRoots(PRESET_NAMES, ctx);
    roots.push(
      ...(extra.projectOnly && values['include-user'] !== true ? all.filter((r) => r.scope === 'project') : all),
    );
  }
  const depth = intFlag(io, verb, 'depth', values.depth, config?.depth ?? DEFAULT_DISCOVER_OPTIONS.depth);
  const maxDirs = intFlag(
    io,
    verb,
    'max-dirs',
    values['max-dirs'],
    config?.maxDirs ?? DEFAULT_DISCOVER_OPTIONS.maxDirs,
  );
  if (maxDirs < 1) usageError(io, verb, '--max-dirs must be at least 1');
  const depthCountsRoot = values['depth-counts-root'] === true;
  if (depthCountsRoot && depth < 1) usageError(io, verb, '--depth must be at least 1 with --depth-counts-root');
  const profile = typeof values.profile === 'string' ? values.profile : config?.profile;
  const workers =
    values.workers === undefined || values.workers === 'auto'
      ? 'auto'
      : intFlag(io, verb, 'workers', values.workers, 0);
  if (workers !== 'auto' && workers > 64) usageError(io, verb, '--workers must be auto or 0–64');
  let cache: string | false =
    values['no-cache'] === true
      ? false
      : typeof values.cache === 'string'
        ? resolve(io.cwd, values.cache)
        : defaultCacheDir(io.env);
  // A cache folder that cannot hold a cache costs speed, never the run: one warning, then uncached.
  const unusable = cache === false ? null : cacheDirWarning(cache);
  if (unusable) {
    note(io, `skillgraph ${verb}: warning: ${unusable.message}\n`);
    cache = false;
  }
  const maxInputBytes =
    values['max-input-bytes'] === undefined
      ? undefined
      : intFlag(io, verb, 'max-input-bytes', values['max-input-bytes'], 0);
  if (maxInputBytes !== undefined && maxInputBytes < 1) usageError(io, verb, '--max-input-bytes must be at least 1');
  let backend: BackendChoice;
  try {
    backend = backendChoice(values.backend, io.env);
  } catch (error) {
    if (isSkillgraphError(error)) usageError(io, verb, error.message);
    throw error;
  }
  return {
    load: {
      roots,
      depth,
      ...(depthCountsRoot ? { depthCountsRoot } : {}),
      maxDirs,
      followSymlinks:
        values['no-follow-symlinks'] === true
          ? false
          : values['follow-symlinks'] === true || (config?.followSymlinks ?? true),
      linkBounds: [project],
      ...(maxInputBytes !== undefined ? { maxInputBytes } : {}),
      nested: values.nested === true || (config?.nested ?? false),
      ...(notices.length > 0 ? { notices } : {}),
      ...(profile !== undefined ? { profile } : {}),
    },
    engine: {
      workers,
      cache,
      backend,
      keepPool: false,
      ...(io.stderr.isTTY && notesShown(io) ? { onProgress: progressLine(io) } : {}),
    },
    rootSource,
    ...(config && configPath ? { configFile: config.file } : {}),
  };
}

export interface RequestExtra {
  /** Positional PATHs: project-scope roots, each required. */
  readonly roots?: readonly string[];
  /** With no roots given, the presets' project folders only (unless `--include-user`). */
  readonly projectOnly?: boolean;
}

// A cloned project is untrusted: its config's roots must lie inside it or be an agent's own user
// folder, unless `--allow-outside-roots`; others are skipped with a warning naming the flag.
function trustedConfigRoots(
  config: SkillgraphConfig,
  project: string,
  ctx: PresetContext,
  allowOutside: boolean,
  notices: Diagnostic[],
): SkillRoot[] {
  if (allowOutside) return [...config.roots];
  const projectReal = realOrSelf(project);
  const userFolders = new Set(
    presetRoots(PRESET_NAMES, ctx)
      .filter((r) => r.scope !== 'project')
      .map((r) => r.path),
  );
  return config.roots.filter((root) => {
    if (userFolders.has(root.path) || isInside(projectReal, realOrSelf(root.path))) return true;
    const path = toPosix(root.path);
    notices.push(
      discoverDiagnostic('discover.root-outside-project', config.file, { root: path, project: toPosix(project) }),
    );
    return false;
  });
}

// A mistyped `--root` must never pass as an empty catalog: a warning while another given root
// exists, an error when none does. Config and preset roots may be missing (the walk notes them).
function missingGivenRoots(given: readonly { readonly spec: string; readonly root: SkillRoot }[]): Diagnostic[] {
  const missing = given.filter((g) => !g.root.required && !existsSync(g.root.path));
  const severity = missing.length === given.length ? 'error' : 'warning';
  return missing.map((g) => ({
    ...discoverDiagnostic('discover.root-missing', toPosix(g.root.path), {
      scope: g.root.scope,
      root: toPosix(g.root.path),
      flag: `--root ${g.spec}`,
    }),
    severity,
  }));
}

/** A missing root is reported by the walk. */
function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

export interface ConfigAccess {
  findConfigFile(cwd: string): string | undefined;
  loadConfig(file: string, ctx: PresetContext): SkillgraphConfig;
}

/** `discover/config.ts`'s file name (a unit test keeps them equal). */
export const CONFIG_FILE_NAME = 'skillgraph.config.yaml';

/** The request, loading discover/config.ts (with yaml and zod) only when there is a config file. */
export async function lazyCatalogRequest(
  values: ParsedArgs['values'],
  io: CliIo,
  verb: string,
  extra: RequestExtra = {},
): Promise<CatalogRequest> {
  let found: string | undefined;
  if (typeof values.config !== 'string') {
    for (let dir = io.cwd; ;) {
      const candidate = join(dir, CONFIG_FILE_NAME);
      if (existsSync(candidate)) {
        found = candidate;
        break;
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    if (found === undefined) return requestFrom(values, io, verb, NO_CONFIG_FILE, extra);
  }
  const config = await import('../discover/config.js');
  return requestFrom(values, io, verb, { findConfigFile: config.findConfigFile, loadConfig: config.loadConfig }, extra);
}

const NO_CONFIG_FILE: ConfigAccess = {
  findConfigFile: () => undefined,
  loadConfig: (file) => {
    throw new SkillgraphError('internal', `config file ${file} was not expected`, { file });
  },
};

/** `catalogFromRequest` for the shared flags, with the lazy config loading of `lazyCatalogRequest`. */
export async function lazyCatalogFromFlags(
  values: ParsedArgs['values'],
  io: CliIo,
  verb: string,
  extra: RequestExtra = {},
): Promise<CatalogFromFlags> {
  return catalogFromRequest(await lazyCatalogRequest(values, io, verb, extra), io, verb);
}

/** The sealed catalog the request describes, built by the engine. */
export async function catalogFromRequest(request: CatalogRequest, io: CliIo, verb: string): Promise<CatalogFromFlags> {
  return runTask(io, verb, () => loadRequest(request));
}

/** Run a catalog-reading task: an option the engine refuses becomes a usage error; progress is cleared after. */
export async function runTask<T>(
  io: CliIo,
  verb: string,
  body: () => Promise<T>,
  word?: (error: SkillgraphError) => string | undefined,
): Promise<T> {
  try {
    return await body();
  } catch (error) {
    if (isSkillgraphError(error) && error.code === 'options.invalid')
      usageError(io, verb, word?.(error) ?? error.message);
    throw error;
  } finally {
    if (io.stderr.isTTY && notesShown(io)) io.stderr.write('\r\u001b[K');
  }
}

function progressLine(io: CliIo): (p: EngineProgress) => void {
  let last = 0;
  return (p) => {
    const now = Date.now();
    if (p.phase === 'parse' && p.done < p.total && now - last < 100) return;
    last = now;
    const text =
      p.phase === 'walk'
        ? 'searching roots…'
        : p.phase === 'parse'
          ? `parsed ${p.done}/${p.total} skill files`
          : `sealing ${p.total} skills…`;
    io.stderr.write(`\r\u001b[K${text}`);
  };
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
}
