// An unknown key is refused with the closest known one: `{ wokers: 2 }` would otherwise run with the default.
import { SkillgraphError } from './errors.js';
import { didYouMean } from './wording.js';

export interface OptionKeys {
  readonly what: string;
  readonly keys: ReadonlySet<string>;
  readonly list: readonly string[];
}

/** The keys of options type `T` for the function `what`; TypeScript checks every key is listed and none other. */
export function optionKeys<T extends object>(
  what: string,
  keys: { readonly [K in keyof Required<T>]: true },
): OptionKeys {
  const list = Object.keys(keys).sort();
  return Object.freeze({ what, keys: new Set(list), list: Object.freeze(list) });
}

/** Throw `options.invalid` when `options` holds a key `known` does not list. */
export function checkOptionKeys(options: unknown, known: OptionKeys): void {
  const error = unknownOption(options, known);
  if (error) throw error;
}

/** The error `checkOptionKeys` would throw, or undefined, for the `safe…` functions. */
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

/** The entries of `options` that `keys` lists: the part of a larger options object one step takes. */
export function pickOptions<T extends object>(options: object, keys: OptionKeys): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const key of keys.list) if (Object.hasOwn(options, key)) out[key] = (options as Record<string, unknown>)[key];
  return out as Partial<T>;
}
