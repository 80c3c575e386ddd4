/**
 * The packages skillgraph loads on first use — yaml, zod, piscina, and the
 * optional peers a few verbs need (the o200k tokenizer, the tree-sitter code
 * parsers) — so that importing the library loads none of them. Here, run from
 * src/, each comes from node_modules; the package build swaps this file for
 * vendor.bundle.ts, where each is a literal `require` that bundlers follow.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { optionalPeer, type TokenCounter, type TreeSitter, GRAMMAR_PACKAGE, TOKENIZER, TREE_SITTER } from './peers.js';
import type * as Piscina from 'piscina';
import type * as Yaml from 'yaml';
import type { Zod } from './zod.js';

let requireHere: NodeJS.Require | undefined;
const load = <T>(id: string): T => (requireHere ??= createRequire(import.meta.url))(id) as T;

/** yaml, for the frontmatters the fast path declines and config files. */
export const loadYaml = (): typeof Yaml => load('yaml');

/** zod's mini API, its messages in English, for the schemas checked on first use. */
export function loadZod(): Zod {
  const mini = load<typeof import('zod/mini')>('zod/mini');
  mini.config(load<typeof import('zod/v4/locales/en.js')>('zod/v4/locales/en.js').default());
  return mini;
}

/** piscina, for the first worker pool. */
export const loadPiscina = (): typeof Piscina => load('piscina');

/** o200k token counts from gpt-tokenizer, an optional peer; `dependency.missing` without it. */
export const loadTokenCounter = (): TokenCounter =>
  optionalPeer(TOKENIZER, () => load(`${TOKENIZER}/cjs/encoding/o200k_base`));

/** The tree-sitter runtime, an optional peer of the audit; `dependency.missing` without it. */
export const loadTreeSitter = (): TreeSitter => optionalPeer(TREE_SITTER, () => load(TREE_SITTER));

/** The folder holding the prebuilt grammars, an optional peer of the audit; `dependency.missing` without it. */
export const grammarFolder = (): string =>
  optionalPeer(GRAMMAR_PACKAGE, () =>
    join(dirname((requireHere ??= createRequire(import.meta.url)).resolve(`${GRAMMAR_PACKAGE}/package.json`)), 'wasm'),
  );
