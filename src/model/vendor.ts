// Loaded on first use, so importing the library loads none of them; the package build swaps this file for
// vendor.bundle.ts.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { optionalPeer, type TokenCounter, type TreeSitter, GRAMMAR_PACKAGE, TOKENIZER, TREE_SITTER } from './peers.js';
import type * as Piscina from 'piscina';
import type { YamlLib } from './yaml-names.js';
import type { Zod } from './zod.js';

let requireHere: NodeJS.Require | undefined;
const load = <T>(id: string): T => (requireHere ??= createRequire(import.meta.url))(id) as T;

export const loadYaml = (): YamlLib => load('yaml');

/** zod's mini API, its messages in English. */
export function loadZod(): Zod {
  const mini = load<typeof import('zod/mini')>('zod/mini');
  mini.config(load<typeof import('zod/v4/locales/en.js')>('zod/v4/locales/en.js').default());
  return mini;
}

export const loadPiscina = (): typeof Piscina => load('piscina');

export const loadTokenCounter = (): TokenCounter =>
  optionalPeer(TOKENIZER, () => load(`${TOKENIZER}/cjs/encoding/o200k_base`));

export const loadTreeSitter = (): TreeSitter => optionalPeer(TREE_SITTER, () => load(TREE_SITTER));

/** The folder holding the prebuilt grammars, an optional peer of the audit. */
export const grammarFolder = (): string =>
  optionalPeer(GRAMMAR_PACKAGE, () =>
    join(dirname((requireHere ??= createRequire(import.meta.url)).resolve(`${GRAMMAR_PACKAGE}/package.json`)), 'wasm'),
  );
