/**
 * The audit's parsers: tree-sitter (`web-tree-sitter`, WASM) with the prebuilt
 * grammars of `@vscode/tree-sitter-wasm`, both optional peer dependencies
 * (without them the audit reads code with its line rules, and says so). The
 * runtime is required on first use and started once per process; each grammar is
 * compiled synchronously when a unit of its language first needs it, so a
 * run without PowerShell never loads PowerShell. The runtime is the package's
 * CommonJS build, required on first use. Trees are copied into the
 * plain nodes the audit reads (`audit/code/syntax.ts`) and the WASM tree is
 * freed at once. Only the audit path imports this module, and only
 * dynamically (the import-graph test keeps it there).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { grammarFolder, loadTreeSitter } from '../model/vendor.js';
import type { CodeLang, CodeParsers, ParsedCode, SyntaxNode, Unparsed } from '../audit/code/syntax.js';

/** Units larger than this are left to the line rules (a parse is linear, but the tree is held whole). */
export const MAX_PARSED_CHARS = 512 * 1024;
/** Trees with more nodes than this are cut (the rest is read by the line rules). */
const MAX_NODES = 400_000;

const GRAMMAR_FILES: Readonly<Record<CodeLang, string>> = {
  sh: 'tree-sitter-bash.wasm',
  python: 'tree-sitter-python.wasm',
  javascript: 'tree-sitter-javascript.wasm',
  typescript: 'tree-sitter-typescript.wasm',
  powershell: 'tree-sitter-powershell.wasm',
};

/**
 * Where a grammar is: in the installed grammar package (`dependency.missing` when it is not).
 *
 * @example grammarPath('python') // '/…/node_modules/@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm'
 */
export function grammarPath(lang: CodeLang): string {
  return join(grammarFolder(), GRAMMAR_FILES[lang]);
}

type TreeSitter = typeof import('web-tree-sitter');

let loading: Promise<CodeParsers> | undefined;
let ready: CodeParsers | undefined;

/**
 * The parsers, started on first call and shared by every later one.
 * Never rejects: a runtime that cannot start gives parsers that say why for every unit.
 *
 * @example const parsers = await loadAuditParsers(); parsers.parse('sh', 'curl x | sh')
 */
export function loadAuditParsers(): Promise<CodeParsers> {
  loading ??= start().then((p) => (ready = p));
  return loading;
}

/**
 * The parsers when `loadAuditParsers` has finished, else undefined (for the synchronous audit calls).
 *
 * @example auditSkill(input, { parsers: loadedAuditParsers() })
 */
export function loadedAuditParsers(): CodeParsers | undefined {
  return ready;
}

async function start(): Promise<CodeParsers> {
  let ts: TreeSitter;
  try {
    // Required, not imported: the package's bundle is CommonJS, which has no dynamic import of packages.
    ts = loadTreeSitter();
    grammarFolder();
    await ts.Parser.init();
  } catch (error) {
    const reason = `the parser runtime did not start (${error instanceof Error ? error.message : String(error)})`;
    return { parse: () => ({ reason }) };
  }
  const parser = new ts.Parser();
  const languages = new Map<CodeLang, InstanceType<TreeSitter['Language']> | string>();
  const language = (lang: CodeLang): InstanceType<TreeSitter['Language']> | string => {
    let l = languages.get(lang);
    if (l === undefined) {
      const path = grammarPath(lang);
      try {
        l = existsSync(path)
          ? ts.Language.loadSync(new WebAssembly.Module(readFileSync(path)))
          : `the ${lang} grammar is missing (${path})`;
      } catch (error) {
        l = `the ${lang} grammar did not load (${error instanceof Error ? error.message : String(error)})`;
      }
      languages.set(lang, l);
    }
    return l;
  };
  return {
    parse(lang: CodeLang, text: string): ParsedCode | Unparsed {
      if (text.length > MAX_PARSED_CHARS) return { reason: `larger than ${MAX_PARSED_CHARS / 1024} KiB` };
      const l = language(lang);
      if (typeof l === 'string') return { reason: l };
      parser.setLanguage(l);
      const tree = parser.parse(text);
      if (!tree) return { reason: 'the parser gave no tree' };
      try {
        return copyTree(tree.walk());
      } finally {
        tree.delete();
      }
    },
  };
}

interface Building {
  readonly node: Omit<SyntaxNode, 'children'> & { children: SyntaxNode[] };
}

/** The cursor's tree as plain nodes, depth first, without recursion. */
function copyTree(cursor: ReturnType<InstanceType<TreeSitter['Tree']>['walk']>): ParsedCode {
  let errors = 0;
  let errorRow: number | undefined;
  let count = 0;
  const make = (): Building['node'] => {
    const p = cursor.startPosition;
    const type = cursor.nodeType;
    if (type === 'ERROR' || cursor.nodeIsMissing) {
      errors++;
      errorRow ??= p.row;
    }
    count++;
    return {
      type,
      named: cursor.nodeIsNamed,
      field: cursor.currentFieldName,
      start: cursor.startIndex,
      end: cursor.endIndex,
      row: p.row,
      col: p.column,
      children: [],
    };
  };
  const root = make();
  const stack: Building['node'][] = [root];
  for (;;) {
    if (count < MAX_NODES && cursor.gotoFirstChild()) {
      const child = make();
      stack.at(-1)!.children.push(child);
      stack.push(child);
      continue;
    }
    for (;;) {
      if (cursor.gotoNextSibling()) {
        stack.pop();
        const child = make();
        stack.at(-1)!.children.push(child);
        stack.push(child);
        break;
      }
      if (!cursor.gotoParent()) {
        cursor.delete();
        if (count >= MAX_NODES) errors++;
        return { root, errors, ...(errorRow !== undefined ? { errorRow } : {}) };
      }
      stack.pop();
    }
    if (count >= MAX_NODES) {
      while (cursor.gotoParent());
      cursor.delete();
      return { root, errors: errors + 1, ...(errorRow !== undefined ? { errorRow } : {}) };
    }
  }
}
