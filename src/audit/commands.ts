/**
 * Command rules over code: scripts, fenced blocks and inline code spans.
 * Remote code (downloads piped into a shell, decode-then-execute),
 * exfiltration (a credential store read and a network send in one unit,
 * command output in a host name or URL query), destructive and persistence
 * commands, and agent settings. Line rules look at one line; unit rules
 * (credential + send) at a whole script or block. Pure.
 */
import type { Diagnostic, Severity } from '../model/diagnostics.js';
import { finding, quote } from './input.js';
import type { Located } from './markdown.js';
import { holds, needleGroup } from './needles.js';
import { anyMatch, firstMatch, firstOfAny, joinLines, livePatterns } from './scan.js';
import type { SecurityCode } from './rules.js';

/** One script, fenced block or code span: its lines and where it sits. */
export interface CodeUnit {
  readonly lines: readonly Located[];
  readonly where: 'script' | 'fence' | 'span';
  /** Only the line rules: a fence without a language is as often sample output as code. */
  readonly lineOnly?: boolean;
  /** `needlesIn` of a text holding every line (the unit's file will do); without it every rule runs. */
  readonly needles?: number;
}

const SHELLS = String.raw`(?:sudo\s{1,4}(?:-\S{1,12}\s{1,4}){0,3})?(?:env\s{1,4}(?:\S{1,40}=\S{0,80}\s{1,4}){0,3})?(?:\/(?:usr\/)?(?:local\/)?bin\/)?(?:ba|z|k|da|c|tc|fi|a)?sh\b|(?:sudo\s{1,4})?(?:python[0-9.]{0,4}|node|perl|ruby|php|pwsh|powershell)(?:\s{1,4}-)?\s{0,4}(?=$|[;&|)"'])|(?:iex|Invoke-Expression)\b`;
const FETCH = String.raw`\b(?:curl|wget|fetch|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b`;

const PIPE_TO_SHELL: readonly RegExp[] = [
  new RegExp(String.raw`${FETCH}[^|\n]{0,300}\|\s{0,4}(?:${SHELLS})`, 'i'),
  new RegExp(
    String.raw`(?:(?:ba|z|k)?sh|source|\.|python[0-9.]{0,4}|perl|ruby|node)\s{1,4}(?:-\S{1,4}\s{1,4}){0,2}<\(\s{0,4}${FETCH}`,
    'i',
  ),
  new RegExp(
    String.raw`(?:(?:ba|z|k)?sh\s{1,4}-c|eval|python[0-9.]{0,4}\s{1,4}-c)\s{1,4}["']?\$\(\s{0,4}${FETCH}`,
    'i',
  ),
  /\b(?:iex|Invoke-Expression)\b\s{0,4}[(&]?\s{0,4}\(?\s{0,4}(?:New-Object\s{1,4}(?:System\.)?Net\.WebClient\)?\.DownloadString|iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b/i,
];

const DECODE_EXEC: readonly RegExp[] = [
  new RegExp(
    String.raw`\bbase(?:64|32)\s{1,4}(?:-\w{1,3}\s{1,4}){0,2}(?:-d|--decode|-D)\b[^|\n]{0,200}\|\s{0,4}(?:${SHELLS})`,
    'i',
  ),
  /\b(?:eval|(?:ba|z)?sh\s{1,4}-c|exec)\s{1,4}["']?\$\([^)\n]{0,300}\bbase(?:64|32)\s{1,4}(?:-\w{1,3}\s{1,4}){0,2}(?:-d|--decode|-D)\b/i,
  /\b(?:exec|eval)\s{0,4}\([^\n]{0,200}?\b(?:b64decode|b32decode|a2b_base64|decodebytes|base64_decode|fromhex|unhexlify|decompress)\s{0,4}\(/,
  /\b(?:eval|new\s{1,4}Function|setTimeout)\s{0,4}\(\s{0,4}(?:atob\s{0,4}\(|Buffer\.from\s{0,4}\([^)\n]{0,200}(?:base64|hex))/,
  /\b(?:powershell|pwsh)(?:\.exe)?\b[^\n]{0,100}\s-(?:e|ec|en|enc|enco|encodedcommand)\s{1,4}[A-Za-z0-9+/]{16,}={0,2}/i,
  /\bFromBase64String\s{0,4}\([^\n]{0,300}\b(?:iex|Invoke-Expression)\b|\b(?:iex|Invoke-Expression)\b[^\n]{0,300}FromBase64String\s{0,4}\(/i,
];

/** Reads of credential stores (never a public key). */
const CREDENTIALS: readonly RegExp[] = [
  /(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|expanduser\(\s{0,2}["']~)\/?\.ssh\/(?!\S{0,80}\.pub\b|known_hosts|config\b)/,
  /\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)/,
  /\.aws\/(?:credentials|config)\b|(?:~|\$HOME)\/\.aws\b/,
  /\.git-credentials\b|(?:~|\$HOME)\/\.netrc\b|\.docker\/config\.json\b|\.kube\/config\b|\.config\/gcloud\b|(?:~|\$HOME)\/\.(?:npmrc|pypirc)\b/,
  /(?:\bcat|\bopen\(|\bread_text\(|readFileSync\(|\bsource|\bless|\bhead|\btail|<)\s{0,4}["']?(?:\.\/)?\.env\b(?![.\w-])/,
  /Login Data|cookies\.sqlite|Local State\b|Google\/Chrome\/|\.mozilla\/firefox|BraveSoftware|Library\/Keychains|login\.keychain/,
  /\bsecurity\s{1,4}(?:find-(?:generic|internet)-password|dump-keychain)\b|\/etc\/shadow\b/,
];

/** Network sends: data leaving the machine. */
const SENDS: readonly RegExp[] = [
  /\bcurl\b[^\n]{0,300}\s(?:-d|--data(?:-binary|-raw|-urlencode)?|-F|--form|-T|--upload-file|-X\s{0,4}(?:POST|PUT))(?=[\s=@"']|$)/,
  /\bwget\b[^\n]{0,200}--(?:post|body)-(?:data|file)\b/,
  /\b(?:nc|ncat|netcat|socat)\s{1,4}(?:-\w{1,4}\s{1,4}){0,3}[\w.-]{1,100}\s{1,4}\d{2,5}\b|\/dev\/(?:tcp|udp)\//,
  /\b(?:requests|httpx|session|aiohttp\.ClientSession\(\))\.(?:post|put)\s{0,4}\(|\baxios\.(?:post|put)\s{0,4}\(|\burlopen\s{0,4}\([^\n]{0,200}data\s{0,2}=/,
  /\bfetch\s{0,4}\([^\n]{0,200}method\s{0,4}:\s{0,4}["'](?:POST|PUT)/i,
  /\bInvoke-(?:WebRequest|RestMethod)\b[^\n]{0,200}-Method\s{1,4}(?:Post|Put)\b/i,
  /\b(?:scp|rsync)\b[^\n]{0,200}\s[\w.-]{1,64}@[\w.-]{1,253}:/,
  /\bsmtplib\.SMTP|\bsendmail\b/,
];

const URL_EXFIL: readonly RegExp[] = [
  // Command output as a DNS label: the name argument of a lookup, or the host of a URL.
  /\b(?:nslookup|dig|host|ping|drill|Resolve-DnsName)\s{1,4}(?:-\S{1,12}\s{1,4}){0,4}["']?[\w.-]{0,100}(?:\$\(|`)[^\n]{1,200}\.[A-Za-z]{2,24}\b/i,
  /\b(?:curl|wget|nc|ncat|Invoke-WebRequest|iwr|fetch)\b[^\n]{0,200}:\/\/[\w.-]{0,100}(?:\$\([^)\n]{1,200}\)|`[^`\n]{1,200}`)[\w-]{0,60}\.[\w.-]{0,100}\.[A-Za-z]{2,24}(?=[/:"'\s?#]|$)/i,
  // Command output that reads the machine placed in a URL query.
  /\bhttps?:\/\/[^\s"'()]{1,200}[?&][\w-]{1,40}=["']?(?:\$\(|`)\s{0,4}(?:cat|base64|env|printenv|whoami|hostname|id|uname|ls|pwd|history|tar|gzip)\b/i,
];

interface Target {
  readonly severity: Severity;
  readonly what: string;
}

/** What a recursive delete's target is, when it is outside the working tree. */
function deleteTarget(target: string): Target | undefined {
  const t = target.replace(/^["'(]+/, '').replace(/["');,]+$/, '');
  if (
    /^(?:\/|\/\*|~|~\/|~\/\*|\$HOME|\$\{HOME\}|\$HOME\/|\$HOME\/\*|\$\{HOME\}\/\*?|\/(?:home|Users|etc|usr|var|bin|sbin|lib|opt|boot|root|System|Library|Applications)\/?\*?|[A-Za-z]:\\?\*?|%USERPROFILE%|\$env:USERPROFILE|\/\$\w{1,40}|\/\$\{\w{1,40}\}\/?)$/.test(
      t,
    )
  ) {
    return { severity: 'error', what: `${t}, a system or home folder` };
  }
  // Temporary folders, package-manager caches and other caches are cleaned up legitimately.
  if (
    /^(?:\/tmp\/|\/var\/tmp\/|\/private\/tmp\/|\$TMPDIR|\$\{TMPDIR|\/dev\/null|\/var\/lib\/apt\/lists|\/var\/cache\/|\/var\/lib\/(?:dnf|yum|apk)\/|\/usr\/share\/(?:doc|man|locale)\/|\/root\/\.cache\/)/.test(
      t,
    ) ||
    /\/\.cache\//.test(t)
  )
    return undefined;
  if (/^(?:\/|~\/|\$HOME\/|\$\{HOME\}\/|\.\.\/\.\.|\.\.$|\.\.\/\*?$)/.test(t))
    return { severity: 'warning', what: `${t}, outside the working tree` };
  return undefined;
}

// Not `--rm` (docker run's flag): a delete is the command rm.
const RM = /(?<![-\w])rm\s{1,4}((?:-{1,2}[A-Za-z-]{1,24}\s{1,4}){1,4})((?:["']?[^\s;&|]{1,200}["']?\s{0,4}){1,8})/;
const OTHER_DESTRUCTIVE: readonly [RegExp, string][] = [
  [
    /\bRemove-Item\b[^\n]{0,120}-Recurse\b[^\n]{0,120}\s(?:[A-Za-z]:\\?|~|\$HOME|\$env:USERPROFILE)(?=\s|$|['"])/i,
    'Remove-Item -Recurse of a drive or the home folder',
  ],
  [/\brmdir\s{1,4}\/s\s{1,4}(?:\/q\s{1,4})?[A-Za-z]:\\?(?=\s|$)/i, 'rmdir /s of a drive'],
  [/\bmkfs(?:\.\w{1,8})?\s{1,4}(?:-\S{1,8}\s{1,4}){0,3}\/dev\//, 'mkfs of a disk'],
  [/\bdd\b[^\n]{0,120}\bof=\/dev\/(?:sd|hd|nvme|disk|mmcblk|xvd)/, 'dd onto a disk'],
  [
    /\bshutil\.rmtree\s{0,4}\(\s{0,4}(?:["']\/["']|["']~["']|os\.path\.expanduser\(\s{0,2}["']~["']\s{0,2}\)|Path\.home\(\))\s{0,4}\)/,
    'rmtree of / or the home folder',
  ],
  [/--no-preserve-root\b/, 'rm --no-preserve-root'],
];

const LINE_RULES: readonly {
  code: SecurityCode;
  patterns: readonly RegExp[];
  what: string;
  severity?: (m: string) => Severity | undefined;
}[] = [
  {
    code: 'security.pipe-to-shell',
    patterns: PIPE_TO_SHELL,
    what: 'runs a download in a shell or interpreter',
    severity: pipeSeverity,
  },
  { code: 'security.decode-exec', patterns: DECODE_EXEC, what: 'executes decoded data' },
  { code: 'security.url-exfil', patterns: URL_EXFIL, what: 'sends command output in a host name or URL' },
  {
    code: 'security.unsafe-deserialization',
    patterns: [
      /\bunserialize\s{0,2}\(\s{0,2}(?:file_get_contents|\$_(?:GET|POST|REQUEST|COOKIE)|base64_decode)|Marshal\.load\s{0,2}\(\s{0,2}(?:Net::HTTP|URI\.open|open-uri|HTTParty|Faraday|RestClient|Base64)|YAML\.(?:load|unsafe_load)\s{0,2}\(\s{0,2}(?:Net::HTTP|URI\.open)|ObjectInputStream\s{0,2}\([^\n]{0,80}(?:getInputStream|openStream)/,
    ],
    what: 'deserializes data from the network with a loader that runs code',
    severity: () => 'error',
  },
  {
    code: 'security.remote-exec',
    patterns: [
      // Ruby, PHP and Perl evaluate a fetched text in one expression (no grammar reads them).
      /\beval\s{0,4}\(?\s{0,4}(?:URI\.open|URI\.parse\([^\n]{0,200}\)\.read|open\(\s{0,2}["']https?:|Net::HTTP\.get|HTTParty\.get|RestClient\.get|Faraday\.get|file_get_contents\(\s{0,2}["']https?:|LWP::Simple::get|get\(\s{0,2}["']https?:)|\b(?:include|require)(?:_once)?\s{0,4}\(?\s{0,4}["']https?:\/\//,
      /\b(?:msiexec(?:\.exe)?\s{1,4}\/[iI]|mshta(?:\.exe)?|regsvr32(?:\.exe)?\s[^\n]{0,40}\/i:)\s{0,4}["']?https?:\/\/|\bcertutil(?:\.exe)?\s[^\n]{0,60}-urlcache[^\n]{0,200}(?:&&|;|\|)\s{0,4}(?:start|\S{1,80}\.exe)|\bbitsadmin\s[^\n]{0,40}\/transfer\b[^\n]{0,200}(?:&&|;)\s{0,4}start\b|\/tr\s{1,4}["'][^"'\n]{0,200}\b(?:iex|Invoke-Expression|DownloadString|irm|iwr)\b/i,
    ],
    what: 'runs a program or script straight from the network',
    severity: () => 'error',
  },
  {
    code: 'security.history-rewrite',
    patterns: [
      /\bgit\s{1,4}push\b[^\n;&|]{0,200}(?:\s(?:-f|--force(?![-\w])|--force-with-lease(?!=[^\s:]{0,100}:)(?:=\S{1,100})?)\b[^\n;&|]{0,200}(?:\s|:|\+)(?:main|master|trunk|develop|development|production|prod|release|stable)\b|\s(?:--mirror|--all\s{1,4}(?:-f|--force))\b|\s\+(?:main|master|trunk|develop)\b)|\bgit\s{1,4}push\b[^\n;&|]{0,200}\s(?:main|master|trunk|develop)\b[^\n;&|]{0,100}\s(?:-f|--force)\b/,
    ],
    what: 'force-pushes a shared branch',
  },
  {
    code: 'security.shell-rc-edit',
    patterns: [
      /(?:>>?|\btee\s{1,4}(?:-a\s{1,4})?|\bsed\s{1,4}-i\S{0,8}\s{1,4}[^\n]{0,200}?)\s{0,4}["']?(?:~|\$HOME|\$\{HOME\}|\/root|\/home\/\w{1,32})\/\.(?:bashrc|bash_profile|bash_login|profile|zshrc|zprofile|zshenv|zlogin|cshrc|tcshrc|kshrc|config\/fish\/config\.fish)\b/,
      /\b(?:Add-Content|Set-Content|Out-File)\b[^\n]{0,120}\$PROFILE\b|>>?\s{0,4}\$PROFILE\b/i,
    ],
    what: 'edits a shell start-up file',
  },
  {
    code: 'security.scheduled-task',
    patterns: [
      /\|\s{0,4}crontab\s{1,4}-(?:\s|$)|\bcrontab\s{1,4}(?![-<])[\w./~$-]{1,200}\s{0,4}$|>{1,2}\s{0,4}\/etc\/cron|\/var\/spool\/cron\//,
      /\bLibrary\/LaunchAgents\/|\blaunchctl\s{1,4}(?:load|bootstrap)\b|\bschtasks(?:\.exe)?\s{1,4}\/create\b|\bRegister-ScheduledTask\b|\bsystemctl\s{1,4}(?:--user\s{1,4})?enable\b/i,
    ],
    what: 'installs a scheduled or start-up task',
  },
  {
    code: 'security.git-hook',
    patterns: [
      /(?:>>?|\btee\b|\bcp\b|\bmv\b|\bln\s{1,4}-s|\binstall\b|\bchmod\b|write_text\(|writeFileSync\()[^\n]{0,200}\.git\/hooks\/[\w.-]{1,40}|\bgit\s{1,4}config\b[^\n]{0,80}\bcore\.hooksPath\b/,
    ],
    what: 'writes a git hook',
  },
  {
    code: 'security.agent-settings',
    patterns: [
      /--dangerously-skip-permissions\b|--dangerously-bypass-approvals-and-sandbox\b|\bbypassPermissions\b|["']?(?:chat\.tools\.)?autoApprove["']?\s{0,4}[:=]\s{0,4}true\b|["']?chat\.tools\.global\.autoApprove\b/,
      /(?:>>?|\btee\s{1,4}(?:-a\s{1,4})?|\bsed\s{1,4}-i\S{0,8}\s[^\n]{0,200}?|\bcp\s[^\n]{0,200}?|\bmv\s[^\n]{0,200}?|\bjq\b[^\n]{0,200}>\s{0,4})\s{0,4}["']?(?:~|\$HOME|\.)\/?\.(?:claude\/settings(?:\.local)?\.json|codex\/config\.toml|gemini\/settings\.json|cursor\/(?:settings|permissions)\.json|vscode\/settings\.json)\b/,
    ],
    what: "changes the agent's own settings or permissions",
    // The user's global settings (not a project's) are never a skill's to rewrite.
    severity: (m) => (/(?:~|\$HOME)\/\.(?:claude|codex|gemini|cursor|vscode)\//.test(m) ? 'error' : undefined),
  },
];

const LINE_NEEDLES = needleGroup([
  ...LINE_RULES.flatMap((r) => r.patterns),
  RM,
  ...OTHER_DESTRUCTIVE.map(([re]) => re),
]);
const CREDENTIAL_NEEDLES = needleGroup(CREDENTIALS);
const SEND_NEEDLES = needleGroup(SENDS);

/** A pipe to a shell from plain http or an IP address is an error; over https a warning. */
function pipeSeverity(text: string): Severity | undefined {
  const url = /\b(https?):\/\/([^/\s"'|)]{1,253})/i.exec(text);
  if (!url) return undefined;
  const host = url[2]!.replace(/:\d+$/, '').toLowerCase();
  if (/^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(host)) return undefined;
  if (url[1]!.toLowerCase() === 'http' || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith('['))
    return 'error';
  return undefined;
}

/**
 * Line and unit findings for one code unit; `file` is the shown path.
 *
 * @example
 * commandFindings({ where: 'script', lines: [{ line: 1, column: 1, text: 'curl https://x.sh | sh' }] },
 * 's/scripts/a.sh')
 */
export function commandFindings(unit: CodeUnit, file: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  let credential: Located | undefined;
  let credentialText = '';
  let sends = false;
  const lined = holds(unit.needles, LINE_NEEDLES);
  // A credential read is reported only beside a send: both need their words.
  const exfil = holds(unit.needles, CREDENTIAL_NEEDLES) && holds(unit.needles, SEND_NEEDLES);
  if (!lined && !exfil) return out;
  // Perf: one search of the whole unit per pattern first; per line, only the patterns that can
  // match (running every pattern on every line was most of a lock's time).
  const texts = joinLines(unit.lines.map((l) => l.text));
  const lineRules = !lined
    ? []
    : LINE_RULES.map((rule) => ({ rule, patterns: livePatterns(texts, rule.patterns) })).filter(
        (r) => r.patterns.length > 0,
      );
  const rmLive = lined && livePatterns(texts, [RM]).length > 0;
  const destructive = !lined ? [] : OTHER_DESTRUCTIVE.filter(([re]) => livePatterns(texts, [re]).length > 0);
  const credentials = exfil ? livePatterns(texts, CREDENTIALS) : [];
  const sending = exfil ? livePatterns(texts, SENDS) : [];
  for (const l of unit.lines) {
    const text = l.text;
    if (text.trim() === '' || isComment(text)) continue;
    for (const { rule, patterns } of lineRules) {
      const m = firstOfAny(text, patterns);
      if (!m) continue;
      out.push(
        finding(
          rule.code,
          file,
          l.line,
          l.column + m.index,
          `this ${unit.where === 'span' ? 'code' : 'line'} ${rule.what}: "${quote(m.text)}"`,
          rule.severity?.(m.text),
        ),
      );
    }
    const rm = rmLive ? firstMatch(text, RM) : undefined;
    if (rm && /r|R|--recursive/.test(rm.groups[0] ?? '')) {
      const flags = rm.groups[0]!;
      if (/(?:^|\s)-{1,2}(?:[A-Za-z]*[rR][A-Za-z]*|recursive)\s/.test(`${flags} `)) {
        for (const word of (rm.groups[1] ?? '').trim().split(/\s{1,4}/)) {
          const target = deleteTarget(word);
          if (!target) continue;
          out.push(
            finding(
              'security.destructive-delete',
              file,
              l.line,
              l.column + rm.index,
              `recursive delete of ${target.what}: "${quote(rm.text)}"`,
              target.severity,
            ),
          );
          break;
        }
      }
    }
    for (const [re, what] of destructive) {
      const m = firstMatch(text, re);
      if (m) {
        out.push(
          finding('security.destructive-delete', file, l.line, l.column + m.index, `${what}: "${quote(m.text)}"`),
        );
        break;
      }
    }
    if (!credential) {
      const m = firstOfAny(text, credentials);
      if (m) {
        credential = { line: l.line, column: l.column + m.index, text: m.text };
        credentialText = text;
      }
    }
    if (!sends && anyMatch(text, sending)) sends = true;
  }
  if (credential && sends && unit.lineOnly !== true) {
    const where = unit.where === 'script' ? 'script' : 'block';
    out.push(
      finding(
        'security.credential-exfil',
        file,
        credential.line,
        credential.column,
        `this ${where} reads a credential store ("${quote(credential.text, 40)}" in "${quote(credentialText, 60)}") and sends data over the network`,
      ),
    );
  }
  return out;
}

/** Shell, Python, Ruby, PowerShell and C-style line comments. */
function isComment(text: string): boolean {
  return /^\s{0,40}(?:#(?!!)|\/\/|--\s|REM\s|::)/i.test(text);
}
