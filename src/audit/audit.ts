/**
 * `auditSkill`: every `security.*` rule over one skill's files, as sorted
 * diagnostics, and the verdict they make. Each text file gets the
 * hidden-text scan; Markdown is split into prose (instruction rules), hidden
 * markup and code; scripts and fenced blocks in a parsed language go
 * through the flow analysis (`code/`) as well as the line rules; the
 * frontmatter and the folder get the skill rules. Notes say what could not
 * be read as well as it should (a unit that did not parse). Pure.
 */
import { compareDiagnostics, type Diagnostic } from '../model/diagnostics.js';
import { analyzeUnit } from './code/analyze.js';
import type { FlowDiagnostic } from './code/flow-rules.js';
import { fenceLang, scriptLang, type CodeParsers } from './code/syntax.js';
import { commandFindings, type CodeUnit } from './commands.js';
import { claimFindings } from './claims.js';
import {
  isMarkdown,
  isScript,
  isTeaching,
  scanOf,
  shownPath,
  softened,
  type AuditFile,
  type AuditInput,
} from './input.js';
import { commentFindings, hiddenFindings, proseFindings } from './instructions.js';
import { splitMarkdown, type Fence, type Located } from './markdown.js';
import { needlesIn } from './needles.js';
import { shadowFindings, skillFindings } from './skill-rules.js';
import { hiddenText } from './unicode.js';
import { proseWriteFindings } from './prose-writes.js';
import { encodedProseFindings, hasLongRun } from './encoded-prose.js';

/** `fail`: an error finding; `warn`: warnings only; `pass`: none. */
export type AuditVerdict = 'pass' | 'warn' | 'fail';

export const AUDIT_VERDICTS: readonly AuditVerdict[] = Object.freeze(['pass', 'warn', 'fail']);

/** How the audit reads code: with the parsers the engine loaded, or by the line rules alone. */
export interface AuditSkillOptions {
  readonly parsers?: CodeParsers;
}

/** The findings of one skill and the notes about how it was read. */
export interface AuditOutcome {
  readonly diagnostics: readonly FlowDiagnostic[];
  /** What was read less well than it should be (not parsed, partly parsed), one line each. */
  readonly notes: readonly string[];
}

/** Fence languages read as commands (the info string's first word; none at all counts). */
const CODE_LANGS = new Set([
  '',
  'sh',
  'bash',
  'shell',
  'zsh',
  'fish',
  'ksh',
  'console',
  'terminal',
  'shellsession',
  'powershell',
  'ps1',
  'pwsh',
  'ps',
  'cmd',
  'bat',
  'batch',
  'python',
  'py',
  'python3',
  'js',
  'javascript',
  'mjs',
  'node',
  'ts',
  'typescript',
  'ruby',
  'rb',
  'perl',
  'php',
  'dockerfile',
  'docker',
  'makefile',
  'make',
  'yaml',
  'yml',
  'jsx',
]);

/**
 * Every finding of the audit rules about one skill, sorted.
 *
 * @example
 * auditSkill({ dir: 'pdf', skillFile: 'SKILL.md', files: [{ path: 'SKILL.md', kind: 'file', size: 9,
 * text: '---\n---\nx' }] }) // []
 */
export function auditSkill(input: AuditInput, options: AuditSkillOptions = {}): Diagnostic[] {
  return [...auditSkillOutcome(input, options).diagnostics];
}

/**
 * The findings and the reading notes of one skill.
 *
 * @example auditSkillOutcome(input, { parsers }).notes // ['x/scripts/a.py: not parsed as python (…)']
 */
export function auditSkillOutcome(input: AuditInput, options: AuditSkillOptions = {}): AuditOutcome {
  const notes: string[] = [];
  const out: FlowDiagnostic[] = [...skillFindings(input), ...claimFindings(input)];
  for (const f of input.files) out.push(...fileFindings(f, input, options, notes));
  out.push(...shadowFindings(input, out));
  if (!options.parsers && input.files.some((f) => f.text !== undefined && (isScript(f) || isMarkdown(f.path))))
    notes.push(`${shownPath(input.dir, input.skillFile)}: code read by the line rules only (no parsers given)`);
  return { diagnostics: dedupe(out).sort(compareDiagnostics), notes };
}

/** One finding per rule and line: the most severe, the flow analysis's (it names the path) on a tie. */
function dedupe(found: readonly FlowDiagnostic[]): FlowDiagnostic[] {
  const byKey = new Map<string, FlowDiagnostic>();
  for (const d of found) {
    const key = `${d.file}\0${d.line}\0${d.code}`;
    const had = byKey.get(key);
    if (!had || rank(d) > rank(had) || (rank(d) === rank(had) && d.flow && !had.flow)) byKey.set(key, d);
  }
  // One finding per pipe: the flow rule's when it is an error (it names the path), the install
  // idiom's line rule when the flow rule only warns.
  const list = [...byKey.values()];
  const at = (code: string, sev?: string): Set<string> =>
    new Set(
      list
        .filter((d) => d.code === code && (sev === undefined || d.severity === sev))
        .map((d) => `${d.file}\0${d.line}`),
    );
  const remoteError = at('security.remote-exec', 'error');
  const pipe = at('security.pipe-to-shell');
  // A secret sent in a host name is URL exfiltration too; the credential finding names the secret.
  const secret = new Map(
    list.filter((d) => d.code === 'security.credential-exfil').map((d) => [`${d.file}\0${d.line}`, d]),
  );
  return list.filter((d) => {
    const key = `${d.file}\0${d.line}`;
    if (d.code === 'security.pipe-to-shell') return !remoteError.has(key);
    if (d.code === 'security.url-exfil' && secret.has(key)) return rank(secret.get(key)!) < rank(d);
    if (d.code === 'security.remote-exec' && d.severity !== 'error') return !pipe.has(key);
    return true;
  });
}

function rank(d: Diagnostic): number {
  return d.severity === 'error' ? 2 : d.severity === 'warning' ? 1 : 0;
}

function fileFindings(f: AuditFile, input: AuditInput, options: AuditSkillOptions, notes: string[]): FlowDiagnostic[] {
  if (f.kind !== 'file' || f.text === undefined) return [];
  const shown = shownPath(input.dir, f.path);
  const out: FlowDiagnostic[] = [];
  const teaching = isTeaching(f.path);
  // One pass finds which rule families can match anywhere in the file (the others are skipped) and
  // which lines of Markdown may hold a phrase.
  const { needles, phraseLines } = scanOf(f);
  if (isMarkdown(f.path)) {
    const isSkill = f.path === input.skillFile;
    const parts = splitMarkdown(f.text, isSkill);
    const codeLines = new Set<number>();
    for (const fence of parts.fences) for (const l of fence.lines) codeLines.add(l.line);
    // A reference the skill tells the agent to follow is instructions too, not documentation.
    const docs = (!isSkill && !followedBy(input).has(f.path)) || teaching;
    out.push(...hiddenText(f.text, shown, { all: false, lines: codeLines }));
    out.push(
      ...proseFindings(parts.prose, shown, {
        docs,
        reference: docs && !teaching,
        spans: parts.spans,
        needles,
        phraseLines,
      }),
    );
    out.push(...hiddenFindings(parts.hidden, shown));
    out.push(...proseWriteFindings(f.text, parts.fences, shown, docs, codeLines, needles));
    // Perf: most files hold no long base64 run, and need no located lines for it.
    if (hasLongRun(f.text))
      out.push(
        ...encodedProseFindings(
          f.text
            .split('\n')
            .map((text, i) => ({ line: i + 1, column: 1, text }))
            .filter((l) => !codeLines.has(l.line)),
          shown,
          docs,
        ),
      );
    const code: FlowDiagnostic[] = [];
    let lines: readonly string[] | undefined;
    for (const fence of parts.fences) {
      if (!CODE_LANGS.has(fence.lang)) continue;
      // A fence's own needles: the file's prose would wake rules the fence gives no cause for.
      const inFence = needles === 0 ? 0 : needlesIn(fence.lines.map((l) => l.text).join('\n'));
      code.push(
        ...commandFindings(
          { lines: fence.lines, where: 'fence', lineOnly: fence.lang === '', needles: inFence },
          shown,
        ),
      );
      const lang = fenceLang(fence.lang);
      if (lang && options.parsers && fence.lines.length > 0) {
        const found = unitFindings(
          {
            lang,
            text: fenceText(fence),
            lineBase: fence.lines[0]!.line - 1,
            place: { file: shown, where: 'fence', docs },
            needles: inFence,
          },
          options.parsers,
          notes,
        );
        // Perf: whether the fence teaches matters only to what it found.
        const teaching = found.length > 0 && teachingFence((lines ??= f.text.split('\n')), fence);
        code.push(...(teaching ? found.map(softened) : found));
      }
    }
    // A span opening with a shell operator (`; rm -rf /`, `$(curl …)`) quotes an injection payload:
    // it is not a command.
    for (const span of parts.spans)
      if (!/^\s{0,4}(?:[;|&`]|\$\()/.test(span.text))
        code.push(
          ...commandFindings(
            { lines: [span], where: 'span', needles: needles === 0 ? 0 : needlesIn(span.text) },
            shown,
          ),
        );
    // Commands in other Markdown (references, guides) are documentation read on demand, often quoting
    // attacks to teach them: at most warnings there. In SKILL.md they are what the agent is told to run.
    out.push(...(!docs ? code : code.map(softened)));
    if (!docs || out.length === 0 || !teachesSecurity(input)) return out;
    // A security skill's reference that quotes attacks to teach them: a note, never silence (a skill could add
    // the labels itself, so its front matter must say it is about security too).
    const name = /(?:threat|attack|dangerous|vulnerab|injection|exploit|escalation|pwn|deserializ|case-stud)/i.test(
      f.path.replace(/^.*\//, ''),
    );
    const all = (lines ??= f.text.split('\n'));
    return out.map((d) => (name || teachingSignals(all, d.line) ? noted(d) : d));
  }
  if (/\.(?:html?|xml|svg|vue|jsx|tsx|hbs|ejs|njk|jinja2?|j2|tmpl|tpl)$/i.test(f.path))
    out.push(...hiddenFindings(unrendered(f.text), shown));
  const script = isScript(f);
  out.push(...hiddenText(f.text, shown, { all: script, lines: new Set() }));
  if (!script) {
    // The comment lines of a data or config file (`#@agent: …` in a CSV) are read as a script's comments are.
    const comments: Located[] = [];
    f.text.split('\n').forEach((text, i) => {
      if (/^\s{0,8}(?:#|\/\/|;|--)/.test(text)) comments.push({ line: i + 1, column: 1, text });
    });
    const found = commentFindings(comments, shown);
    out.push(...(teaching ? found.map(softened) : found));
    // The prose values of a data file (a `system_preamble` in a profile) reach the model as a reference
    // does; a value is also UI text ("Skip the confirmation prompt"), so only a value making two kinds of
    // manipulation at once is reported.
    if (DATA_FILE.test(f.path) && !teaching)
      for (const value of proseValues(f.text))
        out.push(...proseFindings(value, shown, { docs: true, reference: true }).filter((d) => d.severity === 'error'));
  } else {
    const unit: CodeUnit = {
      where: 'script',
      lines: f.text
        .split('\n')
        .map((text, i) => ({ line: i + 1, column: 1, text: text.endsWith('\r') ? text.slice(0, -1) : text })),
    };
    const lines = commandFindings({ ...unit, needles }, shown);
    const lang = scriptLang(f.path, f.text);
    const flows =
      lang && options.parsers
        ? unitFindings(
            { lang, text: f.text, lineBase: 0, place: { file: shown, where: 'script', docs: teaching }, needles },
            options.parsers,
            notes,
          )
        : [];
    // A docstring that names the setting the script writes repeats the write the flow already reported.
    const doc =
      lang === 'python' && flows.some((d) => d.code === 'security.agent-settings') ? docstrings(f.text) : null;
    const kept = doc ? lines.filter((d) => d.code !== 'security.agent-settings' || !doc.has(d.line)) : lines;
    out.push(...(teaching ? [...kept, ...flows].map(softened) : [...kept, ...flows]));
  }
  return out;
}

const DATA_FILE = /\.(?:json|jsonc|json5|ya?ml|toml)$/i;

/**
 * The string values of a JSON, YAML or TOML file that read as prose (six words, or a run of
 * Chinese or Japanese), each as its lines with the key and quotes taken off: a block value's
 * lines under its key are one value.
 */
function proseValues(text: string): Located[][] {
  const out: Located[][] = [];
  let block: { indent: number; lines: Located[] } | undefined;
  text.split('\n').forEach((raw, i) => {
    const indent = raw.search(/\S/);
    // A folded or literal block (`hint: >-`) and a wrapped string go on under their key, indented deeper.
    if (block && indent > block.indent && !KEY.test(raw)) {
      block.lines.push({ line: i + 1, column: indent + 1, text: raw.trim() });
      return;
    }
    block = undefined;
    const value = raw.replace(KEY, '').replace(/^["'[{]+|["'\]},\s]+$/g, '');
    if (indent >= 0) block = { indent, lines: [] };
    if (raw.length >= 24) block?.lines.push({ line: i + 1, column: raw.indexOf(value) + 1, text: value });
    if (block) out.push(block.lines);
  });
  return out.filter((v) => {
    const all = v.map((l) => l.text).join(' ');
    return all.split(/\s+/).length >= 6 || /[\u3040-\u30ff\u4e00-\u9fff]{12}/.test(all);
  });
}

/** The key of a data-file line (`hint:`, `"name" =`, `- label:`). */
const KEY = /^\s*(?:-\s+)?(?:"(?:[^"\\]|\\.){0,200}"|'[^']{0,200}'|[\w.-]{1,200})\s*[:=]\s*/;

/** Lines of Python docstrings: a triple-quoted string standing as a statement of its own. */
function docstrings(text: string): Set<number> {
  const out = new Set<number>();
  let open: string | undefined;
  text.split('\n').forEach((l, i) => {
    if (open) {
      out.add(i + 1);
      if (l.includes(open)) open = undefined;
      return;
    }
    const q = /^\s*[rRuU]?("""|''')/.exec(l)?.[1];
    if (!q) return;
    out.add(i + 1);
    if (l.split(q).length < 3) open = q;
  });
  return out;
}

/** A skill whose name or description says it reviews, audits or teaches security. */
function teachesSecurity(input: AuditInput): boolean {
  const skill = input.files.find((f) => f.path === input.skillFile)?.text ?? '';
  const front = /^---\r?\n([\s\S]{0,4000}?)\r?\n---/.exec(skill)?.[1] ?? '';
  return /\b(?:security|secure|vulnerab\w*|threats?|scann\w*|audit\w*|attacks?|exploits?|pentest\w*|hardening|malware|injection)\b/i.test(
    front,
  );
}

/**
 * A line of a reference that quotes an attack: a table row, an attacker's placeholder host on it, or a label
 * (VULNERABLE:, "malicious", ruleid:) on it or in the eight lines above.
 */
function teachingSignals(raw: readonly string[], line: number): boolean {
  const text = raw[line - 1] ?? '';
  // Lower-case "bad" or "dangerous" is prose; the label is written in capitals.
  const above = raw
    .slice(Math.max(0, line - 9), line)
    .join('\n')
    .replace(/\b(?:bad|risky|dangerous|vulnerable|insecure)\b/g, '');
  return (
    /^\s{0,8}\|.*\|\s*$/.test(text) ||
    /\b[\w.-]{0,40}(?:attacker|evil|malicious|hackmoltrepeat)[\w-]{0,40}\.[a-z]{2,12}\b/i.test(text) ||
    /\b(?:VULNERABLE|DANGEROUS|RISKY|BAD|INSECURE)\b|ruleid:|Always Critical|\b(?:attacker|malicious|backdoor|exfiltrat\w*|obfuscat\w*|example attack|reverse shell)\b/i.test(
      above,
    )
  );
}

function noted(d: FlowDiagnostic): FlowDiagnostic {
  return d.severity === 'info' || d.line === 0
    ? d
    : { ...d, severity: 'info', message: `${d.message} (quoted as an attack in a reference: a note)` };
}

/** A fence introduced as an example of what not to do, or as a test case of a detector. */
function teachingFence(lines: readonly string[], fence: Fence): boolean {
  const first = fence.lines[0]?.line ?? 0;
  const before = lines.slice(Math.max(0, first - 4), Math.max(0, first - 1)).join(' ');
  const inside = fence.lines
    .slice(0, 3)
    .map((l) => l.text)
    .join(' ');
  return (
    /\b(?:example|e\.g\.|vulnerable|insecure|unsafe|bad|wrong|avoid|don't|do not|never|anti-?pattern|test (?:file|case)|malicious|attack|payload|detects?|flags?)\b/i.test(
      before,
    ) || /\b(?:ruleid|todoruleid|ok):|\b(?:BAD|VULNERABLE|INSECURE)\b/.test(inside)
  );
}

/**
 * What a template or page holds that never renders, one located piece per line: HTML comments,
 * template comments (`{# #}`, `{{!-- --}}`, `<%# %>`), and elements hidden by style or attribute.
 */
function unrendered(text: string): Located[] {
  const out: Located[] = [];
  for (const m of text.matchAll(UNRENDERED)) {
    const body = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[6] ?? '';
    const line = text.slice(0, m.index + m[0].indexOf(body)).split('\n').length;
    body.split('\n').forEach((t, i) => out.push({ line: line + i, column: 1, text: t.replace(/<[^>]{0,200}>/g, ' ') }));
  }
  return out;
}

const UNRENDERED =
  /<!--([\s\S]{0,4000}?)-->|\{#([\s\S]{0,4000}?)#\}|\{\{!--([\s\S]{0,4000}?)--\}\}|<%#([\s\S]{0,4000}?)%>|<(div|span|p|section|template|aside)\b[^>]{0,200}?(?:display\s{0,3}:\s{0,3}none|visibility\s{0,3}:\s{0,3}hidden|font-size\s{0,3}:\s{0,3}0|\shidden\b|aria-hidden\s{0,2}=\s{0,2}["']?true)[^>]{0,200}>([\s\S]{0,4000}?)<\/\5>/gi;

const FOLLOWED = new WeakMap<AuditInput, ReadonlySet<string>>();

/** Files SKILL.md tells the agent to follow or run (`Follow references/install.md`). */
function followedBy(input: AuditInput): ReadonlySet<string> {
  let set = FOLLOWED.get(input);
  if (set) return set;
  const skill = input.files.find((f) => f.path === input.skillFile)?.text ?? '';
  // Perf: only the files SKILL.md names at all can be followed.
  const others = input.files.filter((f) => f.path !== input.skillFile && f.kind === 'file' && skill.includes(f.path));
  const found = new Set<string>();
  for (const line of others.length > 0 ? skill.split('\n') : []) {
    if (
      !others.some((f) => line.includes(f.path)) ||
      !/\b(?:follow|run|execute|perform|obey|adopt|apply|comply|(?:walk|go|work) through)\b|befolge|übernimm|sigue|adopta|aplica|suis|adopte|applique|siga|adote|следуй|примени|従|適用|遵循|按照|采用/i.test(
        line,
      ) ||
      /\bsee\b|\bfor (?:more|details|the complete)/i.test(line)
    )
      continue;
    for (const f of others) if (line.includes(f.path)) found.add(f.path);
  }
  FOLLOWED.set(input, (set = found));
  return set;
}

function unitFindings(
  unit: Parameters<typeof analyzeUnit>[0],
  parsers: CodeParsers,
  notes: string[],
): FlowDiagnostic[] {
  const result = analyzeUnit(unit, parsers);
  if (result.note) notes.push(result.note);
  return [...result.findings, ...commentFindings(result.comments, unit.place.file)];
}

/** A fence's lines as one text; console prompts (`$ `) are dropped and output lines blanked. */
function fenceText(fence: Fence): string {
  const prompts = /^(?:console|terminal|shellsession)$/.test(fence.lang);
  return fence.lines
    .map((l: Located) =>
      prompts ? (/^\s{0,4}[$%#]\s/.test(l.text) ? l.text.replace(/^\s{0,4}[$%#]\s/, '') : '') : l.text,
    )
    .join('\n');
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
