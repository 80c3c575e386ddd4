/**
 * Instructions that write: prose telling the agent to create, append to
 * or copy into a file the audit watches (shell start-up files, the agent's
 * settings, rules and memory files, the SSH login keys, package-manager
 * configuration), with what it is to write — the fence or quotation that
 * follows, or the inline code on the line. The same severity policy as a
 * script's write: an error when what is written plants a command, a
 * download, a manipulation or a send to a URL, or when the file is the
 * login keys or the user's global agent files. Pure.
 */
import type { Diagnostic, Severity } from '../model/diagnostics.js';
import { isDangerousPayload, writeClass, type WriteClass } from './code/targets.js';
import { finding, quote } from './input.js';
import type { Fence } from './markdown.js';
import { holds, needleGroup } from './needles.js';
import { findPhrases, isDiscussion } from './phrase-match.js';
import type { SecurityCode } from './rules.js';

const WRITE_VERB =
  /\b(?:create|write|add|append|put|insert|copy|save|place|paste|store|update|overwrite|replace|echo)\b|書き込|追加|写入|添加|écri|ajout|schreib|füge|escrib|añad|escrev|adicion|добав|запиш/i;
const CODES: Readonly<Record<WriteClass, SecurityCode>> = {
  'shell-rc': 'security.shell-rc-edit',
  scheduler: 'security.scheduled-task',
  startup: 'security.persistence',
  'git-hook': 'security.git-hook',
  'agent-settings': 'security.agent-settings',
  'agent-instructions': 'security.agent-settings',
  'login-key': 'security.persistence',
  'package-index': 'security.index-redirect',
};
const TARGET_WORDS =
  /\.\w{0,12}rc\b|\.(?:bash_|z)?profile\b|\$PROFILE|\/cron|crontab|LaunchAgents|systemd|autostart|Startup|\.git\/hooks|\.husky|authorized_keys|(?:CLAUDE|AGENTS|GEMINI|MEMORY|SOUL|COPILOT)\.md|copilot-instructions|settings(?:\.local)?\.json|\.claude\/|\.codex\/|\.cursor\/|\.vscode\/|\.windsurf|\.continue\/|mcp\.json|pip\.(?:conf|ini)|sitecustomize|\.pth\b|\.envrc|sudoers|tasks\.json|\.mdc\b|SKILL\.md|\/etc\/hosts|\.condarc|\.gemrc|uv\.toml|\.m2\/|\.cargo\//;

const TARGET_NEEDLES = needleGroup([TARGET_WORDS]);

/** A variable assignment or export with a plain value (no command substitution, no second command), or a comment. */
const ENV_LINE =
  /^\s*(?:#.*|(?:export\s+)?[A-Za-z_]\w*=(?:"[^"`$;]*(?:\$\{?\w+\}?[^"`$;]*)*"|'[^']*'|[^\s"'`;&|$]*(?:\$\{?\w+\}?[^\s"'`;&|$]*)*)(?:\s+#.*)?)?\s*$/;

/** Variables that make the shell or an interpreter run something, and world-writable folders put on a path. */
const CODE_VAR =
  /\b(?:LD_PRELOAD|LD_LIBRARY_PATH|DYLD_\w+|PROMPT_COMMAND|BASH_ENV|ENV|NODE_OPTIONS|PYTHONSTARTUP|PERL5OPT|RUBYOPT)=|\/tmp\b|\/dev\/shm|\/var\/tmp/;

/** Paths as written in prose: in backticks, quotes, or a bare path-like word. */
const PATH =
  /`([^`\n]{2,200})`|"([^"\n]{2,200})"|((?:~|\.{1,2})?\/?[\w.-]*\.?[\w-]+(?:\/[\w.*-]+)*\.(?:md|mdc|json|toml|ya?ml|conf|ini|zsh|sh|desktop|plist|service)|~\/\.[\w.-]+(?:\/[\w.-]+)*|\.[\w-]+rc\b|authorized_keys)/g;

/**
 * Findings for prose lines that tell the agent to write a watched file.
 *
 * @example
 * proseWriteFindings('Append `source x` to ~/.zshrc.', [], 's/SKILL.md', false, new Set())[0].code // 'security.shell-rc-edit'
 */
export function proseWriteFindings(
  text: string,
  fences: readonly Fence[],
  file: string,
  docs: boolean,
  fenceLines: ReadonlySet<number>,
  needles?: number,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Perf: one search of the whole file first; most files name no watched target at all.
  if (!holds(needles, TARGET_NEEDLES) || !TARGET_WORDS.test(text)) return out;
  const raw = text.split('\n');
  for (let i = 0; i < raw.length; i++) {
    const line = raw[i]!;
    // Perf: the watched targets first (few lines name one), then the verb.
    if (fenceLines.has(i + 1) || !TARGET_WORDS.test(line) || !WRITE_VERB.test(line) || isDiscussion(line)) continue;
    // "Add `.claude/settings.json` to version control" is a commit, not a write.
    if (/\b(?:to|into|under)\s{1,4}(?:version|source)\s{1,4}control\b|\bgit\s{1,4}add\b/i.test(line)) continue;
    const targets = [...line.matchAll(PATH)]
      .map((m) => m[1] ?? m[2] ?? m[3] ?? '')
      .filter((t) => writeClass(t) !== undefined);
    if (targets.length === 0) continue;
    const target = targets[0]!;
    const cls = writeClass(target)!;
    // A project's own agent notes (CLAUDE.md, AGENTS.md, a skills folder) written in the open are ordinary work.
    const projectNotes = cls === 'agent-instructions' && !/^(?:~|\$HOME|\/)/.test(target);
    // What is to be written: the next fence (within three lines), else quoted or inline text on this line or the next.
    const fence = fences.find((f) => f.lines.length > 0 && f.lines[0]!.line > i + 1 && f.lines[0]!.line <= i + 5);
    const payload = fence
      ? fence.lines.map((l) => l.text).join('\n')
      : [
          line,
          ...raw
            .slice(i + 1, i + 4)
            .filter((l) => l.trim() !== '')
            .slice(0, 2),
        ].join('\n');
    const planted =
      isDangerousPayload(payload) ||
      /"runOn"\s{0,2}:\s{0,2}"folderOpen"|alwaysApply\s{0,2}:\s{0,2}true[\s\S]{0,400}https?:\/\//.test(payload) ||
      findPhrases(payload.replace(/\n/g, ' ')).some((h) => h.cls !== 'routing') ||
      (/https?:\/\//.test(payload) && /\b(?:send|post|upload|forward|copy)\b/i.test(payload)) ||
      (cls === 'shell-rc' && /\b(?:LD_PRELOAD|DYLD_INSERT_LIBRARIES)=/.test(payload));
    // Copying or cloning a skill folder into a skills directory is installing it, as in code.
    const install =
      cls === 'agent-instructions' &&
      /(?:^|[/\\])skills[/\\](?:[\w.-]{1,80}[/\\]?)?$/.test(target) &&
      /\b(?:copy|cp|clone|install|symlink|link|move|place|put|drop)\b/i.test(line);
    // The agent writes these in the open, for the user to see: a planted payload, the login keys or the user's
    // global agent files (not a project's) make it unambiguous.
    const global =
      (cls === 'agent-instructions' || cls === 'agent-settings') && /^(?:~|\$HOME\b|\$\{HOME\})/.test(target);
    const severe = planted || cls === 'login-key' || global;
    if ((projectNotes || install) && !planted) continue;
    // "Add to ~/.zshrc:" over a block of variable exports is the line the rule itself tells a skill to hand the
    // user; "add these exports" points at the block above.
    const above = fences.find(
      (f) => f.lines.length > 0 && f.lines.at(-1)!.line < i + 1 && f.lines.at(-1)!.line >= i - 3,
    );
    const block = /\b(?:these|above)\b/i.test(line) && above ? above : fence;
    const env = block?.lines.map((l) => l.text).join('\n') ?? '';
    if (
      cls === 'shell-rc' &&
      block &&
      !planted &&
      block.lines.every((l) => ENV_LINE.test(l.text)) &&
      !CODE_VAR.test(env)
    )
      continue;
    const severity: Severity = severe && !docs ? 'error' : 'warning';
    out.push(
      finding(
        CODES[cls],
        file,
        i + 1,
        Math.max(1, line.indexOf(target) + 1),
        `the instructions have the agent write ${quote(target, 60)}${planted ? ' with a payload that runs, fetches or sends' : ''}`,
        severity,
      ),
    );
  }
  return out;
}
