/**
 * A built-in module loaded when first asked for, not when skillgraph is
 * imported: for the few (node:v8's classes, node:worker_threads) a run may
 * never need and that cost a load of their own.
 */
import { createRequire } from 'node:module';

/**
 * The built-in module `id`.
 *
 * @example const { Worker } = builtinModule<typeof import('node:worker_threads')>('node:worker_threads');
 */
export function builtinModule<T>(id: `node:${string}`): T {
  // Node 20.16 added getBuiltinModule; before it, any absolute path makes a require that finds built-ins.
  return (process.getBuiltinModule?.(id) ?? createRequire(process.execPath)(id)) as T;
}
