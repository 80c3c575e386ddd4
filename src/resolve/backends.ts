/**
 * Which resolve kernel runs. The pure resolve stage knows only its own
 * TypeScript reference; the WASM kernel needs file I/O to load, so the
 * engine layer (`src/engine/backend.ts`) registers it here when imported —
 * which the public entry `src/index.ts` always does.
 */
import type { BackendChoice, ResolveBackend } from '../model/backend.js';
import { BACKEND_NAMES } from '../model/backend.js';
import { SkillgraphError } from '../model/errors.js';
import { JS_RESOLVER } from './kernel-js.js';

type Provider = () => ResolveBackend | null;

let wasmProvider: Provider | undefined;
let autoPrefersWasm = true;

/**
 * Register the loader of the WASM kernel (returns null when the module is not built).
 *
 * @example registerWasmResolver(() => wasmResolver(), { auto: true });
 */
export function registerWasmResolver(provider: Provider, options: { readonly auto: boolean }): void {
  wasmProvider = provider;
  autoPrefersWasm = options.auto;
}

/**
 * The kernel for a backend choice: `js` always works; `wasm` throws `wasm.missing`
 * when it cannot load; `auto` takes the measured faster one that is available.
 *
 * @example pickResolver('auto').name; // 'wasm' when built, else 'js'
 */
export function pickResolver(choice: BackendChoice | ResolveBackend = 'auto'): ResolveBackend {
  if (typeof choice === 'object') return choice;
  if (!(BACKEND_NAMES as readonly string[]).includes(choice)) {
    throw new SkillgraphError('options.invalid', `backend must be one of ${BACKEND_NAMES.join(', ')}, got '${String(choice)}'`, { field: 'backend' });
  }
  if (choice === 'js') return JS_RESOLVER;
  if (choice === 'auto' && !autoPrefersWasm) return JS_RESOLVER;
  const wasm = wasmProvider?.() ?? null;
  if (wasm) return wasm;
  if (choice === 'auto') return JS_RESOLVER;
  throw new SkillgraphError('wasm.missing', "the WASM core is not available; build it with 'npm run build:wasm' or use --backend js", {});
}
