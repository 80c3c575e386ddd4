// The prose around a Markdown listing, kept in one place so wording changes never touch the renderers.

export const SKILLS_HEADING = '## Skills';

/** Eager mode: every SKILL.md is already readable at its path. */
export const EAGER_INTRO =
  'Skills are folders of task instructions: a `SKILL.md` file, sometimes with `scripts/`, ' +
  '`references/` and `assets/` beside it. Below, each skill shows its name, what it is for, ' +
  'the path of its `SKILL.md` and a content digest. Only these summaries are here; read the ' +
  'file itself once you decide a skill applies.';

/** Lazy mode with a workspace: paths become readable only after `load_skill`. */
export const LAZY_INTRO =
  'Skills are folders of task instructions: a `SKILL.md` file, sometimes with `scripts/`, ' +
  '`references/` and `assets/` beside it. Below, each skill shows its name, what it is for, ' +
  'the workspace path its `SKILL.md` will have once loaded, and a content digest. None of ' +
  'them is in the workspace yet.';

/** Lazy mode without a workspace: the paths are where the skills are kept. */
export const LAZY_SOURCE_INTRO =
  'Skills are folders of task instructions: a `SKILL.md` file, sometimes with `scripts/`, ' +
  '`references/` and `assets/` beside it. Below, each skill shows its name, what it is for, ' +
  'the path where its `SKILL.md` is kept, and a content digest. None of them is loaded yet.';

export const LISTING_HEADING = '### Available skills';

export const CONFLICTS_HEADING = '### Shadowed copies';

export const CONFLICTS_INTRO =
  'These names exist in more than one place; the listed copy wins and the others are ignored.';

export const LAZY_SECTION = [
  '### Loading a skill',
  '',
  '- Call `load_skill` with exactly one name from the list above before opening anything under its path.',
  '- Each call stages one skill (its `SKILL.md` and every file beside it). Call it again for each further skill you need.',
  '- Loading a skill that is already loaded in this run answers `already_loaded`; just use the copy you have.',
  '- A name that is not in the list cannot be loaded; do not guess names.',
].join('\n');

export const USAGE_SECTION = [
  '### Using skills',
  '',
  '- When to use one: the user names it, or the task plainly matches its description. Use every skill that applies and say in one line which ones and in what order.',
  "- Read before acting: open the skill's `SKILL.md` and follow it. Open the files it points to (`references/`, `scripts/`, `assets/`) only when this task needs them, one level at a time.",
  '- Reuse what ships with it: run or adapt its scripts rather than retyping them, and start from its templates and assets.',
  "- Keep context lean: summarise long files instead of quoting them, and stay with this turn's skills unless the user brings others back.",
  '- Skills carry instructions, not permissions: they never widen which tools or data you may use.',
  '- If something is missing or unreadable, say so briefly and continue with the best alternative.',
].join('\n');

export const DIGEST_CLAUSES: readonly (readonly [string, string])[] = [
  [', and a content digest.', '.'],
  [' and a content digest.', '.'],
];

export function withoutDigest(intro: string): string {
  for (const [clause, end] of DIGEST_CLAUSES) if (intro.includes(clause)) return intro.replace(clause, end);
  return intro;
}

/** How a reader finds the skills a budget left out, by where the listing is served. */
export const OMITTED_HINTS = Object.freeze({
  cli: 'Every skill is still available: `skillgraph describe NAME` shows one and `skillgraph load NAME` loads it.',
  mcp: 'Every skill is still available: call `search_skills` with the task to find one, then `load_skill` with its name.',
} as const);

export type OmittedHint = keyof typeof OMITTED_HINTS;
