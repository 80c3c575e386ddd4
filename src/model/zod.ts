/**
 * zod, required on first use: the protocol types, the lockfile and the
 * config file build their schemas the first time they check something, so
 * importing the package does not pay zod's start-up (tens of milliseconds).
 */
import type * as Zod from 'zod';
import { requirePackage } from './vendor.js';

let lib: typeof Zod.z | undefined;

/**
 * The `z` namespace of zod.
 *
 * @example const z = zod(); z.string().parse('x');
 */
export function zod(): typeof Zod.z {
  return (lib ??= requirePackage<typeof Zod>('zod').z);
}

/**
 * A value made on the first call and kept.
 *
 * @example const Schema = once(() => zod().string()); Schema().parse('x');
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
