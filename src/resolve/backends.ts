// The WASM kernel needs file I/O to load, so the engine layer loads it and passes it in; this pure
// stage holds only the TypeScript reference kernel.
import type { BackendChoice, ResolveBackend } from '../model/backend.js';
import { BACKEND_NAMES } from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import { JS_RESOLVER } from './kernel-js.js';

/** The kernel for a backend choice; `wasm` must be passed in as an object, else `wasm.missing`. */
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
    'the resolve stage runs the WASM kernel only when it is passed in: ' +
      "use the package entry's resolve functions, or backend: resolveBackendFor('wasm')",
    {},
  );
}
