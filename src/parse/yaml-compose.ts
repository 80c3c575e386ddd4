/**
 * `yaml` with bounds that hold on hostile text, for frontmatter and the config file:
 * - nesting: the recursive composer would overflow a stack whose size differs between threads, so the CST
 *   parser (no recursion) is driven token by token and stopped past `maxDepth` open collections;
 * - alias checks: one walk with a map of the anchors seen (`alias.resolve` per alias is quadratic);
 * - alias count: more than `maxAliasCount` in all is refused before `toJS`, whose cost grows with it.
 */
import type { YamlLib } from '../model/yaml-names.js';
import type { CST, Document, DocumentOptions, LineCounter, ParseOptions, SchemaOptions } from 'yaml';
import { loadYaml } from '../model/vendor.js';

let yamlLib: YamlLib | undefined;

/** The `yaml` package, loaded on first use: the hand fast path parses most frontmatter, and importing it is slow. */
export function yaml(): YamlLib {
  return (yamlLib ??= loadYaml());
}

export type ComposeOptions = ParseOptions & DocumentOptions & SchemaOptions;

/** A composed document, or the offset of the first collection too deep or the first alias over the limit. */
export type BoundedDocument =
  | { readonly kind: 'ok'; readonly doc: Document.Parsed; readonly lines: LineCounter }
  | { readonly kind: 'too-deep' | 'too-many-aliases'; readonly offset: number; readonly lines: LineCounter };

const COLLECTIONS: ReadonlySet<string> = new Set(['block-map', 'block-seq', 'flow-collection']);

/** Open collections on the parser's stack, and the offset of the innermost one. */
function openCollections(stack: readonly CST.Token[]): { count: number; offset: number } {
  let count = 0;
  let offset = 0;
  for (const token of stack) {
    if (COLLECTIONS.has(token.type)) {
      count++;
      offset = (token as { offset: number }).offset;
    }
  }
  return { count, offset };
}

/**
 * Parse one YAML document like `parseDocument`, refusing nesting deeper than `maxDepth` before the composer runs.
 * Never throws.
 */
export function boundedDocument(
  text: string,
  options: ComposeOptions,
  maxDepth: number,
  maxAliasCount = Infinity,
): BoundedDocument {
  const lines = new (yaml().LineCounter)();
  const parser = new (yaml().Parser)(lines.addNewLine);
  const tokens: CST.Token[] = [];
  lines.addNewLine(0);
  const push = (gen: Generator<CST.Token, void>): void => {
    for (const token of gen) tokens.push(token);
  };
  // Perf: aliases are counted on the tokens too, so a flood of them stops at the limit before composing; only
  // while every alias follows its anchor (otherwise checkAliases reports the first unresolved one).
  const anchors = new Set<string>();
  let aliases = 0;
  let resolved = true;
  let content = false;
  for (const lexeme of new (yaml().Lexer)().lex(text, false)) {
    const offset = parser.offset;
    // The lexeme after a SCALAR marker is scalar text, whatever its first character.
    if (content) content = false;
    else if (lexeme === yaml().CST.SCALAR) content = true;
    else if (lexeme.charCodeAt(0) === 0x26) anchors.add(lexeme.slice(1));
    else if (lexeme.charCodeAt(0) === 0x2a) {
      if (!anchors.has(lexeme.slice(1))) resolved = false;
      else if (++aliases > maxAliasCount && resolved) return { kind: 'too-many-aliases', offset, lines };
    }
    push(parser.next(lexeme));
    // Perf: counted only when long enough to be over the limit; four times the limit is refused uncounted.
    if (parser.stack.length > maxDepth) {
      const open = openCollections(parser.stack);
      if (open.count > maxDepth || parser.stack.length > 4 * maxDepth)
        return { kind: 'too-deep', offset: open.offset, lines };
    }
  }
  push(parser.end());
  const composer = new (yaml().Composer)(options);
  let doc: Document.Parsed | undefined;
  for (const next of composer.compose(tokens, true, text.length)) {
    if (doc === undefined) doc = next;
    else {
      // The same finding parseDocument adds for a second document.
      doc.errors.push(
        new (yaml().YAMLParseError)(
          [next.range[0], next.range[1]],
          'MULTIPLE_DOCS',
          'Source contains multiple documents; please use YAML.parseAllDocuments()',
        ),
      );
      break;
    }
  }
  // compose(…, true) always ends with a document, even for empty text.
  return { kind: 'ok', doc: doc!, lines };
}

/** What `checkAliases` found: an alias with no anchor before it, or one alias too many. */
export type AliasProblem = {
  readonly kind: 'unresolved' | 'too-many';
  readonly offset: number;
  readonly source: string;
};

/** One walk in document order: every alias must follow an anchor of its name, at most `maxAliasCount` in all. */
export function checkAliases(doc: Document.Parsed, maxAliasCount: number): AliasProblem | undefined {
  const anchors = new Set<string>();
  let aliases = 0;
  let problem: AliasProblem | undefined;
  yaml().visit(doc, {
    Node(_, node) {
      if (yaml().isAlias(node)) {
        const source = node.source;
        const offset = node.range?.[0] ?? 0;
        if (!anchors.has(source)) problem = { kind: 'unresolved', offset, source };
        else if (++aliases > maxAliasCount) problem = { kind: 'too-many', offset, source };
        return problem === undefined ? undefined : yaml().visit.BREAK;
      }
      const anchor = (node as { anchor?: string }).anchor;
      if (anchor !== undefined) anchors.add(anchor);
      return undefined;
    },
  });
  return problem;
}

/** Offset of the first alias in the document (where an expansion limit is reported), or 0. */
export function firstAliasOffset(doc: Document.Parsed): number {
  let at = 0;
  yaml().visit(doc, {
    Alias(_, node) {
      at = node.range?.[0] ?? 0;
      return yaml().visit.BREAK;
    },
  });
  return at;
}

/**
 * Offsets of mapping keys equal to an earlier key of the same map (yaml's `uniqueKeys: true` rule) in one pass.
 * Perf: yaml compares each key with every earlier one; parse with `uniqueKeys: false` and call this instead.
 */
export function duplicateKeyOffsets(doc: Document.Parsed): number[] {
  const found: number[] = [];
  yaml().visit(doc, {
    Map(_, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = pair.key;
        const value = yaml().isScalar(key) ? key.value : key;
        // NaN !== NaN: yaml never calls two `.nan` keys equal.
        if (typeof value === 'number' && Number.isNaN(value)) continue;
        if (seen.has(value)) found.push((key as { range?: [number, number, number] } | null)?.range?.[0] ?? 0);
        else seen.add(value);
      }
    },
  });
  return found;
}
