/**
 * One code unit (a script, a fenced block) through its language's flow
 * analysis: parsed once, analysed, its effects judged. Literal code found
 * inside it (`bash -c '…'`, a here-document to `python3 -`) is parsed and
 * analysed the same way, to a bounded depth. A unit that does not parse
 * cleanly is still analysed for what did parse, and says so in a note;
 * the line rules read it too. Pure.
 */
import type { Located } from '../markdown.js';
import { newState, type FlowState, type Site } from './effect.js';
import { effectFindings, type FlowDiagnostic, type UnitPlace } from './flow-rules.js';
import { analyzePowerShell } from './powershell.js';
import { analyzeScript } from './script.js';
import { analyzeShell } from './shell.js';
import { isParsed, type CodeLang, type CodeParsers, type SyntaxNode } from './syntax.js';

export interface CodeUnitInput {
  readonly lang: CodeLang;
  readonly text: string;
  /** Line of the file the unit's first line is on, minus one. */
  readonly lineBase: number;
  readonly place: UnitPlace;
}

export interface CodeUnitResult {
  readonly findings: readonly FlowDiagnostic[];
  /** Comments in the code (for the instruction rules), 1-based lines of the file. */
  readonly comments: readonly Located[];
  /** False when the unit was not analysed (no parser, or too large): the line rules alone read it. */
  readonly parsed: boolean;
  /** Why the analysis is partial or missing, for the run's notes. */
  readonly note?: string;
}

/** Nested literal code is followed this deep. */
const MAX_NESTING = 3;

/**
 * Words without which a unit cannot hold any effect the analyses report: a unit with none of
 * them is not parsed at all.
 */
// Perf: most code in skills is examples and helpers that touch none of this; skipping the parse is most of the speed.
const RELEVANT = /\bfind\b|-delete|Join-Path|execute|DROP\b|dup2|pty|curl|wget|fetch|http|url|request|socket|\bnc\b|ncat|socat|eval|exec|system|popen|spawn|subprocess|child_process|Function|\bvm\b|base64|b64|atob|CharCode|chr\(|decode|decompress|hex|\brev\b|xxd|printf|\\x[0-9a-f]{2}|\$'|\brm\b|rmdir|rmtree|unlink|\brm[A-Z]|shred|\bdd\b|mkfs|wipe|chmod|cron|launch|systemctl|schtasks|Register-|\bat\b|source|\bsh\b|bash|zsh|python|node|perl|ruby|php|pwsh|powershell|iex|Invoke|pickle|marshal|yaml|shelve|dill|joblib|torch|numpy|serialize|scp|rsync|sftp|ftp|ssh|mail|smtp|lookup|dig\b|\bhost\b|ping|dns|resolve|\bgit\b|pip|npm|npx|yarn|pnpm|\buv\b|uvx|bunx|gem\b|\bgo\b|conda|write|append|\btee\b|\bcp\b|\bmv\b|install|\bln\b|\bsed\b|copy|rename|move|environ|\benv\b|getenv|process\.env|\$env|token|secret|passw|\.ssh|\.aws|credential|keychain|aws\b|gsutil|rclone|kubectl|terraform|docker|podman|gcloud|\baz\b|DROP|TRUNCATE|FLUSHALL|getattr|__import__|import_module|require|import\(|Remove-Item|Set-Content|Add-Content|Out-File|Start-Process|New-Object|Convert|\[char\]|-join|-f\b|\$\{!|\$\(|`|Reverse|reverse|\[::-1\]|\.bashrc|\.zshrc|profile|hooks|\.claude|\.codex|AGENTS|CLAUDE|authorized_keys|sudoers|\bkill|:\(\)|format|Format-|Clear-Disk|diskutil|fdisk|truncate|join/;

/**
 * Findings, comments and notes of one unit.
 *
 * @example analyzeUnit({ lang: 'sh', text: 'curl x | sh', lineBase: 0, place }, parsers).findings
 */
export function analyzeUnit(unit: CodeUnitInput, parsers: CodeParsers): CodeUnitResult {
  if (!RELEVANT.test(unit.text) && !/#|\/\/|\/\*/.test(unit.text)) return { findings: [], comments: [], parsed: true };
  const parsed = parsers.parse(unit.lang, unit.text);
  if (!isParsed(parsed)) return { findings: [], comments: [], parsed: false, note: `${unit.place.file}${unit.lineBase > 0 ? `:${unit.lineBase + 1}` : ''}: not parsed as ${unit.lang} (${parsed.reason}); the line rules read it` };
  const comments = collectComments(parsed.root, unit.text, unit.lineBase);
  if (!RELEVANT.test(unit.text)) return { findings: [], comments, parsed: true };
  let depth = 0;
  const state: FlowState = newState((lang: CodeLang, text: string, at: Site) => {
    if (depth >= MAX_NESTING) return;
    const inner = parsers.parse(lang, text);
    if (!isParsed(inner)) return;
    depth++;
    try {
      run(lang, inner.root, text, at.line - 1, state);
    } finally {
      depth--;
    }
  });
  try {
    run(unit.lang, parsed.root, unit.text, unit.lineBase, state);
  } catch (error) {
    // A tree too deep or too odd for the analysis costs its flows, never the run.
    return { findings: [], comments, parsed: false, note: `${unit.place.file}${unit.lineBase > 0 ? `:${unit.lineBase + 1}` : ''}: the ${unit.lang} flow analysis stopped (${error instanceof Error ? error.message.slice(0, 80) : 'error'}); the line rules read it` };
  }
  // Lines that check a download against a digest or a signature: what they name was verified before it ran.
  const checks = unit.text.split('\n').filter((l) => /\b(?:sha256sum|shasum\s{1,4}-a|sha512sum|gpg\s{1,4}--verify|cosign\s{1,4}verify|minisign|hashlib\.sha256|createHash\(\s{0,2}['"]sha|Get-FileHash)\b/.test(l)).join('\n');
  if (checks) state.effects.push({ kind: 'self-update', line: 0, col: 0, what: 'checksum', data: { text: '', exact: false, origins: [], via: [] }, verified: true });
  const findings = effectFindings(state.effects.filter((e) => e.line > 0), unit.place, checks);
  const note = parsed.errors > 0 ? `${unit.place.file}:${unit.lineBase + (parsed.errorRow ?? 0) + 1}: ${parsed.errors} part(s) did not parse as ${unit.lang}; the line rules read it too` : undefined;
  return { findings, comments, parsed: true, ...(note ? { note } : {}) };
}

function run(lang: CodeLang, root: SyntaxNode, text: string, lineBase: number, state: FlowState): void {
  if (lang === 'sh') analyzeShell(root, text, lineBase, state);
  else if (lang === 'powershell') analyzePowerShell(root, text, lineBase, state);
  else analyzeScript(lang === 'python' ? 'python' : 'javascript', root, text, lineBase, state);
}

/** Comment nodes as located text (one entry per line of a block comment). */
function collectComments(root: SyntaxNode, text: string, lineBase: number): Located[] {
  const out: Located[] = [];
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'comment') {
      text.slice(n.start, n.end).split('\n').forEach((l, i) => out.push({ line: n.row + 1 + lineBase + i, column: i === 0 ? n.col + 1 : 1, text: l }));
      continue;
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}
