/**
 * Differential property: whenever the hand fast path accepts a frontmatter,
 * the general `yaml` path accepts it too and both give the same value (key
 * order included) and the same location for every key and value. Inputs are
 * generated flat frontmatters plus adversarial near-misses (indicators,
 * core-schema literals, odd indentation, comments, quotes).
 */
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseFlatFrontmatter } from '../../src/parse/fast-yaml.js';
import { DEFAULT_YAML_LIMITS, parseYamlFrontmatter } from '../../src/parse/yaml-doc.js';
import type { YamlPath } from '../../src/parse/yaml-types.js';

const SAFE_WORDS = ['alpha', 'Use', 'when', 'skills', 'v1.2', 'x-y', 'é', '42', 'true', 'yes', '(see)', 'a/b'];
const TRICKY_WORDS = [
  'yes',
  'no',
  'on',
  'off',
  '~',
  'null',
  'Null',
  'true',
  'FALSE',
  '0x1F',
  '0o17',
  '017',
  '1e3',
  '1.',
  '.5',
  '-1',
  '+5',
  '.inf',
  '-.Inf',
  '.NaN',
  '1_000',
  '12345678901234567890',
  '-0',
  '0.0',
  'a:b',
  'x:',
  ':x',
  'a#b',
  '#x',
  '-x',
  '- x',
  '[a]',
  '{a}',
  '&a',
  '*a',
  '!t',
  '|',
  '>',
  '%x',
  '@x',
  '`x',
  '"q"',
  "'q'",
  "it's",
  '?x',
  ',x',
  'é',
  '🍌',
  'a\\b',
  '---',
  '...',
  'https://x.io/p?q=1',
  '(GHSA-x)',
  '<tag>',
  '=',
  '$v',
];
const KEYS = [
  'name',
  'description',
  'license',
  'metadata',
  'tools',
  'a',
  'b-c',
  'x_y',
  'v1.2',
  'k/x',
  'Key',
  'yes',
  'includes',
  'mcp',
  'version',
  'x',
];
const TRICKY_KEYS = ['true', '1', 'null', '__proto__', '-k', 'a b', '"q"'];
const key = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 1, arbitrary: fc.constantFrom(...TRICKY_KEYS) },
);

const word = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...SAFE_WORDS) },
  { weight: 1, arbitrary: fc.constantFrom(...TRICKY_WORDS) },
);
const phrase = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(' '));
const indent = fc.constantFrom('', ' ', '  ', '   ', '    ');
const comment = fc.constantFrom('', '', '', '', '', ' # note', '#glued', '  # [x]');

const plainOneLine = fc.tuple(phrase, comment).map(([p, c]) => ` ${p}${c}`);
const plainMulti = fc
  .tuple(
    phrase,
    fc.array(fc.tuple(fc.constantFrom('', '', '\n', '\n  \n'), indent, phrase), { minLength: 1, maxLength: 3 }),
    fc.boolean(),
  )
  .map(
    ([first, rest, onNext]) =>
      `${onNext ? '' : ` ${first}`}${rest.map(([gap, ind, p]) => `${gap}\n${ind}${p}`).join('')}`,
  );
const singleQuoted = fc.tuple(phrase, comment).map(([p, c]) => ` '${p.replace(/'/g, "''")}'${c}`);
const ESC = [
  '\\n',
  '\\t',
  '\\"',
  '\\\\',
  '\\x41',
  '\\u00e9',
  '\\U0001F34C',
  '\\q',
  '\\',
  '\\_',
  '\\/',
  '\\uD800',
  '\\U00110000',
];
const doubleQuoted = fc
  .tuple(
    fc.array(fc.oneof({ weight: 3, arbitrary: word }, { weight: 1, arbitrary: fc.constantFrom(...ESC) }), {
      minLength: 0,
      maxLength: 4,
    }),
    comment,
  )
  .map(([parts, c]) => ` "${parts.join(' ').replace(/"(?![^\\]*\\)/g, 'Q')}"${c}`);
const blockHeader = fc.constantFrom('|', '|-', '|+', '>', '>-', '>+', '|2', '>1', '| # c', '|#c', '>+ ');
const blockLine = fc.tuple(
  fc.constantFrom('', ' ', '  ', '   ', '    ', '      '),
  fc.oneof(phrase, fc.constant(''), fc.constant('# in')),
);
const block = fc
  .tuple(blockHeader, fc.array(blockLine, { minLength: 0, maxLength: 5 }), fc.constantFrom('', '\n', '\n\n', '\n  \n'))
  .map(
    ([h, lines, tail]) =>
      ` ${h}${lines.map(([i, t]) => `\n${t === '' ? i.slice(0, 2) : `  ${i}${t}`}`).join('')}${tail}`,
  );
const flowItem = fc.oneof(word, fc.constantFrom('"a, b"', "'c'", '', ' x ', '[y]'));
const flowSeq = fc
  .tuple(
    fc.array(flowItem, { maxLength: 4 }),
    fc.constantFrom(', ', ',', ' ,'),
    fc.constantFrom(']', ',]', ' ] # c', ']x'),
  )
  .map(([items, sep, end]) => ` [${items.join(sep)}${end}`);
const COMMENT_ITEM = '<comment>';
const blockSeq = fc
  .tuple(
    indent,
    fc.array(
      fc.oneof(
        plainOneLine,
        plainMulti,
        singleQuoted,
        doubleQuoted,
        fc.constantFrom('', ' k: v', '\t', 'x', COMMENT_ITEM),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  )
  .map(([ind, items]) =>
    items
      .map((it) => (it === COMMENT_ITEM ? `\n${ind.slice(1)}# between` : `\n${ind}-${it.replace(/\n/g, `\n${ind}`)}`))
      .join(''),
  );
const scalarValue = fc.oneof(
  plainOneLine,
  plainMulti,
  singleQuoted,
  doubleQuoted,
  block,
  fc.constantFrom('', ' ', ' # empty'),
);
const nestedMap = fc
  .tuple(fc.constantFrom('  ', '    ', ' '), fc.array(fc.tuple(key, scalarValue), { minLength: 1, maxLength: 3 }))
  .map(([ind, entries]) =>
    entries.map(([k, v], i) => `${i === 1 ? '\n# between' : ''}\n${ind}${k}:${v.replace(/\n/g, `\n${ind}`)}`).join(''),
  );
/** One-line flow collections, nested, with near-misses (`{a:b}`, `{a}`, trailing commas, junk after). */
const flowSep = fc.constantFrom(', ', ',', ' ,');
const { flowNode } = fc.letrec<{ flowNode: string; flowSeqN: string; flowMapN: string }>((tie) => ({
  flowNode: fc.oneof({ maxDepth: 3 }, flowItem, tie('flowSeqN'), tie('flowMapN')),
  flowSeqN: fc
    .tuple(fc.array(tie('flowNode'), { maxLength: 3 }), flowSep, fc.constantFrom(']', ']', ',]'))
    .map(([items, sep, end]) => `[${items.join(sep)}${end}`),
  flowMapN: fc
    .tuple(
      fc.array(fc.tuple(key, fc.constantFrom(': ', ': ', ':', ' : ', ''), tie('flowNode')), { maxLength: 3 }),
      flowSep,
      fc.constantFrom('}', '}', ',}', ' }'),
    )
    .map(([entries, sep, end]) => `{${entries.map(([k, c, v]) => `${k}${c}${v}`).join(sep)}${end}`),
}));
const flowValue = fc.tuple(flowNode, fc.constantFrom('', '', ' # c', ' x')).map(([n, tail]) => ` ${n}${tail}`);

/** Block values nested `level` more levels: mappings, sequences with compact-mapping items (aligned or not). */
function blockValue(level: number): fc.Arbitrary<string> {
  if (level === 0) return fc.oneof({ weight: 3, arbitrary: scalarValue }, { weight: 1, arbitrary: flowValue });
  const inner = blockValue(level - 1);
  const map = fc
    .tuple(fc.constantFrom('  ', '    ', ' '), fc.array(fc.tuple(key, inner), { minLength: 1, maxLength: 3 }))
    .map(([ind, entries]) => entries.map(([k, v]) => `\n${ind}${k}:${v.replace(/\n/g, `\n${ind}`)}`).join(''));
  const compact = fc
    .tuple(
      fc.constantFrom(' ', ' ', '  '),
      fc.array(fc.tuple(key, inner), { minLength: 1, maxLength: 3 }),
      fc.constantFrom(0, 0, 0, 1, -1),
    )
    .map(([sp, entries, skew]) => {
      const col = ' '.repeat(1 + sp.length);
      const rest = ' '.repeat(Math.max(0, 1 + sp.length + skew));
      return entries
        .map(([k, v], i) => `${i === 0 ? sp : `\n${rest}`}${k}:${v.replace(/\n/g, `\n${i === 0 ? col : rest}`)}`)
        .join('');
    });
  const item = fc.oneof(plainOneLine, singleQuoted, flowValue, compact, compact);
  const seq = fc
    .tuple(indent, fc.array(item, { minLength: 1, maxLength: 3 }))
    .map(([ind, items]) => items.map((it) => `\n${ind}-${it.replace(/\n/g, `\n${ind}`)}`).join(''));
  return fc.oneof({ weight: 3, arbitrary: inner }, { weight: 1, arbitrary: map }, { weight: 1, arbitrary: seq });
}

const value = fc.oneof(
  { weight: 4, arbitrary: scalarValue },
  { weight: 1, arbitrary: flowSeq },
  { weight: 1, arbitrary: blockSeq },
  { weight: 1, arbitrary: nestedMap },
  { weight: 2, arbitrary: blockValue(3) },
);
const noise = fc.constantFrom(
  '',
  '',
  '',
  '',
  '',
  '',
  '',
  '',
  '\n',
  '\n# comment',
  '\n   # indented comment',
  '\n  stray',
  '\n\t',
  '\n- x',
);
const entry = fc.tuple(key, value, noise).map(([k, v, z]) => `${k}:${v}${z}`);
const frontmatter = fc
  .tuple(fc.array(entry, { minLength: 1, maxLength: 6 }), fc.constantFrom('\n', '', '\n\n'))
  .map(([entries, end]) => entries.join('\n') + end);

/** Every key path of plain data, plus a few paths that do not exist. */
function pathsOf(value: unknown, prefix: (string | number)[] = [], out: YamlPath[] = []): YamlPath[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => pathsOf(item, [...prefix, i], out));
  else if (value !== null && typeof value === 'object')
    for (const k of Object.keys(value)) pathsOf((value as Record<string, unknown>)[k], [...prefix, k], out);
  return out;
}

/** Differential check of one text; returns whether the fast path accepted it. */
function agree(text: string): boolean {
  const fast = parseFlatFrontmatter(text, DEFAULT_YAML_LIMITS);
  if (fast === null) return false;
  const general = parseYamlFrontmatter(text, DEFAULT_YAML_LIMITS);
  expect(general.issues, `yaml rejects what the fast path accepted: ${JSON.stringify(text)}`).toEqual([]);
  expect(isDeepStrictEqual(fast.value, general.value), `values differ for ${JSON.stringify(text)}`).toBe(true);
  expect(Object.keys(fast.value as object)).toEqual(Object.keys(general.value as object));
  const paths = [...pathsOf(general.value), ['missing'], ['name', 0], ['tools', 99], ['metadata', 'nope']];
  for (const path of paths) {
    for (const part of ['key', 'value'] as const) {
      expect(fast.locate(path, part), `${JSON.stringify(text)} ${JSON.stringify(path)} ${part}`).toEqual(
        general.locate(path, part),
      );
    }
  }
  return true;
}

// Stress locally with FAST_YAML_RUNS=200000 FAST_YAML_SEED=n; CI uses the fixed defaults.
const RUNS = Number(process.env.FAST_YAML_RUNS ?? 4000);
const SEED = Number(process.env.FAST_YAML_SEED ?? 7);

describe('fast path ≡ yaml path on generated frontmatter', () => {
  it('agrees whenever it accepts (generated flat shapes and near-misses)', () => {
    let accepted = 0;
    fc.assert(
      fc.property(frontmatter, (text) => {
        if (agree(text)) accepted++;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The property is only meaningful if a fair share of inputs takes the fast path.
    if (process.env.FAST_YAML_RUNS) console.log(`fast path accepted ${accepted} of ${RUNS}`);
    expect(accepted).toBeGreaterThan(RUNS / 10);
  });

  it('agrees entry by entry for every value style', () => {
    const styles = {
      plainOneLine,
      plainMulti,
      singleQuoted,
      doubleQuoted,
      block,
      flowSeq,
      blockSeq,
      nestedMap,
      flowValue,
      nested: blockValue(4),
    };
    for (const [style, arb] of Object.entries(styles)) {
      let accepted = 0;
      fc.assert(
        fc.property(arb, fc.constantFrom('\n', '\nname: x\n', ''), (v, after) => {
          if (agree(`k:${v}${after}`)) accepted++;
        }),
        { numRuns: Math.ceil(RUNS / 8), seed: SEED },
      );
      if (process.env.FAST_YAML_RUNS) console.log(`${style}: accepted ${accepted}`);
      expect(accepted, style).toBeGreaterThan(RUNS / 80);
    }
  });

  it('accepts every canonical flat frontmatter', () => {
    const safeWord = fc.constantFrom('alpha', 'Use', 'when', 'yes', 'on', 'tools', 'x-y', 'v1.2', '42', 'true', 'é');
    const safe = fc
      .array(
        fc.tuple(
          fc.constantFrom('name', 'description', 'license', 'version', 'tags', 'allowed-tools'),
          fc.array(safeWord, { minLength: 1, maxLength: 3 }),
        ),
        { minLength: 1, maxLength: 6 },
      )
      .map((entries) => {
        const seen = new Set<string>();
        return (
          entries
            .filter(([k]) => !seen.has(k) && seen.add(k))
            .map(([k, w]) => `${k}: ${w.join(' ')}`)
            .join('\n') + '\n'
        );
      });
    fc.assert(
      fc.property(safe, (text) => {
        expect(agree(text), JSON.stringify(text)).toBe(true);
      }),
      { numRuns: 500, seed: 11 },
    );
  });
});
