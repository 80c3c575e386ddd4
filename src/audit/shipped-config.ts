/**
 * Configuration a skill ships for the agent or the user to copy in place:
 * package-manager files that redirect installs (`.npmrc`, `pip.conf`),
 * agent settings that drop permission prompts, editor tasks that run on
 * folder open, and dependency manifests that install from a URL without a
 * pin. What such a file would do once copied is judged as if it were
 * written there. Pure.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { finding, isTeaching, quote, softened, type AuditFile } from './input.js';
import { isBareUrl, isDangerousPayload } from './code/targets.js';

/** Names of the configuration files this module judges, as the instructions would name a copy's destination. */
const CONFIG_NAME =
  /(?:^|[\s`'"/~(])(\.npmrc|\.yarnrc(?:\.yml)?|pip\.conf|pip\.ini|\.pypirc|\.condarc|uv\.toml|\.gemrc|package\.json|settings(?:\.local)?\.json|tasks\.json)(?=$|[\s`'",.;:)])/g;

/**
 * The configuration files SKILL.md has a shipped file copied to: a line naming the file and a
 * configuration file's name ("Copy `assets/npmrc.tpl` to `~/.npmrc`"), whatever the language.
 *
 * @example copiedAs('1. Copia `assets/npmrc.tpl` a `.npmrc`.', 'assets/npmrc.tpl') // ['.npmrc']
 */
export function copiedAs(skill: string, path: string): string[] {
  const own = path.replace(/^.*\//, '');
  const out = new Set<string>();
  for (const line of skill.includes(path) ? skill.split('\n') : [])
    if (line.includes(path))
      for (const m of line.matchAll(CONFIG_NAME)) if (m[1] !== own && !line.includes(`${m[1]}/`)) out.add(m[1]!);
  return [...out];
}

/**
 * Findings for one shipped configuration file or manifest.
 *
 * @example
 * shippedConfigFindings({ path: 'assets/.npmrc', kind: 'file', size: 9, text: 'registry=http://x/' },
 * 's/assets/.npmrc')[0].code // 'security.index-redirect'
 */
export function shippedConfigFindings(f: AuditFile, shown: string): Diagnostic[] {
  const text = f.text;
  if (text === undefined) return [];
  const name = f.path.replace(/^.*\//, '');
  const lineOf = (re: RegExp): number => Math.max(1, text.split('\n').findIndex((l) => re.test(l)) + 1);
  if (/\.ya?ml$/i.test(name) && /^jobs\s{0,4}:/m.test(text) && /^["']?on["']?\s{0,4}:/m.test(text)) {
    // A vulnerable workflow kept under tests/ or examples/ teaches the attack: a warning there.
    const found = workflowFindings(text, shown, lineOf).map((d) => (isTeaching(f.path) ? softened(d) : d));
    if (found.length > 0) return found;
  }
  if (/^(?:\.npmrc|\.yarnrc(?:\.yml)?|pip\.conf|pip\.ini|\.pypirc|\.condarc|uv\.toml|\.gemrc)$/.test(name)) {
    const m =
      /^\s{0,8}(?:registry|index-url|extra-index-url|index|npmRegistryServer|channels)\s{0,4}[=:]\s{0,4}(\S+)/m.exec(
        text,
      );
    if (!m) return [];
    const insecure =
      /strict-ssl\s{0,4}=\s{0,4}false|trusted-host|enableStrictSsl\s{0,4}:\s{0,4}false|extra-index-url/.test(text) ||
      isBareUrl(m[1]!);
    return [
      finding(
        'security.index-redirect',
        shown,
        lineOf(/registry|index-url|index|channels/),
        1,
        `a shipped ${name} sends package installs to ${quote(m[1]!, 60)}${insecure ? ' and turns off the checks that protect them' : ''}`,
        insecure ? 'error' : 'warning',
      ),
    ];
  }
  // Named as the settings file, or holding keys only Claude Code's settings have (`permissions.json`
  // to be merged into ~/.claude/settings.json).
  if (
    (/(?:^|\/)settings(?:\.local)?\.json$/.test(f.path) &&
      /bypassPermissions|dangerously|"allow"\s{0,4}:\s{0,4}\[[^\]]{0,200}"(?:Bash(?:\(\*\))?|\*)"/.test(text)) ||
    (/\.json$/.test(f.path) &&
      !isTeaching(f.path) &&
      /"defaultMode"\s{0,4}:\s{0,4}"bypassPermissions"|"skipDangerousModePermissionPrompt"\s{0,4}:\s{0,4}true/.test(
        text,
      ))
  ) {
    return [
      finding(
        'security.agent-settings',
        shown,
        lineOf(/bypassPermissions|dangerously|"allow"/),
        1,
        `a shipped ${name} turns off the agent's permission prompts`,
        'error',
      ),
    ];
  }
  if (/(?:^|\/)tasks\.json$/.test(f.path) && /"runOn"\s{0,4}:\s{0,4}"folderOpen"/.test(text)) {
    return [
      finding(
        'security.persistence',
        shown,
        lineOf(/folderOpen/),
        1,
        'a shipped tasks.json runs a command whenever the folder is opened',
        'error',
      ),
    ];
  }
  if (name === 'package.json') {
    const hook = installHooks(text).find((h) => isDangerousPayload(h.command));
    if (hook)
      return [
        finding(
          'security.remote-exec',
          shown,
          lineOf(new RegExp(`"${hook.name}"\\s{0,4}:`)),
          1,
          `a shipped package.json runs ${quote(hook.command, 60)} at npm install (${hook.name}): fetched or decoded code that runs`,
          'error',
        ),
      ];
  }
  if (/^requirements[\w.-]{0,40}\.txt$/.test(name)) {
    // pip reads these options from the file itself: an extra index lets a public name be served by another host.
    const m = /^\s{0,8}(--extra-index-url|--index-url|-i|--trusted-host|--find-links|-f)(?:\s{1,4}|=)(\S+)/m.exec(text);
    if (m)
      return [
        finding(
          'security.index-redirect',
          shown,
          lineOf(/^\s{0,8}(?:--extra-index-url|--index-url|-i|--trusted-host|--find-links|-f)\b/),
          1,
          `a shipped ${name} sends package installs to ${quote(m[2]!, 60)} (${m[1]})`,
          /extra-index-url|trusted-host/.test(m[1]!) || isBareUrl(m[2]!) ? 'error' : 'warning',
        ),
      ];
  }
  if (/^requirements[\w.-]{0,40}\.txt$|^pyproject\.toml$|^package\.json$|^Pipfile$/.test(name)) {
    // In package.json only the dependency lists install anything (`repository.url` is metadata).
    const deps = name === 'package.json' ? packageDeps(text) : text;
    const m =
      /(?:@\s{0,4}|["']\s{0,2}:\s{0,2}["']|^)((?:git\+)?https?:\/\/[^\s"'#]+|git\+ssh:\/\/[^\s"']+|github:[^\s"']+)/m.exec(
        deps,
      );
    if (m && !/[0-9a-f]{40}|#sha256=|--hash/.test(deps.slice(m.index, m.index + 300))) {
      return [
        finding(
          'security.unpinned-install',
          shown,
          Math.max(1, text.split('\n').findIndex((l) => l.includes(m[1]!)) + 1),
          1,
          `a dependency installed from ${quote(m[1]!, 60)}, not pinned to a commit or a digest`,
          isBareUrl(m[1]!) ? 'error' : 'warning',
        ),
      ];
    }
  }
  return [];
}

/** Triggers a pull request from a fork, or anyone's comment or issue, can start with the repository's secrets. */
const OUTSIDE_TRIGGER =
  /^\s{0,4}(?:pull_request_target|issue_comment|issues|discussion(?:_comment)?|pull_request_review(?:_comment)?|workflow_run)\s{0,4}:/m;
/** The lines of a workflow's `run:` scripts (the key's own line and the block under it), 1-based. */
function inRunSteps(text: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let block = -1;
  text.split('\n').forEach((l, i) => {
    const indent = l.search(/\S/);
    if (block >= 0 && (indent > block || indent < 0)) out.push({ line: i + 1, text: l });
    else block = -1;
    const run = /^(\s*)(?:-\s+)?run\s{0,4}:/.exec(l);
    if (run) {
      block = run[1]!.length;
      out.push({ line: i + 1, text: l });
    }
  });
  return out;
}

/** A checkout of the pull request's own code. */
const PR_CHECKOUT = /\bgithub\.event\.pull_request\.head\.(?:sha|ref)\b|\bgithub\.head_ref\b|refs\/pull\//;
/** Text an outsider writes, expanded into a step's shell script. */
const OUTSIDE_TEXT =
  /\$\{\{\s{0,4}github\.event\.(?:issue|pull_request|comment|review|review_comment|discussion|head_commit)\.(?:title|body|head\.ref|head\.label|message)\s{0,4}\}\}/;

/**
 * A GitHub Actions workflow the skill ships for the repository: started by outsiders (a fork's pull
 * request, a comment), it must not run their code or their text with the repository's secrets.
 */
function workflowFindings(text: string, shown: string, lineOf: (re: RegExp) => number): Diagnostic[] {
  if (!OUTSIDE_TRIGGER.test(text)) return [];
  if (PR_CHECKOUT.test(text) && /\bpull_request_target\s{0,4}:|\bworkflow_run\s{0,4}:/.test(text))
    return [
      finding(
        'security.remote-exec',
        shown,
        lineOf(PR_CHECKOUT),
        1,
        "a shipped workflow checks out a fork's pull request under pull_request_target: the fork's code runs with the repository's secrets and write token",
        'error',
      ),
    ];
  const m = inRunSteps(text)
    .map((l) => ({ l, m: OUTSIDE_TEXT.exec(l.text) }))
    .find((x) => x.m);
  if (m?.m)
    return [
      finding(
        'security.remote-exec',
        shown,
        m.l.line,
        1,
        `a shipped workflow expands ${quote(m.m[0], 60)} into a step's script: whoever writes that text runs commands with the repository's secrets`,
        'error',
      ),
    ];
  return [];
}

/** A package.json's dependency entries, one `"name": "spec"` a line; the whole text when it does not parse. */
function packageDeps(text: string): string {
  try {
    const pkg = JSON.parse(text) as Record<string, unknown>;
    return ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']
      .flatMap((k) => Object.entries((pkg[k] ?? {}) as Record<string, unknown>))
      .map(([n, v]) => `"${n}": "${String(v)}"`)
      .join('\n');
  } catch {
    return text;
  }
}

/** The npm lifecycle scripts that run at install (preinstall, install, postinstall, prepare). */
function installHooks(text: string): { readonly name: string; readonly command: string }[] {
  try {
    const scripts = (JSON.parse(text) as { scripts?: Record<string, unknown> }).scripts ?? {};
    return ['preinstall', 'install', 'postinstall', 'prepare'].flatMap((name) => {
      const command = scripts[name];
      return typeof command === 'string' ? [{ name, command }] : [];
    });
  } catch {
    // A package.json that does not parse installs nothing.
    return [];
  }
}
