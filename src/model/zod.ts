// Schemas are built on first check, so importing the package does not pay zod's start-up.
import type * as Mini from 'zod/mini';
import { loadZod } from './vendor.js';

/** The functions of zod's mini API skillgraph calls; the package bundles these only. */
export type Zod = Pick<
  typeof Mini,
  | 'array'
  | 'boolean'
  | 'enum'
  | 'gte'
  | 'int'
  | 'literal'
  | 'lte'
  | 'minLength'
  | 'null'
  | 'nullable'
  | 'number'
  | 'optional'
  | 'pipe'
  | 'record'
  | 'refine'
  | 'regex'
  | 'strictObject'
  | 'string'
  | 'superRefine'
  | 'transform'
  | 'trim'
  | 'union'
  | 'unknown'
>;

let lib: Zod | undefined;

/** zod's mini API, its messages in English. */
export function zod(): Zod {
  return (lib ??= loadZod());
}

/** A value made on the first call and kept. */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
