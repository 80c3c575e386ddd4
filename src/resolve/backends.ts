/**
 * Which resolve kernel runs. The pure resolve stage holds only its own
 * TypeScript reference kernel and keeps no state: the WASM kernel needs file
 * I/O to load, so the engine layer loads it and passes it in as a
 * `ResolveBackend` object (`src/engine/resolve.ts` does that for the package
 * entry's `resolveCatalog`, `resolveSkill` and `resolveSkillOrThrow`).
 */
import type { BackendChoice, ResolveBackend } from '../model/backend.js';
import { BACKEND_NAMES } from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import { JS_RESOLVER } from './kernel-js.js';

/**
 * The kernel for a backend choice: a backend object is used as given; `js`
 * and `auto` are the reference kernel here; `wasm` must be passed in as an
 * object (the engine's `resolveBackendFor('wasm')`), so it throws `wasm.missing`.
 *
 * @example pickResolver('js').name; // 'js'
 */
export function pickResolver(choice: BackendChoice | ResolveBackend = 'auto'): ResolveBackend {
  if (typeof choice === 'object' && choice !== null) return choice;
  if (!(BACKEND_NAMES as readonly string[]).includes(choice)) {
    throw new SkillgraphError(
      'options.invalid',
      `backend must be one of ${BACKEND_NAMES.join(', ')}, got '${String(choice)}'`,
      { field: 'backend' },
    );
  }
  if (choice !== 'wasm') return JS_RESOLVER;
  throw new SkillgraphError(
    'wasm.missing',
    "the resolve stage runs the WASM kernel only when it is passed in: use the package entry's resolve functions, or backend: resolveBackendFor('wasm')",
    {},
  );
}
