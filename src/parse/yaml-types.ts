/** The seam between frontmatter YAML text and the parser: both YAML paths return a `FrontmatterYaml`. */

/** Explicit limits for untrusted YAML. */
export interface YamlLimits {
  /** Largest frontmatter accepted, in characters. */
  readonly maxChars: number;
  /** Cap on alias expansion (yaml's `maxAliasCount`). */
  readonly maxAliasCount: number;
  /** Deepest collection nesting accepted. */
  readonly maxDepth: number;
}

/** A YAML-level problem, located in the YAML text (1-based; line 1 = first line after `---`). */
export interface YamlIssue {
  readonly code: 'yaml.invalid' | 'yaml.limit';
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/** A place in the YAML text, 1-based, line 1 = first line after the opening `---`. */
export interface YamlLoc {
  readonly line: number;
  readonly column: number;
}

/** Path into the data: mapping keys and sequence indices, e.g. `['includes', 2, 'skill']`. */
export type YamlPath = readonly (string | number)[];

export interface FrontmatterYaml {
  /** Plain JSON-like data, or `undefined` when the YAML did not parse. */
  readonly value: unknown;
  readonly issues: readonly YamlIssue[];
  /** Start of the node at `path` or of its key (`part: 'key'`); `undefined` when the path does not exist. */
  locate(path: YamlPath, part?: 'key' | 'value'): YamlLoc | undefined;
}

export type FrontmatterYamlParser = (yamlText: string, limits: YamlLimits) => FrontmatterYaml;
