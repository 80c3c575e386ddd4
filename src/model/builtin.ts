// For the few built-ins (node:v8's classes, node:worker_threads) a run may never need: loaded when asked for.
import { createRequire } from 'node:module';

/** The built-in module `id`, loaded on first call. */
export function builtinModule<T>(id: `node:${string}`): T {
  // Node 20.16 added getBuiltinModule; before it, any absolute path makes a require that finds built-ins.
  return (process.getBuiltinModule?.(id) ?? createRequire(process.execPath)(id)) as T;
}
