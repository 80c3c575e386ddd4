/**
 * The one check every public function runs on an options object first: a key
 * it does not know is refused, naming the key and the closest one it knows
 * (`{ wokers: 2 }` would otherwise run with the default, silently).
 */
import { SkillgraphError } from './errors.js';
import { didYouMean } from './wording.js';

/** The keys an options object may hold, for `checkOptionKeys`. */
export interface OptionKeys {
  readonly what: string;
  readonly keys: ReadonlySet<string>;
  readonly list: readonly string[];
}

/**
 * The keys of options type `T`, for the function `what`: every key of `T`
 * must be listed and none other (TypeScript checks both).
 *
 * @example const KEYS = optionKeys<{ depth?: number }>('discover', { depth: true });
 */
export function optionKeys<T extends object>(
  what: string,
  keys: { readonly [K in keyof Required<T>]: true },
): OptionKeys {
  const list = Object.keys(keys).sort();
  return Object.freeze({ what, keys: new Set(list), list: Object.freeze(list) });
}

/**
 * Throw `options.invalid` when `options` holds a key `known` does not list;
 * anything but an object is left to the caller's own checks.
 *
 * @example checkOptionKeys({ wokers: 2 }, ENGINE_KEYS) // throws "…unknown option 'wokers'; did you mean 'workers'?"
 */
export function checkOptionKeys(options: unknown, known: OptionKeys): void {
  const error = unknownOption(options, known);
  if (error) throw error;
}

/**
 * The `options.invalid` error `checkOptionKeys` would throw, or undefined: for
 * the `safe…` functions, which return their errors.
 *
 * @example const error = unknownOption(init, INIT_KEYS); if (error) return { ok: false, error };
 */
export function unknownOption(options: unknown, known: OptionKeys): SkillgraphError | undefined {
  if (options === null || typeof options !== 'object') return undefined;
  for (const key in options) {
    if (!known.keys.has(key) && Object.hasOwn(options, key)) {
      return new SkillgraphError(
        'options.invalid',
        `${known.what}: unknown option '${key}'${didYouMean(key, known.list)}`,
        { field: key, known: known.list },
      );
    }
  }
  return undefined;
}

/**
 * The entries of `options` that `keys` lists: the part of a larger options
 * object that one step takes (`loadCatalog` hands the walk its options).
 *
 * @example pickOptions({ roots, depth: 3 }, DISCOVER_KEYS) // { depth: 3 }
 */
export function pickOptions<T extends object>(options: object, keys: OptionKeys): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const key of keys.list) if (Object.hasOwn(options, key)) out[key] = (options as Record<string, unknown>)[key];
  return out as Partial<T>;
}
