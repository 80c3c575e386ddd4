import type * as Yaml from 'yaml';

/**
 * The names of the yaml package skillgraph uses: the package build bundles only these (and what they need),
 * and the type below lets the code reach no other.
 */
export const YAML_NAMES = [
  'CST',
  'Composer',
  'Lexer',
  'LineCounter',
  'Parser',
  'YAMLParseError',
  'isAlias',
  'isCollection',
  'isMap',
  'isNode',
  'isPair',
  'isScalar',
  'isSeq',
  'visit',
] as const;

export type YamlLib = Pick<typeof Yaml, (typeof YAML_NAMES)[number]>;
