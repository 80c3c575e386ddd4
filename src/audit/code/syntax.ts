/**
 * What the audit needs from a parser, and nothing of how it is made: a
 * compact, plain syntax tree per language (node type, field name, offsets,
 * children). The engine loads the grammars (tree-sitter, WASM) and hands a
 * `CodeParsers` in; the analyses here only read trees, so the stage stays
 * pure and testable with any parser. Pure.
 */

/** The languages the audit parses. */
export type CodeLang = 'sh' | 'python' | 'javascript' | 'typescript' | 'powershell';

export const CODE_LANGS: readonly CodeLang[] = Object.freeze([
  'sh',
  'python',
  'javascript',
  'typescript',
  'powershell',
]);

/** One node of a tree: offsets are UTF-16 indices into the parsed text; `row`/`col` are 0-based. */
export interface SyntaxNode {
  readonly type: string;
  readonly named: boolean;
  /** The field this node fills in its parent (`name`, `value`, `function` …), or null. */
  readonly field: string | null;
  readonly start: number;
  readonly end: number;
  readonly row: number;
  readonly col: number;
  readonly children: readonly SyntaxNode[];
}

/** A parsed unit: its tree and how much of it the grammar could not read. */
export interface ParsedCode {
  readonly root: SyntaxNode;
  /** Nodes the grammar could not place (ERROR or missing tokens). */
  readonly errors: number;
  /** 0-based row of the first error, when there is one. */
  readonly errorRow?: number;
}

/** The reason a unit was not parsed, for the run's notes. */
export interface Unparsed {
  readonly reason: string;
}

/** Parsers handed in by the engine; loaded once per process and reused. */
export interface CodeParsers {
  /** The tree of `text` in `lang`, or why there is none (grammar missing, text too large). */
  parse(lang: CodeLang, text: string): ParsedCode | Unparsed;
}

/** File extensions by language. */
const EXTENSIONS: Readonly<Record<string, CodeLang>> = {
  sh: 'sh',
  bash: 'sh',
  zsh: 'sh',
  ksh: 'sh',
  command: 'sh',
  py: 'python',
  pyw: 'python',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  ps1: 'powershell',
  psm1: 'powershell',
};

/** Fence info strings by language. */
const FENCES: Readonly<Record<string, CodeLang>> = {
  sh: 'sh',
  bash: 'sh',
  shell: 'sh',
  zsh: 'sh',
  ksh: 'sh',
  console: 'sh',
  terminal: 'sh',
  shellsession: 'sh',
  python: 'python',
  py: 'python',
  python3: 'python',
  js: 'javascript',
  javascript: 'javascript',
  mjs: 'javascript',
  node: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  typescript: 'typescript',
  powershell: 'powershell',
  ps1: 'powershell',
  pwsh: 'powershell',
  ps: 'powershell',
};

/**
 * The language of a script file, from its extension or its `#!` line.
 *
 * @example scriptLang('scripts/sync.sh', '') // 'sh'
 */
export function scriptLang(path: string, text: string): CodeLang | undefined {
  const dot = path.lastIndexOf('.');
  if (dot > path.lastIndexOf('/')) {
    const byExt = EXTENSIONS[path.slice(dot + 1).toLowerCase()];
    if (byExt) return byExt;
  }
  const bang = /^#!\s{0,4}(\S{1,80})(?:\s{1,4}(\S{1,40}))?/.exec(text);
  if (!bang) return undefined;
  const prog = (bang[1]!.endsWith('/env') ? (bang[2] ?? '') : bang[1]!).split('/').pop()!;
  if (/^(?:ba|z|k|da)?sh$/.test(prog)) return 'sh';
  if (/^python[0-9.]{0,4}$/.test(prog)) return 'python';
  if (/^(?:node|nodejs|deno|bun)$/.test(prog)) return 'javascript';
  if (/^(?:pwsh|powershell)$/.test(prog)) return 'powershell';
  return undefined;
}

/**
 * The language of a fenced block from its info string's first word.
 *
 * @example fenceLang('bash') // 'sh'
 */
export function fenceLang(info: string): CodeLang | undefined {
  return FENCES[info];
}

/** True when `x` is a tree, not a reason. */
export function isParsed(x: ParsedCode | Unparsed): x is ParsedCode {
  return (x as ParsedCode).root !== undefined;
}
