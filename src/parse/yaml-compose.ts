/**
 * `yaml` with bounds that hold on hostile text, shared by frontmatter and the
 * config file. Three things `parseDocument` + `toJS` do not bound:
 *
 * - Nesting. The composer recurses once per collection level, so 30,000
 *   levels (`[[[…`, or compact `- - - … x`) overflow the stack, and where the
 *   overflow lands depends on the thread's stack size: the diagnostic then
 *   differs between the main thread and a worker. Here the CST parser (an
 *   explicit stack, no recursion) is driven token by token and stopped as
 *   soon as more than `maxDepth` collections are open, before anything
 *   recursive runs. This counts what the tokenizer sees, so quotes,
 *   apostrophes in plain scalars or block indicators cannot fool it.
 * - Alias checks. Without a resolve cache each `alias.resolve(doc)` walks the
 *   whole document, so reporting 20,000 aliases was quadratic (~27 s for
 *   60 KB). `checkAliases` is one walk with a map of the anchors seen so far.
 * - Alias count. `toJS` counts aliases per anchor and walks the document for
 *   every alias inside an anchored node; more than `maxAliasCount` aliases
 *   in all is refused first, so its cost stays bounded.
 */
import type * as Yaml from 'yaml';
import type { CST, Document, DocumentOptions, LineCounter, ParseOptions, SchemaOptions } from 'yaml';
import { loadYaml } from '../model/vendor.js';

let yamlLib: typeof Yaml | undefined;

/**
 * The `yaml` package, loaded on first use: most frontmatter never needs it
 * (the hand fast path parses it), and importing it costs tens of
 * milliseconds that every `import('skillgraph')` would pay otherwise.
 *
 * @example const { Parser } = yaml();
 */
export function yaml(): typeof Yaml {
  return (yamlLib ??= loadYaml());
}

export type ComposeOptions = ParseOptions & DocumentOptions & SchemaOptions;

/**
 * A composed document; or the offset of the first collection nested deeper
 * than the limit, or of the first alias over the alias limit.
 */
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
 * Parse one YAML document like `parseDocument`, refusing nesting deeper than
 * `maxDepth` collections before the (recursive) composer runs. Never throws
 * on any text.
 *
 * @example boundedDocument('a: [[1]]\n', {}, 1).kind // 'too-deep'
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
  // Perf: aliases are counted on the tokens too, so 20,000 of them stop at the 101st in
  // ~1 ms instead of being composed first (~100 ms per 60 KB). Only while every alias so
  // far follows its anchor: otherwise checkAliases reports the first unresolved one.
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
    // Perf: the stack holds the open collections plus a few other open nodes, so it is
    // only counted when it is long enough to be over the limit; a stack four times the
    // limit is refused without counting, so a count never costs more than 4 × maxDepth.
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

/**
 * One walk in document order: every alias must follow an anchor of its name
 * (the rule `alias.resolve` applies, an anchor counting from its own node
 * on), and there may be at most `maxAliasCount` aliases. Linear in the
 * document.
 *
 * @example checkAliases(parseDocument('a: *x\n'), 100)?.kind // 'unresolved'
 */
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
 * Offsets of mapping keys equal to an earlier key of the same map — the rule
 * of yaml's `uniqueKeys: true` (the same node, or scalars with `===` values),
 * in one pass per map.
 * Perf: yaml compares each new key with every earlier one: ~0.8 s for the
 * ~8,000 keys that fit in a 64 KiB frontmatter. Parse with `uniqueKeys: false`
 * and call this instead.
 *
 * @example duplicateKeyOffsets(parseDocument('a: 1\na: 2\n', { uniqueKeys: false })) // [5]
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
