// What one agent reads, how, which copy wins and what its listing keeps, as plain data. Each rule
// names its source: an oracle run of the agent itself or a documentation page.

/** Measured on a fixture tree (the model's `checked` version), or documented at a URL. */
export type RuleSource = { readonly measured: string } | { readonly documented: string };

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

export interface HostRoot {
  /** `project` roots are below each folder walked; `user` roots below home. */
  readonly scope: 'project' | 'user';
  readonly path: string;
  /** A user root the agent moves with an environment variable: `$VAR/suffix`. */
  readonly env?: { readonly name: string; readonly suffix: string };
  readonly trusted?: boolean;
  /** When not the model's `skip` (OpenCode skips dot-folders in `.opencode` only). */
  readonly skip?: SkipFolders;
}

/** Project roots: the starting folder only, up to the repository top, or (`git-else-root`) else to `/`. */
export type WalkUp = 'none' | 'git' | 'git-else-root';

export type SkipFolders = 'none' | 'dot' | 'dot-and-node-modules';

export interface HostDiscovery {
  /** In load order (which decides first-wins and last-wins precedence). */
  readonly roots: readonly HostRoot[];
  readonly walkUp: WalkUp;
  readonly walkOrder: 'near-first' | 'top-first';
  /** 1 = `ROOT/NAME/SKILL.md` only. */
  readonly depth: number;
  readonly rootFile: boolean;
  readonly nested: boolean;
  readonly skip: SkipFolders;
  readonly symlinks: { readonly folders: boolean; readonly files: boolean };
}

export type DescriptionFallback = 'refuse' | 'body' | 'placeholder' | 'keep' | 'unlisted';

export interface HostDialect {
  /** `lines`: a `---` line (blanks, BOM allowed); `-no-bom`: a BOM hides it; `exact`: Gemini's rule. */
  readonly fence: 'lines' | 'lines-no-bom' | 'exact';
  /** `yaml-recover-*`: plain values re-read as text on failure; `lines*`: the Agents SDK's line readers. */
  readonly reader:
    'yaml' | 'yaml-recover-compact' | 'yaml-recover-quote' | 'yaml-else-lines' | 'lines' | 'lines-python';
  readonly duplicateKeys: 'error' | 'last';
  /** A block that still fails to parse: refused, or read as if it had no frontmatter. */
  readonly invalid: 'refuse' | 'ignore';
  /** Refused, or read as an empty mapping (the whole file is the body). */
  readonly noFrontmatter: 'refuse' | 'empty';
  readonly notMapping: 'refuse' | 'empty';
  readonly name: {
    readonly from: 'folder' | 'frontmatter' | 'frontmatter-or-folder';
    /** A number or boolean is read as its text (`scalar`) or refused (`string`). */
    readonly types: 'string' | 'scalar';
    readonly maxLength?: number;
    /** A RegExp source, anchored. */
    readonly pattern?: string;
    /** A RegExp source of one character class, and its replacement. */
    readonly replace?: { readonly chars: string; readonly with: string };
  };
  readonly description: {
    readonly missing: DescriptionFallback;
    readonly empty: DescriptionFallback;
    /** `description:` with no value. */
    readonly blank: DescriptionFallback;
    readonly types: 'string' | 'scalar';
    /** A list, or a number when `types` is `string`. */
    readonly wrongType: DescriptionFallback;
    /** Longer descriptions are refused (the listing's own cap is in `HostListing`). */
    readonly maxLength?: number;
    readonly placeholder?: string;
  };
}

export type BudgetStrategy =
  /** Nothing is left out. */
  'names-after-budget' | 'even-cut-then-omit' | 'descriptions-then-names';

export interface HostBudget {
  readonly strategy: BudgetStrategy;
  /** `chars` (UTF-16), `columns` (display width), `tokens` (o200k), `approx-tokens` (⌈bytes/4⌉ per line). */
  readonly unit: 'chars' | 'columns' | 'tokens' | 'approx-tokens';
  readonly limit: number;
  /** The share of `limit` the line of names may take. */
  readonly namesLimit?: number;
}

export interface HostListing {
  readonly format:
    'claude' | 'codex' | 'copilot' | 'gemini' | 'opencode' | 'openai-agents' | 'available-skills' | 'markdown';
  /** `locale`: the ICU collation of localeCompare; `scope-name`: bundled, project, user, then name. */
  readonly order: 'load' | 'name' | 'locale' | 'scope-name' | 'copilot' | 'filesystem';
  /** `fold`: line breaks become spaces; `raw`: a block scalar's last line break kept. */
  readonly text: 'fold' | 'trim' | 'raw';
  /** In characters, and what replaces the cut end. */
  readonly cap?: { readonly length: number; readonly ellipsis: string };
  /** Claude Code shows `<` as `&lt;`. */
  readonly escape?: readonly (readonly [string, string])[];
  readonly nameSpaces?: string;
  readonly budget: HostBudget | null;
  readonly bundledAt: 'start' | 'end' | 'sorted';
}

/** A skill the agent ships itself: the budget counts its description's size. */
export interface BundledSkill {
  readonly name: string;
  /** Description length in UTF-16 units, display columns and UTF-8 bytes. */
  readonly chars: number;
  readonly columns: number;
  readonly bytes: number;
  /** Last in budget priority (Claude Code's built-in commands). */
  readonly lowPriority?: boolean;
}

export interface HostPrecedence {
  /** `race`: whichever finishes last, nondeterministic. */
  readonly rule: 'first' | 'last' | 'all' | 'race';
  /** `filesystem` order is nondeterministic. */
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
  /** `null` when documented only. */
  readonly checked: { readonly package: string; readonly version: string } | null;
  readonly discovery: HostDiscovery;
  readonly dialect: HostDialect;
  readonly precedence: HostPrecedence;
  readonly listing: HostListing;
  readonly bundled: readonly BundledSkill[];
  readonly sources: Readonly<Record<RuleName, RuleSource>>;
  /** In a sentence each (shown in docs and `--why`). */
  readonly caveats: readonly string[];
}
