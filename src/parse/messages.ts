/**
 * The wording of every parse and lint diagnostic, keyed by code.
 * Data (`args`) stays apart from text; tests assert codes, never this wording.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { escapeControls } from './name-safety.js';
import { PROFILES, type ParseRuleCode, type ProfileName } from './profiles.js';

export type MessageArgs = Readonly<Record<string, string | number>>;

interface MessageSpec {
  readonly message: (a: MessageArgs) => string;
  readonly hint: string;
}

// Arguments come from the skill (names, keys, paths): control characters are written as \u{…}
// so no message carries an escape sequence to a terminal.
const s = (v: string | number | undefined): string => escapeControls(String(v ?? ''));

const segmentWhy = (problem: string | number | undefined): string =>
  problem === 'control'
    ? 'it holds a control character'
    : problem === 'separator'
      ? 'it holds a / or \\'
      : problem === 'dot'
        ? 'it is . or ..'
        : 'it is empty';

/** Code → message template and hint. Complete for every code the parser and linter emit. */
export const MESSAGES: Readonly<Record<ParseRuleCode, MessageSpec>> = Object.freeze({
  'frontmatter.missing': {
    message: (a) =>
      a.target
        ? `SKILL.md holds only the path '${s(a.target)}' — a symbolic link checked out as a plain file`
        : a.crOnly
          ? 'SKILL.md uses CR-only line endings (classic Mac), so no line is `---`; save it with LF line endings'
          : 'SKILL.md must start with a YAML frontmatter line `---`',
    hint:
      'Start the file with `---`, the YAML fields (at least name and description), and a closing `---` line. ' +
      'A file holding only a path is a symlink checked out without symlink support (git core.symlinks=false).',
  },
  'frontmatter.unterminated': {
    message: () => 'the frontmatter opened on line 1 is never closed by a `---` line',
    hint: 'Add a line that is exactly `---` after the last YAML field.',
  },
  'frontmatter.not-mapping': {
    message: (a) => `the frontmatter must be a YAML mapping of fields, found ${s(a.found)}`,
    hint: 'Write the frontmatter as `key: value` lines, e.g. `name: my-skill`.',
  },
  'yaml.invalid': {
    message: (a) => `invalid YAML in frontmatter: ${s(a.detail)}`,
    hint: 'Quote values that contain `: `, `#`, or start with `[`, `{`, `*`, `&`, `!`, `|`, `>` or a quote.',
  },
  'yaml.limit': {
    message: (a) => `frontmatter exceeds a safety limit: ${s(a.detail)}`,
    hint: 'Keep the frontmatter small and flat; move long content into the body or a references/ file.',
  },
  'yaml.recovered': {
    message: (a) => `the value of '${s(a.key)}' contains ': ' and is not valid YAML; read as plain text`,
    hint: 'Quote the value so every YAML parser reads it the same way.',
  },
  'field.unknown': {
    message: (a) => `unknown frontmatter field '${s(a.key)}' for profile ${s(a.profile)}`,
    hint:
      'Remove the field, move it under `metadata:`, ' +
      'or choose a profile that knows it (--profile skillgraph|claude-code|codex).',
  },
  'name.missing': {
    message: () => "required field 'name' is missing or empty",
    hint: 'Add `name: <folder-name>` — lowercase letters, digits and hyphens.',
  },
  'name.type': {
    message: (a) => `'name' must be a string, found ${s(a.found)}`,
    hint: 'Write the name as text, e.g. `name: my-skill`.',
  },
  'name.length': {
    message: (a) => `name '${s(a.name)}' is ${s(a.length)} characters; the limit is 64`,
    hint: 'Shorten the name (and the folder) to at most 64 characters.',
  },
  'name.charset': {
    message: (a) => `name '${s(a.name)}' may only hold ${s(a.allowed)}`,
    hint: 'Use lowercase letters, digits and single hyphens, e.g. `pdf-tools`.',
  },
  'name.hyphen': {
    message: (a) => `name '${s(a.name)}' must not start or end with a hyphen or hold two in a row`,
    hint: 'Remove leading, trailing and doubled hyphens.',
  },
  'name.directory-mismatch': {
    message: (a) => `name '${s(a.name)}' does not match its folder '${s(a.dir)}'`,
    hint: 'Rename the folder or the name so they are equal.',
  },
  'name.path-segment': {
    message: (a) => `name '${s(a.name)}' is not one plain path segment (${segmentWhy(a.problem)})`,
    hint:
      'A skill name becomes a folder name: use lowercase letters, digits and hyphens. ' +
      'This is an error in every profile.',
  },
  'name.windows-device': {
    message: (a) => `name '${s(a.name)}' is a Windows device name; no folder of that name can exist on Windows`,
    hint: 'Rename the skill (and its folder), e.g. add a word: `con-tools`.',
  },
  'name.mixed-script': {
    message: (a) => `name '${s(a.name)}' mixes letters of several scripts (${s(a.scripts)}), as look-alike names do`,
    hint:
      'Write the name in one script; ' +
      'a Cyrillic or Greek letter that looks Latin makes a name a look-alike of another.',
  },
  'description.missing': {
    message: () => "required field 'description' is missing or empty",
    hint: 'Add a description saying what the skill does and when to use it.',
  },
  'description.type': {
    message: (a) => `'description' must be a string, found ${s(a.found)}`,
    hint: 'Write the description as text; quote it if it starts with a YAML special character.',
  },
  'description.length': {
    message: (a) => `description is ${s(a.length)} characters; the limit is 1024`,
    hint: 'Shorten the description; move details into the body.',
  },
  'compatibility.type': {
    message: (a) => `'compatibility' must be ${s(a.expected)}, found ${s(a.found)}`,
    hint:
      'Write compatibility as text (spec) or, in profile skillgraph, as a map with os, programs and env lists ' +
      '(operating_systems, required_programs and required_environment are read as those).',
  },
  'compatibility.length': {
    message: (a) => `compatibility is ${s(a.length)} characters; the limit is 500`,
    hint: 'Shorten the compatibility note.',
  },
  'compatibility.free-text': {
    message: () => "free-text 'compatibility' is not accepted by this profile",
    hint: 'Write compatibility as a map: `compatibility: {os: [linux], programs: [git], env: [GITHUB_TOKEN]}`.',
  },
  'metadata.type': {
    message: (a) => `'metadata' must be a map of string keys to string values, found ${s(a.found)}`,
    hint: 'Write metadata as `key: value` lines indented under `metadata:`.',
  },
  'metadata.value-type': {
    message: (a) => `metadata value '${s(a.key)}' is ${s(a.found)}, not a string`,
    hint: 'Quote the value (e.g. `version: "1.0"`) so it stays text.',
  },
  'allowed-tools.type': {
    message: (a) => `'allowed-tools' must be a space-separated string (or a list of strings), found ${s(a.found)}`,
    hint: 'Write `allowed-tools: Read Grep Bash(git:*)`.',
  },
  'license.type': {
    message: (a) => `'license' must be a string, found ${s(a.found)}`,
    hint: 'Write a licence name or the name of a bundled licence file.',
  },
  'file.name-case': {
    message: (a) => `skill file is named '${s(a.file)}', not 'SKILL.md'`,
    hint: 'Rename the file to SKILL.md; agents on case-sensitive file systems will not find it.',
  },
  'file.too-large': {
    message: (a) => `SKILL.md is ${s(a.size)} bytes; the limit is ${s(a.limit)}`,
    hint: 'Move material into references/ files that the agent loads on demand.',
  },
  'encoding.bom': {
    message: () => 'SKILL.md starts with a UTF-8 byte order mark',
    hint: 'Save the file as UTF-8 without BOM; some validators reject it.',
  },
  'encoding.crlf': {
    message: () => 'SKILL.md uses CRLF line endings',
    hint: 'Use LF line endings (e.g. a .gitattributes `*.md text eol=lf`).',
  },
  'encoding.utf8': {
    message: () => 'SKILL.md is not valid UTF-8',
    hint: 'Re-save the file as UTF-8.',
  },
  'skill.skipped': {
    message: () => 'skill skipped: no description could be read',
    hint: 'Fix the frontmatter so that at least `description` parses.',
  },
  'version.type': {
    message: (a) => `'version' should be a string, found ${s(a.found)}`,
    hint: 'Quote the version, e.g. `version: "1.0"` (an unquoted 1.0 is the number 1).',
  },
  'includes.invalid': {
    message: (a) => `invalid 'includes' entry: ${s(a.detail)}`,
    hint: 'Write `- skill-name`, `- project/skill-name` or `- {skill: name, overrides: {tool: {writes: false}}}`.',
  },
  'tools.invalid': {
    message: (a) => `invalid 'tools' entry: ${s(a.detail)}`,
    hint: 'Write `- tool_name` or `- {name: tool_name, writes: true}`.',
  },
  'inline-tools.invalid': {
    message: (a) => `invalid 'inline-tools' entry: ${s(a.detail)}`,
    hint: 'Write `- {description: ..., writes: false, input-schema: {type: object}}`.',
  },
  'dependencies.invalid': {
    message: (a) => `invalid 'dependencies': ${s(a.detail)}`,
    hint: 'Write `dependencies: {tools: [gh], mcp_servers: [github]}`: two lists of names.',
  },
  'mcp.invalid': {
    message: (a) => `invalid 'mcp' entry: ${s(a.detail)}`,
    hint: 'Write `- {server: name, tools: [tool, {name: other, writes: true}]}`.',
  },
  'agent-skills.invalid': {
    message: (a) => `invalid 'agent-skills' entry: ${s(a.detail)}`,
    hint: 'List relative folders inside this skill, e.g. `- vendor/pdf-tools` (no absolute paths, no `..`).',
  },
  'body.too-long': {
    message: (a) =>
      `the body is ${s(a.lines)} lines / ~${s(a.tokens)} tokens; keep it under 500 lines and ~5,000 tokens`,
    hint: 'Move detail into references/ files and link to them.',
  },
  'description.no-trigger': {
    message: () => 'the description does not say when to use the skill',
    hint: 'Add a cue such as "Use when …" so the agent knows when to load it.',
  },
  'link.broken': {
    message: (a) =>
      a.more !== undefined
        ? `${s(a.more)} more broken links not listed (at most ${s(a.limit)} per file are reported)`
        : `link to '${s(a.target)}' points at no file in the skill folder`,
    hint: 'Fix the path or add the file; paths are relative to the skill folder.',
  },
  'link.too-deep': {
    message: (a) =>
      a.more !== undefined
        ? `${s(a.more)} more too-deep links not listed (at most ${s(a.limit)} per file are reported)`
        : `'${s(a.target)}' is more than one folder below the skill`,
    hint: 'Keep referenced files one level deep (references/x.md) so agents read them whole.',
  },
  'name.reserved': {
    message: (a) => `name '${s(a.name)}' contains the reserved word '${s(a.word)}'`,
    hint: 'Choose a name without reserved vendor words.',
  },
  'description.xml-tag': {
    message: (a) => `the description contains an XML tag '${s(a.tag)}'`,
    hint: 'Remove angle-bracket tags; descriptions are injected into prompts as plain text.',
  },
  'skill.too-large': {
    message: (a) => `the skill folder holds ${s(a.size)} bytes; keep it under ${s(a.limit)}`,
    hint: 'Remove large assets or fetch them at run time.',
  },
  'mcp.too-many-files': {
    message: (a) => `the skill holds ${s(a.files)} files; the MCP Skills extension allows ${s(a.limit)} per skill`,
    hint: 'Hosts need not load a larger skill: split it or move files out of its folder.',
  },
  'mcp.too-large': {
    message: (a) =>
      `the skill's files add up to ${s(a.size)} bytes; the MCP Skills extension allows ${s(a.limit)} per skill`,
    hint: 'Hosts need not load a larger skill: remove large assets or fetch them at run time.',
  },
});

/**
 * Message and hint for a code with its arguments.
 * @example formatMessage('field.unknown', { key: 'tags', profile: 'spec' }).message // "unknown frontmatter field…"
 */
export function formatMessage(code: ParseRuleCode, args: MessageArgs = {}): { message: string; hint: string } {
  const spec = MESSAGES[code];
  return { message: spec.message(args), hint: spec.hint };
}

/**
 * The `file.too-large` finding for a file left unread because it is over the
 * parse limit (the engine and validate never read past it): parse's wording,
 * the profile's severity, and an error where the profile turns the rule off
 * (the skill is skipped all the same).
 *
 * @example fileTooLargeDiagnostic('skillgraph', 'pdf/SKILL.md', 9e6, 8 * 1024 * 1024).severity // 'error'
 */
export function fileTooLargeDiagnostic(profile: ProfileName, file: string, size: number, limit: number): Diagnostic {
  const { message, hint } = formatMessage('file.too-large', { size, limit });
  const level = PROFILES[profile].rules['file.too-large'];
  return {
    code: 'file.too-large',
    severity: level === 'off' ? 'error' : level,
    message,
    file,
    line: 0,
    column: 0,
    hint,
  };
}
