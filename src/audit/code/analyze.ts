/**
 * One code unit (a script, a fenced block) through its language's flow
 * analysis: parsed once, analysed, its effects judged. Literal code found
 * inside it (`bash -c '…'`, a here-document to `python3 -`) is parsed and
 * analysed the same way, to a bounded depth. A unit that does not parse
 * cleanly is still analysed for what did parse, and says so in a note;
 * the line rules read it too. Pure.
 */
import type { Located } from '../markdown.js';
import { holds, needleGroup } from '../needles.js';
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
  /** `needlesIn` of a text holding the unit's (its file will do); without it every check runs. */
  readonly needles?: number;
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
const RELEVANT =
  /globalThis|\bwindow\[|\bglobal\[|builtins|\*\*|>\s{0,2}["']?\$|\beval\b|\bexec|system|popen|spawn|subprocess|child_process|Function\s{0,2}\(|\bvm\.|\biex\b|Invoke-|ScriptBlock|Assembly|\bpty\b|dup2|\bsource\b|\|\s{0,4}(?:sudo\s{1,4})?(?:ba|z|da|k)?sh\b|\b(?:ba|z|da|k)?sh\s{1,4}(?:-\w{1,4}\s{1,4})*-c\b|\$\(|`|\s-[ce]\s|msiexec|mshta|regsvr32|rundll32|\bdeno\b|Start-Process|startfile|\.\/|chmod|curl|wget|http|socket|\bnc\b|ncat|socat|nslookup|\bdig\b|\bhost\s|scp|rsync|sftp|\bftp|mail|smtp|\bgh\s|\baws\s|gsutil|rclone|Resolve-Dns|gethostby|\bdns\b|requests|urllib|fetch|axios|WebClient|\birm\b|\biwr\b|\/dev\/tcp|\bpush\b|clone|\bclean\b|hooksPath|alias\.|sshCommand|credential\.helper|\brm\b|rmtree|unlink|Remove-Item|\brm[A-Z]|rimraf|shred|truncate|-delete|\bDROP\b|FLUSH|TRUNCATE|mkfs|\bdd\b|wipefs|fdisk|diskutil|\bkill|terraform|kubectl|gcloud|docker|podman|:\(\)|Format-Volume|Clear-Disk|bashrc|zshrc|[._$/\\z]profile|cron|autostart|LaunchAgents|launchctl|systemctl|systemd|schtasks|Register-Sched|hooks|authorized_keys|CLAUDE|AGENTS|MEMORY|SOUL|settings\.json|\.claude|\.codex|\.cursor|npmrc|pip\.conf|sitecustomize|\.pth\b|envrc|tasks\.json|sudoers|Startup|CurrentVersion|\bpip\b|\bnpm\b|\bnpx\b|yarn|pnpm|\buvx?\b|bunx|\bgem\b|\bgo\s{1,4}env|conda|brew|--registry|index-url|pickle|marshal|shelve|\bdill\b|joblib|yaml\.(?:load|unsafe|full)|torch|np\.load|numpy\.load|read_pickle|unserialize|Marshal|hub\.load|\[[^\]\n]{0,60}\]\s{0,2}\(|getattr|__import__|import_module|require|import\(|(?:^|\n|[;&|(])\s{0,4}[\"']?\$\{?\w{1,30}\}?[\"']?[\w${]|Set-Content|Add-Content|Out-File|Set-ItemProperty|New-ItemProperty|write_text|writeFile|appendFile|open\([^)\n]{0,200}["'][wa]/;

/**
 * Where the unit first stops for the user's answer (`read -p`, `input(`, `Read-Host`) and leaves when it is
 * not the expected one (0-based line, -1: nowhere): a teardown after it is asked for, not done blind. A
 * prompt a flag can skip (`if (( ! YES )); then read …`) asks nothing of an agent that passes the flag.
 */
function askedAt(lines: readonly string[]): number {
  return lines.findIndex((l, i) => {
    const m = PROMPT.exec(l);
    return (
      m !== null &&
      !/\bif\b|\bthen\b|&&|\|\|/.test(l.slice(0, m.index)) &&
      lines.slice(i, i + 4).some((next) => /\bexit\b|\bSystemExit\b|\breturn\b|\bthrow\b|\bbreak\b/.test(next))
    );
  });
}

/** A line that waits for the user's answer in a terminal. */
const PROMPT =
  /\bread\b[^\n|;]{0,40}\s-\w*p\b|\binput\s{0,2}\(|\b(?:click|typer|questionary|rich\.prompt\.Confirm)\.(?:confirm|ask)\s{0,2}\(|\.question\s{0,2}\(|\bRead-Host\b|\bShouldProcess\b|\bShouldContinue\b|\b(?:whiptail|dialog)\s[^\n]{0,40}--yesno|\bgum\s{1,4}confirm\b/;

/** Words of a comment addressed to an assistant or carrying an instruction: only then are comments collected. */
const ADDRESSED =
  /\b(?:ai|assistant|claude|agent|model|llm|copilot|gpt|chatgpt|gemini|codex|cursor|ignore|instructions?|system prompt)\b/i;
const RELEVANT_NEEDLES = needleGroup([RELEVANT]);
const ADDRESSED_NEEDLES = needleGroup([ADDRESSED]);
/** How a comment starts in every language parsed (`<#` holds `#`): a unit without one has no comments to read. */
const COMMENT_START = /#|\/\/|\/\*/;

/**
 * Findings, comments and notes of one unit.
 *
 * @example analyzeUnit({ lang: 'sh', text: 'curl x | sh', lineBase: 0, place }, parsers).findings
 */
export function analyzeUnit(unit: CodeUnitInput, parsers: CodeParsers): CodeUnitResult {
  // Perf: `agent` or `model` in a command line is no comment; a unit without a comment start is not parsed for them.
  const addressed =
    holds(unit.needles, ADDRESSED_NEEDLES) && ADDRESSED.test(unit.text) && COMMENT_START.test(unit.text);
  const relevant = holds(unit.needles, RELEVANT_NEEDLES) && RELEVANT.test(unit.text);
  if (!relevant && !addressed) return { findings: [], comments: [], parsed: true };
  const parsed = parsers.parse(unit.lang, unit.text);
  if (!isParsed(parsed))
    return {
      findings: [],
      comments: [],
      parsed: false,
      note: `${unit.place.file}${unit.lineBase > 0 ? `:${unit.lineBase + 1}` : ''}: not parsed as ${unit.lang} (${parsed.reason}); the line rules read it`,
    };
  const comments = addressed ? collectComments(parsed.root, unit.text, unit.lineBase) : [];
  if (!relevant) return { findings: [], comments, parsed: true };
  // Lines that check a download against a digest or a signature: what they name was verified before it ran.
  const lines = unit.text.split('\n');
  const checks = lines
    .filter((l) =>
      /\b(?:sha256sum|shasum\s{1,4}-a|sha512sum|gpg\s{1,4}--verify|cosign\s{1,4}verify|minisign|hashlib\.sha256|createHash\(\s{0,2}['"]sha|Get-FileHash)\b/.test(
        l,
      ),
    )
    .join('\n');
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
  }, checks);
  try {
    run(unit.lang, parsed.root, unit.text, unit.lineBase, state);
  } catch (error) {
    // A tree too deep or too odd for the analysis costs its flows, never the run.
    return {
      findings: [],
      comments,
      parsed: false,
      note: `${unit.place.file}${unit.lineBase > 0 ? `:${unit.lineBase + 1}` : ''}: the ${unit.lang} flow analysis stopped (${error instanceof Error ? error.message.slice(0, 80) : 'error'}); the line rules read it`,
    };
  }
  if (checks)
    state.effects.push({
      kind: 'self-update',
      line: 0,
      col: 0,
      what: 'checksum',
      data: { text: '', exact: false, origins: [], via: [] },
      verified: true,
    });
  // Perf: prompts matter only to a teardown, which few units hold.
  const asked = state.effects.some((e) => e.kind === 'wipe') ? askedAt(lines) : -1;
  const findings = effectFindings(
    state.effects.filter((e) => e.line > 0),
    unit.place,
    checks,
    asked < 0 ? 0 : unit.lineBase + asked + 1,
  );
  const note =
    parsed.errors > 0
      ? `${unit.place.file}:${unit.lineBase + (parsed.errorRow ?? 0) + 1}: ${parsed.errors} part(s) did not parse as ${unit.lang}; the line rules read it too`
      : undefined;
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
      text
        .slice(n.start, n.end)
        .split('\n')
        .forEach((l, i) => out.push({ line: n.row + 1 + lineBase + i, column: i === 0 ? n.col + 1 : 1, text: l }));
      continue;
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}
