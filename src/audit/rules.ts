/**
 * The `security.*` rules as one table: code, default level, a short
 * description and help text. Report writers (text, JSON, SARIF, …) read rule
 * metadata from here; the scanners only say which rule fired, where, why,
 * and at what level (a rule's level may rise for a high-confidence form of
 * it, e.g. a download piped into a shell from a bare IP address).
 */
import type { DiagnosticCode, Severity } from '../model/diagnostics.js';

/** Every `security.*` code. */
export type SecurityCode = Extract<DiagnosticCode, `security.${string}`>;

/** What the rule looks for; `hidden` … `supply` follow the families in docs/audit.md. */
export type RuleFamily = 'hidden-text' | 'instructions' | 'remote-code' | 'destructive' | 'privilege' | 'trigger' | 'supply-chain' | 'coverage';

export interface AuditRule {
  readonly code: SecurityCode;
  readonly family: RuleFamily;
  /** The level most findings of this rule get. */
  readonly level: Severity;
  /** One line: what the rule finds. */
  readonly summary: string;
  /** What to do about a finding. */
  readonly help: string;
}

const row = (code: SecurityCode, family: RuleFamily, level: Severity, summary: string, help: string): AuditRule => Object.freeze({ code, family, level, summary, help });

/** The rules, in family order. */
export const AUDIT_RULES: readonly AuditRule[] = Object.freeze([
  row('security.unicode-tag', 'hidden-text', 'error', 'Unicode tag characters (U+E0000–U+E007F) that carry invisible ASCII text', 'Delete the tag characters; the message shows the text they spell.'),
  row('security.bidi-control', 'hidden-text', 'warning', 'bidirectional embedding, override or isolate controls that reorder how text is shown (an error in code)', 'Remove the control characters, or write the right-to-left text without overrides.'),
  row('security.zero-width', 'hidden-text', 'warning', 'zero-width characters inside a Latin word, or a long run of them (an error: it can encode hidden data)', 'Remove the zero-width characters; they split words so filters and reviewers read them differently.'),
  row('security.variation-selector', 'hidden-text', 'warning', 'variation selectors outside emoji or ideographic sequences (a run of them, which can encode bytes, is an error)', 'Remove the variation selectors; a visible character does not need them.'),
  row('security.authority-claim', 'instructions', 'warning', 'text that claims system, developer or vendor authority over the agent', 'A skill is user-level content: remove the claim of system or developer authority.'),
  row('security.instruction-override', 'instructions', 'warning', '"ignore previous instructions"-style overrides (an error inside hidden markup)', 'Remove the override; a skill adds instructions, it never cancels the host\'s.'),
  row('security.conceal-from-user', 'instructions', 'warning', 'instructions to hide actions or their results from the user', 'Tell the user what the skill does; remove the instruction to keep it from them.'),
  row('security.hidden-instruction', 'instructions', 'warning', 'instructions inside HTML comments or other Markdown that does not render (an error with an override or a download in it)', 'Move instructions into visible text, or delete the comment.'),
  row('security.pipe-to-shell', 'remote-code', 'warning', 'a download piped into a shell or interpreter (an error over plain http or from an IP address)', 'Download to a file, check its digest or signature, then run it; prefer a package manager.'),
  row('security.decode-exec', 'remote-code', 'error', 'decoded data executed (base64 into a shell, exec/eval of decoded bytes, PowerShell -EncodedCommand)', 'Ship the code in readable form; nothing a skill runs should be hidden in an encoding.'),
  row('security.credential-exfil', 'remote-code', 'error', 'a credential store (~/.ssh, ~/.aws, .env, browser profiles, keychains) read in the same script or block that sends data over the network', 'Remove the read of the credential store, or the network send; never send secrets anywhere.'),
  row('security.url-exfil', 'remote-code', 'error', 'command output placed in a host name (DNS exfiltration) or a URL query sent over the network', 'Remove the command substitution from the host name or URL.'),
  row('security.destructive-delete', 'destructive', 'error', 'a recursive delete of /, the home folder or a system folder (a warning for other places outside the working tree)', 'Delete only paths inside the project, spelled out (rm -rf ./build), never a variable that may be empty.'),
  row('security.history-rewrite', 'destructive', 'warning', 'a force push to a shared branch (main, master, develop, …) or of every ref', 'Push to a branch of your own; never rewrite a shared branch from a skill.'),
  row('security.shell-rc-edit', 'destructive', 'warning', "an edit of a shell start-up file (~/.bashrc, ~/.zshrc, ~/.profile, PowerShell's $PROFILE)", 'Tell the user the line to add instead of changing their start-up files.'),
  row('security.scheduled-task', 'destructive', 'warning', 'a scheduled or start-up task installed (crontab, launchd, systemd enable, schtasks)', 'Ask the user to install scheduled tasks themselves.'),
  row('security.git-hook', 'destructive', 'warning', 'a git hook written or the hooks path changed', 'Let the repository\'s own hook manager install hooks; do not write .git/hooks from a skill.'),
  row('security.agent-settings', 'destructive', 'warning', "an edit of an agent's own settings or permissions (auto-approve, allowed tools, skipped permission prompts)", 'Never widen the agent\'s permissions from a skill; ask the user to change them.'),
  row('security.unrestricted-tools', 'privilege', 'warning', 'an unrestricted allowed-tools grant (Bash, Bash(*), *)', 'Name the commands the skill needs, e.g. Bash(git status:*).'),
  row('security.read-only-mismatch', 'privilege', 'warning', 'a skill that says it is read-only while its tools or scripts write', 'Make the description say that the skill writes, or drop the writing tools and scripts.'),
  row('security.trigger-hijack', 'trigger', 'warning', 'a description that claims every task ("use for ALL requests")', 'Say when the skill applies; a skill that claims everything crowds out every other.'),
  row('security.binary-executable', 'supply-chain', 'warning', 'a compiled executable (ELF, Mach-O, PE) inside the skill', 'Ship source code, or install the tool from a package manager; a binary cannot be reviewed.'),
  row('security.symlink-escape', 'supply-chain', 'warning', 'a symlink whose target lies outside the skill folder (an error for an absolute target)', 'Copy the file into the skill, or link only inside it.'),
  row('security.lookalike-name', 'supply-chain', 'warning', 'a skill name in mixed scripts, or one that reads like another audited name', 'Rename the skill in one script; look-alike names impersonate other skills.'),
  row('security.encoded-blob', 'supply-chain', 'warning', 'a very long base64 or hex string in a script', 'Ship data as a file in assets/ with its source named, not as an opaque string in code.'),
  row('security.file-unscanned', 'coverage', 'warning', 'a file too large to scan, or a skill past its scan budget', 'Keep skill files small; what is not scanned is not audited.'),
]);

/** The rule of a code. */
export const RULES_BY_CODE: ReadonlyMap<SecurityCode, AuditRule> = new Map(AUDIT_RULES.map((r) => [r.code, r]));

/** Every security code, in table order. */
export const SECURITY_CODES: readonly SecurityCode[] = Object.freeze(AUDIT_RULES.map((r) => r.code));

/**
 * True when `code` is one of the audit rules.
 *
 * @example isSecurityCode('security.decode-exec') // true
 */
export function isSecurityCode(code: string): code is SecurityCode {
  return RULES_BY_CODE.has(code as SecurityCode);
}
