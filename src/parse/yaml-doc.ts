/**
 * The general frontmatter path (DESIGN P2): the `yaml` package with explicit
 * limits. YAML 1.2 core schema, no custom or "known" extra tags resolved
 * (`!!binary`, `!!set`, … stay inert and are reported), duplicate keys are
 * findings, alias expansion is capped, nesting depth is checked before the
 * parser ever sees the text.
 */
import { LineCounter, isAlias, isCollection, isMap, isPair, isScalar, isSeq, parseDocument, visit, type DocumentOptions, type Node as YamlNode, type ParseOptions, type SchemaOptions } from 'yaml';
import type { FrontmatterYaml, YamlIssue, YamlLimits, YamlLoc, YamlPath } from './yaml-types.js';

/** Defaults for untrusted frontmatter. */
export const DEFAULT_YAML_LIMITS: YamlLimits = Object.freeze({
  maxChars: 64 * 1024,
  maxAliasCount: 100,
  maxDepth: 64,
});

const PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = Object.freeze({
  schema: 'core',
  customTags: [],
  resolveKnownTags: false,
  uniqueKeys: true,
  prettyErrors: false,
  strict: true,
  keepSourceTokens: false,
  // A pure stage never writes to the console: findings are data.
  logLevel: 'error',
});

/**
 * Deepest `[`/`{` nesting outside quoted scalars. Deep flow nesting makes the
 * `yaml` package exhaust memory (measured: 20,000 levels abort the process), so
 * it is refused before parsing. Block nesting is bounded by `maxChars`.
 */
function flowDepth(text: string, stopAt: number): number {
  let depth = 0;
  let max = 0;
  let quote = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote || c === 0x0a) quote = 0;
      continue;
    }
    if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
    else if (c === 0x0a) quote = 0;
  }
  return max;
}

/** Depth of plain JS data (iterative; arrays and objects count one level each). */
function dataDepth(value: unknown, stopAt: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d > max) max = d;
    if (max > stopAt) return max;
    for (const child of Object.values(v as object)) stack.push([child, d + 1]);
  }
  return max;
}

function failed(issue: YamlIssue): FrontmatterYaml {
  return { value: undefined, issues: [issue], locate: () => undefined };
}

/**
 * Parse frontmatter YAML text with `yaml`, returning plain data, issues and a
 * locator for nodes. Never throws.
 *
 * @example parseYamlFrontmatter('name: a\n', DEFAULT_YAML_LIMITS).value // { name: 'a' }
 */
export function parseYamlFrontmatter(yamlText: string, limits: YamlLimits): FrontmatterYaml {
  if (yamlText.length > limits.maxChars) {
    return failed({ code: 'yaml.limit', message: `frontmatter is ${yamlText.length} characters; the limit is ${limits.maxChars}`, line: 1, column: 1 });
  }
  if (flowDepth(yamlText, limits.maxDepth) > limits.maxDepth) {
    return failed({ code: 'yaml.limit', message: `collections nest deeper than ${limits.maxDepth} levels`, line: 1, column: 1 });
  }
  const lines = new LineCounter();
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(yamlText, { ...PARSE_OPTIONS, lineCounter: lines });
  } catch (error) {
    return failed({ code: 'yaml.invalid', message: error instanceof Error ? error.message : String(error), line: 1, column: 1 });
  }
  const issues: YamlIssue[] = [];
  for (const e of [...doc.errors, ...doc.warnings]) {
    const pos = lines.linePos(e.pos[0]);
    issues.push({ code: 'yaml.invalid', message: firstLine(e.message), line: pos.line, column: pos.col });
  }
  // A map or list used as a key cannot become a JSON field name; yaml would stringify it silently.
  visit(doc, {
    Pair(_, pair) {
      if (isCollection(pair.key)) {
        const pos = lines.linePos(pair.key.range?.[0] ?? 0);
        issues.push({ code: 'yaml.invalid', message: 'a map or list cannot be a key', line: pos.line, column: pos.col });
      }
    },
  });
  let value: unknown;
  if (issues.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: limits.maxAliasCount });
    } catch (error) {
      const detail = firstLine(error instanceof Error ? error.message : String(error));
      // An alias with no anchor before it (`*nope`) is invalid YAML, not a resource limit; point at the alias.
      let at = -1;
      visit(doc, {
        Alias(_, node) {
          if (node.resolve(doc) !== undefined) return undefined;
          at = node.range?.[0] ?? 0;
          return visit.BREAK;
        },
      });
      if (at >= 0) {
        const pos = lines.linePos(at);
        issues.push({ code: 'yaml.invalid', message: detail, line: pos.line, column: pos.col });
      } else {
        issues.push({ code: 'yaml.limit', message: `alias expansion exceeds the limit (${limits.maxAliasCount}): ${detail}`, line: 1, column: 1 });
      }
    }
    if (value !== undefined && dataDepth(value, limits.maxDepth) > limits.maxDepth) {
      issues.push({ code: 'yaml.limit', message: `collections nest deeper than ${limits.maxDepth} levels`, line: 1, column: 1 });
      value = undefined;
    }
  }
  const hasIssues = issues.length > 0;
  return {
    value: hasIssues ? undefined : value,
    issues,
    locate: (path: YamlPath, part: 'key' | 'value' = 'value'): YamlLoc | undefined => {
      const range = findRange(doc.contents as YamlNode | null, path, part);
      if (range === undefined) return undefined;
      const pos = lines.linePos(range);
      return { line: pos.line, column: pos.col };
    },
  };
}

function firstLine(message: string): string {
  const nl = message.indexOf('\n');
  return nl === -1 ? message : message.slice(0, nl);
}

/** Start offset of the node (or its key) at `path`. */
function findRange(root: YamlNode | null, path: YamlPath, part: 'key' | 'value'): number | undefined {
  let node: unknown = root;
  let keyNode: unknown;
  for (const step of path) {
    if (isAlias(node)) return undefined;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && keyText(p.key) === String(step));
      if (!pair) return undefined;
      keyNode = pair.key;
      node = pair.value;
    } else if (isSeq(node) && typeof step === 'number') {
      keyNode = undefined;
      node = node.items[step];
    } else return undefined;
  }
  const target = part === 'key' && path.length > 0 ? keyNode : (node ?? keyNode);
  const range = (target as { range?: [number, number, number] } | null | undefined)?.range;
  return range?.[0];
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}
