/**
 * A host model: what one agent reads, how it reads it, which copy wins and
 * what its listing keeps, as plain data. Each rule names its source: an
 * oracle run of the agent itself (the tree it ran on) or a documentation page.
 */

/** Where a rule comes from: measured on a fixture tree (the model's `checked` version), or documented at a URL. */
export type RuleSource = { readonly measured: string } | { readonly documented: string };

/** The rules a model states, each with its source. */
export const RULE_NAMES = [
  'roots',
  'walk-up',
  'trust',
  'depth',
  'files',
  'symlinks',
  'yaml',
  'names',
  'description',
  'precedence',
  'listing',
  'budget',
  'bundled',
] as const;
export type RuleName = (typeof RULE_NAMES)[number];

/** One folder an agent reads skills from. */
export interface HostRoot {
  /** `project` roots are relative to the starting folder (and each folder walked up); `user` roots to the home folder. */
  readonly scope: 'project' | 'user';
  readonly path: string;
  /** A user root the agent moves with an environment variable: `$VAR/suffix`. */
  readonly env?: { readonly name: string; readonly suffix: string };
  /** Read only in a folder the user trusts. */
  readonly trusted?: boolean;
  /** Folders this root's walk skips, when not the model's `skip` (OpenCode skips dot-folders in `.opencode` only). */
  readonly skip?: SkipFolders;
}

/**
 * How far up project roots are looked for: `none` (the starting folder only), `git` (every folder
 * up to the repository top; the starting folder only outside a repository) or `git-else-root` (up
 * to the repository top, else up to the file-system root).
 */
export type WalkUp = 'none' | 'git' | 'git-else-root';

/** Which folders below a root the agent never searches. */
export type SkipFolders = 'none' | 'dot' | 'dot-and-node-modules';

export interface HostDiscovery {
  /** In the order the agent loads them (which decides first-wins and last-wins precedence). */
  readonly roots: readonly HostRoot[];
  readonly walkUp: WalkUp;
  /** Project roots are visited starting folder first, or repository top first. */
  readonly walkOrder: 'near-first' | 'top-first';
  /** Levels of folders below a root searched for SKILL.md: 1 = `ROOT/NAME/SKILL.md` only. */
  readonly depth: number;
  /** A SKILL.md directly in a root is a skill. */
  readonly rootFile: boolean;
  /** Skills inside another skill's folder are found. */
  readonly nested: boolean;
  readonly skip: SkipFolders;
  /** Symlinked skill folders (and roots) and symlinked SKILL.md files are followed. */
  readonly symlinks: { readonly folders: boolean; readonly files: boolean };
}

/** How a fallback fills a missing description: the first line of the body, or a fixed text. */
export type DescriptionFallback = 'refuse' | 'body' | 'placeholder' | 'keep' | 'unlisted';

export interface HostDialect {
  /**
   * How the frontmatter block is found: `lines` (a `---` line, trailing blanks and a BOM allowed),
   * `lines-no-bom` (the same, a BOM makes it missing) or `exact` (`---` then a line break exactly;
   * the block ends at the first line break followed by `---`).
   */
  readonly fence: 'lines' | 'lines-no-bom' | 'exact';
  /**
   * How the block is read: `yaml` (strict), `yaml-recover-compact` (an unquoted `key: a: b` value
   * re-read as text), `yaml-recover-quote` (every plain value re-read as text when the block fails),
   * `yaml-else-lines` (YAML, else `key: value` lines when name and description are not both
   * strings), `lines` (the Agents SDK's line reader, never YAML) or `lines-python` (its Python twin).
   */
  readonly reader:
    'yaml' | 'yaml-recover-compact' | 'yaml-recover-quote' | 'yaml-else-lines' | 'lines' | 'lines-python';
  /** A key given twice: an error, or the last one counts. */
  readonly duplicateKeys: 'error' | 'last';
  /** A block that still fails to parse: the skill is refused, or read as if it had no frontmatter. */
  readonly invalid: 'refuse' | 'ignore';
  /** No frontmatter at all: refused, or read as an empty mapping (the whole file is the body). */
  readonly noFrontmatter: 'refuse' | 'empty';
  /** A frontmatter that is empty or not a mapping: refused, or read as an empty mapping. */
  readonly notMapping: 'refuse' | 'empty';
  readonly name: {
    readonly from: 'folder' | 'frontmatter' | 'frontmatter-or-folder';
    /** A number or boolean is read as its text (`scalar`) or refused (`string`). */
    readonly types: 'string' | 'scalar';
    readonly maxLength?: number;
    /** Names must match this pattern (a RegExp source, anchored). */
    readonly pattern?: string;
    /** Characters replaced before use: a RegExp source of one character class, and its replacement. */
    readonly replace?: { readonly chars: string; readonly with: string };
  };
  readonly description: {
    /** No `description` key. */
    readonly missing: DescriptionFallback;
    /** `description: ""`. */
    readonly empty: DescriptionFallback;
    /** `description:` with no value. */
    readonly blank: DescriptionFallback;
    readonly types: 'string' | 'scalar';
    /** A description of another type (a list, or a number when `types` is `string`). */
    readonly wrongType: DescriptionFallback;
    /** Longer descriptions are refused (the listing's own cap is in `HostListing`). */
    readonly maxLength?: number;
    readonly placeholder?: string;
  };
}

/** How the agent cuts its listing to its budget. */
export type BudgetStrategy =
  /** Descriptions kept whole in priority order while they fit; the rest by name only. Nothing is left out. */
  | 'names-after-budget'
  /** Every description cut evenly, a character at a time; when names alone do not fit, skills are left out. */
  | 'even-cut-then-omit'
  /** The first skills with descriptions, then a line of names, then nothing. */
  | 'descriptions-then-names';

export interface HostBudget {
  readonly strategy: BudgetStrategy;
  /** `chars` (UTF-16 units), `columns` (display width), `tokens` (o200k) or `approx-tokens` (⌈bytes/4⌉ per line). */
  readonly unit: 'chars' | 'columns' | 'tokens' | 'approx-tokens';
  readonly limit: number;
  /** `descriptions-then-names`: the share of `limit` the line of names may take. */
  readonly namesLimit?: number;
}

export interface HostListing {
  /** Listing format (a renderer in `render.ts`). */
  readonly format:
    'claude' | 'codex' | 'copilot' | 'gemini' | 'opencode' | 'openai-agents' | 'available-skills' | 'markdown';
  /**
   * Listing order: `load` (root order, then by name), `name` (UTF-8 byte order), `locale` (the
   * ICU collation JavaScript's localeCompare uses), `scope-name` (bundled, project, user; then
   * name and path), `copilot` (see the Copilot model), `filesystem` (the order folders are read).
   */
  readonly order: 'load' | 'name' | 'locale' | 'scope-name' | 'copilot' | 'filesystem';
  /**
   * What the listing does to a description's text: `fold` (line breaks become spaces, ends
   * trimmed), `trim` (ends trimmed) or `raw` (as read, a block scalar's last line break kept).
   */
  readonly text: 'fold' | 'trim' | 'raw';
  /** Longest description shown, in characters, and what replaces the cut end. */
  readonly cap?: { readonly length: number; readonly ellipsis: string };
  /** Characters replaced in the listed description (Claude Code shows `<` as `&lt;`). */
  readonly escape?: readonly (readonly [string, string])[];
  /** Copilot lists a name with spaces replaced. */
  readonly nameSpaces?: string;
  readonly budget: HostBudget | null;
  /** Bundled skills come first or last in the listing. */
  readonly bundledAt: 'start' | 'end' | 'sorted';
}

/** A skill the agent ships itself: its name and the size of its description (the budget counts it). */
export interface BundledSkill {
  readonly name: string;
  /** Description length in UTF-16 units, display columns and UTF-8 bytes. */
  readonly chars: number;
  readonly columns: number;
  readonly bytes: number;
  /** Last in budget priority (Claude Code's built-in commands keep their descriptions last). */
  readonly lowPriority?: boolean;
}

/** Which copy of a name the agent keeps. */
export interface HostPrecedence {
  /** `first` / `last` in load order, `all` (every copy listed), `race` (whichever finishes last: nondeterministic). */
  readonly rule: 'first' | 'last' | 'all' | 'race';
  /** Within one root, copies are met in `name` order or in file-system order (nondeterministic). */
  readonly withinRoot: 'name' | 'filesystem';
}

export const HOST_IDS = [
  'claude-code',
  'codex',
  'copilot',
  'gemini',
  'opencode',
  'openai-agents',
  'vscode',
  'cursor',
  'goose',
  'windsurf',
] as const;
export type HostId = (typeof HOST_IDS)[number];

export interface HostModel {
  readonly id: HostId;
  readonly title: string;
  /** The package and version the model was checked against (`null` when documented only). */
  readonly checked: { readonly package: string; readonly version: string } | null;
  readonly discovery: HostDiscovery;
  readonly dialect: HostDialect;
  readonly precedence: HostPrecedence;
  readonly listing: HostListing;
  readonly bundled: readonly BundledSkill[];
  readonly sources: Readonly<Record<RuleName, RuleSource>>;
  /** What the model does not capture, in a sentence each (shown in docs and `--why`). */
  readonly caveats: readonly string[];
}
