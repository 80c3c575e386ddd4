/**
 * The general frontmatter path: `yaml` with explicit limits, core schema, extra tags left inert and reported,
 * duplicate keys as findings, aliases capped, nesting counted before the composer runs (`yaml-compose.ts`).
 */
import type { Node as YamlNode, Pair, YAMLMap } from 'yaml';
import {
  yaml,
  boundedDocument,
  checkAliases,
  duplicateKeyOffsets,
  firstAliasOffset,
  type ComposeOptions,
} from './yaml-compose.js';
import type { FrontmatterYaml, YamlIssue, YamlLimits, YamlLoc, YamlPath } from './yaml-types.js';

/** Defaults for untrusted frontmatter. */
export const DEFAULT_YAML_LIMITS: YamlLimits = Object.freeze({
  maxChars: 64 * 1024,
  maxAliasCount: 100,
  maxDepth: 64,
});

const PARSE_OPTIONS: ComposeOptions = Object.freeze({
  schema: 'core',
  customTags: [],
  resolveKnownTags: false,
  // Duplicate keys are findings, found by duplicateKeyOffsets in linear time.
  uniqueKeys: false,
  prettyErrors: false,
  strict: true,
  keepSourceTokens: false,
  // A pure stage never writes to the console: findings are data.
  logLevel: 'error',
});

/** YAML problems reported per frontmatter (the rest counted in one finding): one hostile file must not flood. */
export const MAX_YAML_ISSUES = 20;

function capIssues(issues: YamlIssue[]): YamlIssue[] {
  if (issues.length <= MAX_YAML_ISSUES) return issues;
  const sorted = [...issues].sort(
    (a, b) => a.line - b.line || a.column - b.column || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
  const next = sorted[MAX_YAML_ISSUES]!;
  const more = sorted.length - MAX_YAML_ISSUES;
  return [
    ...sorted.slice(0, MAX_YAML_ISSUES),
    {
      code: 'yaml.invalid',
      message: `${more} more YAML problems not listed (at most ${MAX_YAML_ISSUES} are)`,
      line: next.line,
      column: next.column,
    },
  ];
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

/** Parse frontmatter YAML with `yaml`: plain data, issues and a locator for nodes. Never throws. */
export function parseYamlFrontmatter(yamlText: string, limits: YamlLimits): FrontmatterYaml {
  if (yamlText.length > limits.maxChars) {
    return failed({
      code: 'yaml.limit',
      message: `frontmatter is ${yamlText.length} characters; the limit is ${limits.maxChars}`,
      line: 1,
      column: 1,
    });
  }
  const bounded = boundedDocument(yamlText, PARSE_OPTIONS, limits.maxDepth, limits.maxAliasCount);
  if (bounded.kind !== 'ok') {
    const pos = bounded.lines.linePos(bounded.offset);
    const message =
      bounded.kind === 'too-deep'
        ? `collections nest deeper than ${limits.maxDepth} levels`
        : `more than ${limits.maxAliasCount} aliases`;
    return failed({ code: 'yaml.limit', message, line: pos.line, column: pos.col });
  }
  const { doc, lines } = bounded;
  const issues: YamlIssue[] = [];
  const at = (offset: number, code: YamlIssue['code'], message: string): void => {
    const pos = lines.linePos(offset);
    issues.push({ code, message, line: pos.line, column: pos.col });
  };
  for (const e of [...doc.errors, ...doc.warnings]) at(e.pos[0], 'yaml.invalid', firstLine(e.message));
  for (const offset of duplicateKeyOffsets(doc)) at(offset, 'yaml.invalid', 'Map keys must be unique');
  // A map or list used as a key cannot become a JSON field name; yaml would stringify it silently.
  yaml().visit(doc, {
    Pair(_, pair) {
      if (yaml().isCollection(pair.key)) at(pair.key.range?.[0] ?? 0, 'yaml.invalid', 'a map or list cannot be a key');
    },
  });
  let value: unknown;
  if (issues.length === 0) {
    const alias = checkAliases(doc, limits.maxAliasCount);
    // An alias with no anchor before it (`*nope`) is invalid YAML, not a resource limit.
    if (alias?.kind === 'unresolved')
      at(alias.offset, 'yaml.invalid', `alias *${alias.source} has no anchor &${alias.source} before it`);
    else if (alias?.kind === 'too-many') at(alias.offset, 'yaml.limit', `more than ${limits.maxAliasCount} aliases`);
    else {
      try {
        value = doc.toJS({ maxAliasCount: limits.maxAliasCount });
      } catch (error) {
        const detail = firstLine(error instanceof Error ? error.message : String(error));
        at(
          firstAliasOffset(doc),
          'yaml.limit',
          `alias expansion exceeds the limit (${limits.maxAliasCount}): ${detail}`,
        );
      }
    }
    // Aliases can nest data deeper than the text does (`b: [*a]`); reported where aliasing starts.
    if (value !== undefined && dataDepth(value, limits.maxDepth) > limits.maxDepth) {
      at(firstAliasOffset(doc), 'yaml.limit', `collections nest deeper than ${limits.maxDepth} levels`);
      value = undefined;
    }
  }
  const hasIssues = issues.length > 0;
  const reported = capIssues(issues);
  const index = new WeakMap<YAMLMap, Map<string, Pair>>();
  return {
    value: hasIssues ? undefined : value,
    issues: reported,
    locate: (path: YamlPath, part: 'key' | 'value' = 'value'): YamlLoc | undefined => {
      const range = findRange(doc.contents as YamlNode | null, path, part, index);
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

/** Start offset of the node (or key) at `path`, the first pair of a key winning; maps indexed on first use. */
function findRange(
  root: YamlNode | null,
  path: YamlPath,
  part: 'key' | 'value',
  index: WeakMap<YAMLMap, Map<string, Pair>>,
): number | undefined {
  let node: unknown = root;
  let keyNode: unknown;
  for (const step of path) {
    if (yaml().isAlias(node)) return undefined;
    if (yaml().isMap(node)) {
      let byKey = index.get(node);
      if (byKey === undefined) {
        byKey = new Map();
        for (const p of node.items) {
          const text = yaml().isPair(p) ? keyText(p.key) : undefined;
          if (text !== undefined && !byKey.has(text)) byKey.set(text, p);
        }
        index.set(node, byKey);
      }
      const pair = byKey.get(String(step));
      if (!pair) return undefined;
      keyNode = pair.key;
      node = pair.value;
    } else if (yaml().isSeq(node) && typeof step === 'number') {
      keyNode = undefined;
      node = node.items[step];
    } else return undefined;
  }
  const target = part === 'key' && path.length > 0 ? keyNode : (node ?? keyNode);
  const range = (target as { range?: [number, number, number] } | null | undefined)?.range;
  return range?.[0];
}

function keyText(key: unknown): string | undefined {
  if (yaml().isScalar(key)) return String(key.value);
  return undefined;
}
