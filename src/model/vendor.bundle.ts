// vendor.ts as the package build uses it: literal requires, which bundlers follow.
import { dirname, join } from 'node:path';
import type * as Piscina from 'piscina';
import { optionalPeer, type TokenCounter, type TreeSitter, GRAMMAR_PACKAGE, TOKENIZER, TREE_SITTER } from './peers.js';
import type { YamlLib } from './yaml-names.js';
import type { Zod } from './zod.js';

export const loadYaml = (): YamlLib => require('./yaml.cjs') as YamlLib;

export const loadZod = (): Zod => require('./zod.cjs') as typeof import('./zod-lib.bundle.js');

export const loadPiscina = (): typeof Piscina => require('piscina');

// Named whole so a bundler sees each require.
export const loadTokenCounter = (): TokenCounter =>
  optionalPeer(TOKENIZER, () => require('gpt-tokenizer/cjs/encoding/o200k_base'));

export const loadTreeSitter = (): TreeSitter => optionalPeer(TREE_SITTER, () => require('web-tree-sitter'));

export const grammarFolder = (): string =>
  optionalPeer(GRAMMAR_PACKAGE, () => join(dirname(require.resolve('@vscode/tree-sitter-wasm/package.json')), 'wasm'));
