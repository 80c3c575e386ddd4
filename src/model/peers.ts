// Optional peers a few verbs load (never the library import); missing, they are `dependency.missing` naming
// the one command that installs them.
import { SkillgraphError } from './errors.js';

export const TOKENIZER = 'gpt-tokenizer';
export const TREE_SITTER = 'web-tree-sitter';
export const GRAMMAR_PACKAGE = '@vscode/tree-sitter-wasm';

const NEEDED_FOR: Readonly<Record<string, { readonly what: string; readonly install: string }>> = {
  [TOKENIZER]: { what: 'counting o200k tokens for a token budget (`Nt`)', install: `npm install ${TOKENIZER}` },
  [TREE_SITTER]: {
    what: 'parsing scripts and code blocks in the audit',
    install: `npm install ${TREE_SITTER} ${GRAMMAR_PACKAGE}`,
  },
  [GRAMMAR_PACKAGE]: {
    what: 'parsing scripts and code blocks in the audit',
    install: `npm install ${TREE_SITTER} ${GRAMMAR_PACKAGE}`,
  },
};

export interface TokenCounter {
  countTokens(text: string, options?: { disallowedSpecial?: Set<string> }): number;
}

export type TreeSitter = typeof import('web-tree-sitter');

/** `load()`, or `dependency.missing` naming the install command when `name` is not installed. */
export function optionalPeer<T>(name: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') throw error;
    const need = NEEDED_FOR[name]!;
    throw new SkillgraphError(
      'dependency.missing',
      `${need.what} needs ${name}, which is not installed; install it beside skillgraph: ${need.install}`,
      { package: name },
      error,
    );
  }
}
