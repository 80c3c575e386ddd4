import type { DiagnosticCode, Severity } from '../model/diagnostics.js';

/** What a report needs to know about one rule, whoever defines it. */
export interface ReportRule {
  readonly code: string;
  readonly description: string;
  readonly help: string;
  /** The severity before any configuration. */
  readonly level: Severity;
  readonly help_uri?: string;
  /** Code scanning's 0.0–10.0 score of a security rule. */
  readonly security_severity?: string;
  readonly tags?: readonly string[];
  readonly help_markdown?: string;
}

/** What each built-in code checks. Codes a later stage adds bring their own rule metadata. */
export const RULE_DESCRIPTIONS: Readonly<Partial<Record<DiagnosticCode, string>>> = Object.freeze({
  'frontmatter.missing': 'SKILL.md starts with a YAML frontmatter block',
  'frontmatter.unterminated': 'The frontmatter block is closed by a --- line',
  'frontmatter.not-mapping': 'The frontmatter is a YAML mapping of fields',
  'yaml.invalid': 'The frontmatter is valid YAML',
  'yaml.limit': 'The frontmatter stays within the YAML safety limits',
  'yaml.recovered': 'Frontmatter values parse the same way in every YAML parser',
  'field.unknown': 'Every frontmatter field is known to the profile',
  'name.missing': 'The skill has a name',
  'name.type': 'The name is a string',
  'name.length': 'The name is 1 to 64 characters long',
  'name.charset': 'The name uses lowercase letters, digits and hyphens',
  'name.hyphen': 'The name neither starts nor ends with a hyphen nor holds two in a row',
  'name.directory-mismatch': "The name equals the skill folder's name",
  'name.reserved': 'The name is not a reserved word',
  'name.path-segment': 'The name is one safe path segment',
  'name.windows-device': 'The name is not a Windows device name',
  'name.mixed-script': 'The name does not mix scripts that look alike',
  'description.missing': 'The skill has a description',
  'description.type': 'The description is a string',
  'description.length': 'The description is at most 1024 characters long',
  'description.no-trigger': 'The description says when to use the skill',
  'description.xml-tag': 'The description holds no XML tags',
  'compatibility.type': 'compatibility is a string or a structured map',
  'compatibility.length': 'compatibility is at most 500 characters long',
  'compatibility.free-text': 'compatibility is written as structured data',
  'metadata.type': 'metadata is a map',
  'metadata.value-type': 'metadata values are strings',
  'allowed-tools.type': 'allowed-tools is a string of tool names',
  'license.type': 'license is a string',
  'version.type': 'version is a string',
  'includes.invalid': 'includes lists skills by name, optionally with overrides',
  'tools.invalid': 'tools lists tool names or tool mappings',
  'inline-tools.invalid': 'inline-tools lists tool definitions',
  'mcp.invalid': 'mcp lists servers and their tools',
  'agent-skills.invalid': 'agent-skills lists nested skill paths',
  'file.name-case': 'The skill file is named SKILL.md in that case',
  'file.too-large': 'SKILL.md is within the size limit',
  'encoding.bom': 'SKILL.md has no byte order mark',
  'encoding.crlf': 'SKILL.md uses LF line endings',
  'encoding.utf8': 'SKILL.md is valid UTF-8',
  'skill.skipped': 'The skill file could be parsed',
  'skill.too-large': "The skill's files stay within the size budget",
  'body.too-long': 'The instructions stay within the recommended length',
  'link.broken': 'Relative links in the body lead to files in the skill',
  'link.too-deep': 'Relative links lead at most one folder deep',
  'routing.overlap': 'No two skills would win the same requests by their descriptions',
  'routing.missing-sibling': 'A link to another skill leads to a skill that is there',
  'discover.symlink-skipped': 'Symlinks in a root are followed or reported',
  'discover.symlink-escape': 'Symlinks stay inside a root or the project',
  'discover.symlink-loop': 'Symlinks do not loop',
  'discover.symlink-dangling': 'Symlinks lead to something',
  'discover.dir-budget': 'The walk reads every folder within the folder budget',
  'discover.depth-limit': 'Skills lie within the depth limit',
  'discover.unreadable': 'Every folder of a root can be read',
  'discover.root-missing': 'A configured root exists',
  'discover.duplicate-skill-file': 'A folder holds one skill file',
  'discover.nested-skill': 'Skills inside skill folders are catalogued or reported',
  'discover.skipped-folder-skill': 'Skills in skipped folders are reported',
  'discover.not-regular': 'Skill files are regular files',
  'discover.not-catalogued': 'Every skill file seen is catalogued or reported',
  'discover.same-file': 'One skill file is reached by one path',
  'discover.peek-limit': 'Skill files can be identified within the read limit',
  'discover.root-outside-project': "A config file's roots lie inside the project",
  'validate.no-skills': 'The path given holds at least one skill',
  'catalog.conflict': 'One skill per name: a copy under a lower precedence is shadowed',
  'catalog.duplicate-file': 'One file makes one skill',
  'catalog.confusable': 'Skill names cannot be confused with one another',
  'resource.unreadable': 'Every file of a skill can be read',
  'resource.vanished': 'Files do not vanish while a skill is read',
  'resource.path-too-long': "A skill's file paths fit the system's limit",
  'resource.loop': "A skill's folders do not loop",
  'resource.io': "A skill's files read without an I/O error",
  'resource.too-many-files': 'A skill holds at most the file count limit',
  'resource.too-deep': "A skill's folders nest within the depth limit",
  'resource.too-large': "A skill's files stay within the size limit",
  'resource.changed': 'Files do not change while a skill is read',
  'input.budget': 'The run reads within its total input budget',
  'cache.unusable': 'The cache folder can hold a cache',
  'resolve.override-unknown-key': 'An include override names a tool the included skill has',
  'check.added': 'Every skill in the catalog is in the lockfile',
  'check.removed': 'Every skill in the lockfile is still in the catalog',
  'check.changed': "A locked skill's scope, place and digests are unchanged",
  'check.widened': 'A locked skill can do no more than its sealed capability surface',
  'check.incomplete': 'A locked skill is found by a complete walk',
});

/** Rule metadata for `code`; help is the first finding's hint. */
export function ruleFor(code: string, level: Severity, help: string): ReportRule {
  const description = (RULE_DESCRIPTIONS as Readonly<Record<string, string>>)[code] ?? `Rule ${code}`;
  return { code, description, help: help || description, level };
}
