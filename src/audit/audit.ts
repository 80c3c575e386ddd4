/**
 * `auditSkill`: every `security.*` rule over one skill's files, as sorted
 * diagnostics, and the verdict they make. Each text file gets the
 * hidden-text scan; Markdown is split into prose (instruction rules), hidden
 * markup and code (fences and spans: command rules); scripts get the command
 * rules whole; the frontmatter and the folder get the skill rules. Pure.
 */
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { commandFindings, type CodeUnit } from './commands.js';
import { isMarkdown, isScript, shownPath, type AuditFile, type AuditInput } from './input.js';
import { hiddenFindings, proseFindings } from './instructions.js';
import { splitMarkdown } from './markdown.js';
import { skillFindings } from './skill-rules.js';
import { hiddenText } from './unicode.js';

/** `fail`: an error finding; `warn`: warnings only; `pass`: none. */
export type AuditVerdict = 'pass' | 'warn' | 'fail';

export const AUDIT_VERDICTS: readonly AuditVerdict[] = Object.freeze(['pass', 'warn', 'fail']);

/** Fence languages read as commands (the info string's first word; none at all counts). */
const CODE_LANGS = new Set([
  '', 'sh', 'bash', 'shell', 'zsh', 'fish', 'ksh', 'console', 'terminal', 'shellsession', 'powershell', 'ps1', 'pwsh', 'ps', 'cmd', 'bat', 'batch',
  'python', 'py', 'python3', 'js', 'javascript', 'mjs', 'node', 'ts', 'typescript', 'ruby', 'rb', 'perl', 'php', 'dockerfile', 'docker', 'makefile', 'make', 'yaml', 'yml',
]);

/**
 * Every finding of the audit rules about one skill, sorted.
 *
 * @example auditSkill({ dir: 'pdf', skillFile: 'SKILL.md', files: [{ path: 'SKILL.md', kind: 'file', size: 9, text: '---\n---\nx' }] }) // []
 */
export function auditSkill(input: AuditInput): Diagnostic[] {
  const out: Diagnostic[] = [...skillFindings(input)];
  for (const f of input.files) out.push(...fileFindings(f, input));
  return out.sort(compareDiagnostics);
}

function fileFindings(f: AuditFile, input: AuditInput): Diagnostic[] {
  if (f.kind !== 'file' || f.text === undefined) return [];
  const shown = shownPath(input.dir, f.path);
  const out: Diagnostic[] = [];
  if (isMarkdown(f.path)) {
    const parts = splitMarkdown(f.text, f.path === input.skillFile);
    const codeLines = new Set<number>();
    for (const fence of parts.fences) for (const l of fence.lines) codeLines.add(l.line);
    out.push(...hiddenText(f.text, shown, { all: false, lines: codeLines }));
    out.push(...proseFindings(parts.prose, shown));
    out.push(...hiddenFindings(parts.hidden, shown));
    const code: Diagnostic[] = [];
    for (const fence of parts.fences) if (CODE_LANGS.has(fence.lang)) code.push(...commandFindings({ lines: fence.lines, where: 'fence', lineOnly: fence.lang === '' }, shown));
    // A span opening with a shell operator (`; rm -rf /`, `$(curl …)`) quotes an injection payload, it is not a command.
    for (const span of parts.spans) if (!/^\s{0,4}(?:[;|&`]|\$\()/.test(span.text)) code.push(...commandFindings({ lines: [span], where: 'span' }, shown));
    // Commands in other Markdown (references, guides) are documentation read on demand, often quoting
    // attacks to teach them: at most warnings there. In SKILL.md they are what the agent is told to run.
    out.push(...(f.path === input.skillFile ? code : code.map((d) => (d.severity === 'error' ? { ...d, severity: 'warning' as const } : d))));
    return out;
  }
  const script = isScript(f);
  out.push(...hiddenText(f.text, shown, { all: script, lines: new Set() }));
  if (script) {
    const unit: CodeUnit = { where: 'script', lines: f.text.split('\n').map((text, i) => ({ line: i + 1, column: 1, text: text.endsWith('\r') ? text.slice(0, -1) : text })) };
    out.push(...commandFindings(unit, shown));
  }
  return out;
}

/**
 * The verdict of a list of findings (only `security.*` ones count).
 *
 * @example auditVerdict([{ code: 'security.decode-exec', severity: 'error', … }]) // 'fail'
 */
export function auditVerdict(diagnostics: readonly Diagnostic[]): AuditVerdict {
  let verdict: AuditVerdict = 'pass';
  for (const d of diagnostics) {
    if (!d.code.startsWith('security.')) continue;
    if (d.severity === 'error') return 'fail';
    if (d.severity === 'warning') verdict = 'warn';
  }
  return verdict;
}
