// Shards run with different options are not parts of one run: joining them would print a document no
// real run prints. The refusal names the option as it is typed and both values.
import { DEFAULT_DISCOVER_OPTIONS } from '../discover/walk.js';
import type { CatalogRequest } from './catalog-load.js';

const GIVEN_AS: Readonly<Record<string, string>> = {
  profile: '--profile',
  depth: '--depth',
  depth_counts_root: '--depth-counts-root',
  max_dirs: '--max-dirs',
  follow_symlinks: '--follow-symlinks',
  nested: '--nested',
  max_input_bytes: '--max-input-bytes',
  names: 'the NAME arguments',
  summary: '--summary',
  backend: '--backend',
  out: '--out',
  home: 'HOME',
  allow_errors: '--allow-errors',
  allow_incomplete: '--allow-incomplete',
  unicode: '--unicode',
  rules: "the config file's rules",
  paths: 'the PATH arguments',
  fail_on: '--fail-on',
  max_warnings: '--max-warnings',
  overlap_threshold: '--overlap-threshold',
};

/** The roots are in the walk. */
export const CATALOG_SHAPE_KEYS = [
  'profile',
  'depth',
  'depth_counts_root',
  'max_dirs',
  'follow_symlinks',
  'nested',
  'max_input_bytes',
] as const;

/** The result-shaping catalog options of `request`, defaults filled in, snake_case. */
export function catalogShape(request: CatalogRequest): Record<string, unknown> {
  const load = request.load;
  return {
    profile: load.profile ?? 'skillgraph',
    depth: load.depth ?? DEFAULT_DISCOVER_OPTIONS.depth,
    depth_counts_root: load.depthCountsRoot === true,
    max_dirs: load.maxDirs ?? DEFAULT_DISCOVER_OPTIONS.maxDirs,
    follow_symlinks: load.followSymlinks !== false,
    nested: load.nested === true,
    max_input_bytes: load.maxInputBytes ?? null,
  };
}

const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;

export function validCatalogShape(o: Readonly<Record<string, unknown>>): boolean {
  return (
    typeof o.profile === 'string' &&
    isCount(o.depth) &&
    typeof o.depth_counts_root === 'boolean' &&
    isCount(o.max_dirs) &&
    typeof o.follow_symlinks === 'boolean' &&
    typeof o.nested === 'boolean' &&
    (o.max_input_bytes === null || isCount(o.max_input_bytes))
  );
}

/** The first option that differs, named as given with both values; undefined when all agree. */
export function optionsDiffer(
  file: string,
  options: Readonly<Record<string, unknown>>,
  first: string,
  firstOptions: Readonly<Record<string, unknown>>,
): string | undefined {
  const keys = [...new Set([...Object.keys(firstOptions), ...Object.keys(options)])];
  const key = keys.find((k) => JSON.stringify(options[k]) !== JSON.stringify(firstOptions[k]));
  if (key === undefined) return undefined;
  const flag = GIVEN_AS[key] ?? key;
  const [mine, theirs] = [shown(options[key]), shown(firstOptions[key])];
  return `${file} was run with ${flag} ${mine}, ${first} with ${flag} ${theirs}: the shards of one run share options`;
}

function shown(value: unknown): string {
  return value === undefined ? 'nothing' : typeof value === 'string' ? `'${value}'` : JSON.stringify(value);
}
