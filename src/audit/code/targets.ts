/**
 * What a path, a host or a name means to the audit: credential stores,
 * secret variables, start-up and persistence locations, the agent's own
 * settings and instruction files, and the places a recursive delete must
 * never reach. Data, with the small functions that read it. Pure.
 */

/** Files and folders that hold credentials (a public key, `*.pub`, does not). */
const CREDENTIAL_PATHS: readonly RegExp[] = [
  /(?:^|[\s"'=@/\\(])(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE|\/root|\/home\/[\w.-]{1,32}|\/Users\/[\w.-]{1,32})?[/\\]?\.ssh(?:[/\\](?!known_hosts|config\b|[\w.-]{0,80}\.pub\b)[\w.*-]{0,80})?(?=$|[\s"')/\\;|&])/,
  /\bid_(?:rsa|dsa|ecdsa|ed25519)\b(?!\.pub)/,
  /\.aws[/\\](?:credentials|config)\b|(?:~|\$HOME|\$\{HOME\})[/\\]\.aws\b/,
  /\.git-credentials\b|\.netrc\b|\.docker[/\\]config\.json\b|\.kube[/\\]config\b|\.config[/\\]gcloud\b|\.azure[/\\]|\.npmrc\b|\.pypirc\b|\.config[/\\]gh[/\\]hosts\.yml\b/,
  /(?:^|[\s"'=@/\\(])\.env(?:\.(?:local|production|prod|development|secret))?(?=$|[\s"')\];,])/,
  /Login Data|Cookies\b|cookies\.sqlite|logins\.json|key[34]\.db|Local State\b|Google[/\\]Chrome[/\\]|\.mozilla[/\\]firefox|BraveSoftware|Microsoft[/\\]Edge[/\\]User Data/,
  /Library[/\\]Keychains|login\.keychain|\/etc\/shadow\b|\.gnupg\b|\.password-store\b|wallet\.dat\b|\.electrum\b|Exodus[/\\]|\.bitcoin\b|\.ethereum[/\\]keystore|MetaMask|Solana[/\\]id\.json|\.config[/\\]solana\b/,
  /\.(?:bash|zsh|sh|python|node_repl|psql|mysql)_history\b|ConsoleHost_history\.txt/,
  /\.claude[/\\](?:\.credentials\.json|credentials)|\.codex[/\\]auth\.json|\.config[/\\](?:openai|anthropic)\b|auth\.json\b/,
];

/** Environment variables that hold secrets. */
const SECRET_VAR =
  /(?:^|_)(?:TOKEN|SECRET|PASSWORD|PASSWD|PASS|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY|CREDENTIALS?|AUTH|SESSION|COOKIE|PAT)(?:_|$)|^(?:AWS_SECRET_ACCESS_KEY|AWS_SESSION_TOKEN|GITHUB_TOKEN|GH_TOKEN|NPM_TOKEN|OPENAI_API_KEY|ANTHROPIC_API_KEY|SLACK_TOKEN|STRIPE_\w+|DATABASE_URL)$/i;

/**
 * True when a path names a credential store.
 *
 * @example isCredentialPath('~/.ssh/id_rsa') // true
 */
export function isCredentialPath(text: string): boolean {
  return text !== '' && CREDENTIAL_PATHS.some((re) => re.test(text));
}

/** True when an environment variable's name says it holds a secret. */
export function isSecretVar(name: string): boolean {
  // An id names a resource (`SESSION_ID`, `AWS_ACCESS_KEY_ID`); it opens nothing by itself.
  return SECRET_VAR.test(name) && !/_IDS?$/i.test(name);
}

/** What a written path is, for the persistence and tampering rules. */
export type WriteClass =
  | 'shell-rc'
  | 'scheduler'
  | 'startup'
  | 'git-hook'
  | 'agent-settings'
  | 'agent-instructions'
  | 'login-key'
  | 'package-index';

const WRITE_CLASSES: readonly [WriteClass, RegExp][] = [
  [
    'shell-rc',
    /(?:^|[/\\~}])\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|cshrc|tcshrc|kshrc|inputrc)\b|\.config[/\\]fish[/\\]config\.fish|\$PROFILE\b|Microsoft\.PowerShell_profile\.ps1|\/etc\/profile\b|\/etc\/(?:bash\.bashrc|zshrc|environment)\b|\/etc\/profile\.d\//i,
  ],
  ['scheduler', /\/etc\/cron|\/var\/spool\/cron|\/etc\/anacrontab|\bcrontabs?\b/],
  [
    'startup',
    /LaunchAgents|LaunchDaemons|\/etc\/systemd\/|\.config[/\\]systemd[/\\]user|\/etc\/init\.d\/|\/etc\/rc\.local|\.config[/\\]autostart|Start Menu[/\\]Programs[/\\]Startup|CurrentVersion[/\\]Run(?:Once)?\b|\bsitecustomize\.py\b|\busercustomize\.py\b|site-packages[/\\][\w.-]{1,80}\.pth\b|\.envrc\b|\/etc\/ld\.so\.preload|\/etc\/sudoers|\.vscode[/\\]tasks\.json/i,
  ],
  ['git-hook', /\.git[/\\]hooks[/\\]|\.husky[/\\]|\bcore\.hooksPath\b|^git config /],
  [
    'agent-settings',
    /\.claude[/\\]settings(?:\.local)?\.json|\.claude\.json\b|\.codex[/\\]config\.toml|\.gemini[/\\]settings\.json|\.cursor[/\\](?:settings|permissions|mcp)\.json|\.vscode[/\\](?:settings|mcp)\.json|(?:^|[/\\])\.mcp\.json|claude_desktop_config\.json|\.windsurf[/\\]|\.continue[/\\]config/,
  ],
  [
    'agent-instructions',
    /(?:^|[/\\~}"'\s])(?:CLAUDE|AGENTS|GEMINI|MEMORY|SOUL|COPILOT)\.md\b|\.cursorrules\b|\.windsurfrules\b|\.cursor[/\\]rules[/\\]|copilot-instructions\.md|\.clinerules\b|\.claude[/\\](?:commands|agents|skills|hooks)[/\\]|\.codex[/\\](?:prompts|skills)[/\\]|(?:^|[/\\])skills[/\\][\w.-]{1,80}[/\\]SKILL\.md\b|\.github[/\\]instructions[/\\]/,
  ],
  ['login-key', /authorized_keys2?\b/],
  [
    'package-index',
    /(?:^|[/\\~])\.npmrc\b|\.yarnrc(?:\.yml)?\b|pip\.conf\b|pip\.ini\b|\.pydistutils\.cfg\b|\.gemrc\b|\.cargo[/\\]config|\.m2[/\\]settings\.xml|\.condarc\b|\/etc\/hosts\b|\.config[/\\]pip[/\\]|uv\.toml\b/,
  ],
];

/**
 * The class of a written path, if it is one the audit watches.
 *
 * @example writeClass('~/.bashrc') // 'shell-rc'
 */
export function writeClass(path: string): WriteClass | undefined {
  for (const [cls, re] of WRITE_CLASSES) if (re.test(path)) return cls;
  return undefined;
}

/** Severity of a delete's target: a whole system or home folder, somewhere outside the project, or neither. */
export type DeleteReach = 'system' | 'outside' | undefined;

/**
 * How far a recursive delete of `target` reaches.
 *
 * @example deleteReach('/') // 'system'
 */
export function deleteReach(target: string): DeleteReach {
  // A walk (`**`, `…/*` of a loop over a tree) deletes the whole folder it starts from.
  const t = target
    .trim()
    .replace(/^["'(]+/, '')
    .replace(/["');,]+$/, '')
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/\/\*\*.*$/, '')
    .replace(/^\$env:(?:SystemDrive|HOMEDRIVE)\/?$/i, '/')
    .replace(/^\$env:(?:USERPROFILE|HOME)/i, '~');
  if (t === '') return undefined;
  if (
    /^(?:\/|\/\*|\/\.\*|~|~\/|~\/\*|~\/\.\*|\$HOME|\$\{HOME\}|\$HOME\/\*?|\$\{HOME\}\/\*?|\/(?:home|Users|etc|usr|var|bin|sbin|lib|lib64|opt|boot|root|System|Library|Applications|srv|mnt|media|dev|proc|sys)\/?\*?|[A-Za-z]:\\?\*?|[A-Za-z]:\/\*?|[A-Za-z]:\/(?:Windows|Users|Program Files)\/?\*?|%USERPROFILE%\\?|%SystemRoot%|\$env:USERPROFILE\\?|\$env:SystemRoot|C:\\Windows(?:\\System32)?|C:\\Users\\?)$/i.test(
      t,
    )
  )
    return 'system';
  // Only unset variables after the home folder: `rm -rf "$HOME/$SUBDIR"` with SUBDIR empty deletes the home folder.
  if (/^(?:~|\$HOME|\$\{HOME\})(?:\/\$\{?[A-Za-z_]\w{0,39}\}?)+\/?\*?$/.test(t)) return 'system';
  // An unset variable in front of a slash makes the path absolute: `rm -rf "$DIR/"` with DIR empty is `rm -rf /`.
  if (
    /^\$\{?\w{1,40}\}?\/\*?$/.test(t) &&
    !/^\$\{?(?:PWD|TMPDIR|TMP|TEMP|BUILD\w*|OUT\w*|DIST\w*|CACHE\w*|WORK\w*)\}?/i.test(t)
  )
    return 'system';
  // A database's or container engine's data folder: deleting it destroys the data, not a cache.
  if (/^\/var\/lib\/(?:postgresql|pgsql|mysql|mariadb|mongodb|redis|docker|containerd|elasticsearch)\b/.test(t))
    return 'system';
  if (
    /^(?:\/tmp\b|\/var\/tmp\b|\/private\/tmp\b|\/private\/var\/folders\b|\$TMPDIR|\$\{TMPDIR|\/dev\/null|\/var\/lib\/apt\/lists|\/var\/cache\/|\/var\/lib\/(?:dnf|yum|apk)\/|\/usr\/share\/(?:doc|man|locale)\/|\/root\/\.cache\/)/.test(
      t,
    ) ||
    /\/\.cache\/|node_modules|__pycache__|\.venv|\/build\/|\/dist\//.test(t)
  )
    return undefined;
  // The user's own documents, code and keys: a recursive delete there destroys their work.
  if (
    /^(?:~|\$HOME|\$\{HOME\}|\/home\/[\w.-]+|\/Users\/[\w.-]+)\/(?:Documents|Desktop|Downloads|Pictures|Photos|Music|Videos|Movies|projects?|code|src|repos|workspace|work|dev|git|github|\.ssh|\.gnupg|\.config|\.local|Library)\/?\*?$/i.test(
      t,
    )
  )
    return 'system';
  if (/^(?:\/|~\/|\$HOME\/|\$\{HOME\}\/|\.\.\/\.\.|\.\.$|\.\.\/\*?$|[A-Za-z]:\/)/.test(t)) return 'outside';
  return undefined;
}

/** Hosts that only stand for the machine itself. */
export function isLocalHost(host: string): boolean {
  return /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[?::1\]?|host\.docker\.internal)$/i.test(host);
}

/**
 * The host of the first URL in `text`, lower case.
 *
 * @example urlHost('curl https://x.test/a') // 'x.test'
 */
export function urlHost(text: string): string | undefined {
  const m = /\b(?:https?|wss?|ftp):\/\/(?:[^\s/@"'`]{1,100}@)?(\[[0-9a-f:]{2,40}\]|[^\s/:"'`?#|)]{1,253})/i.exec(text);
  return m ? m[1]!.toLowerCase() : undefined;
}

/** True for a plain-http URL or one whose host is an IP address: nothing vouches for what it serves. */
export function isBareUrl(text: string): boolean {
  const host = urlHost(text);
  if (host === undefined || isLocalHost(host)) return false;
  return /\bhttp:\/\//i.test(text) || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
}

/** Text a persistence write puts in place that runs something remote or opens a shell. */
export function isDangerousPayload(text: string): boolean {
  return /\b(?:curl|wget|Invoke-WebRequest|iwr|irm|DownloadString|nc|ncat|socat)\b[^\n]{0,200}(?:\||\biex\b)|\b(?:iex|Invoke-Expression)\b[^\n]{0,40}\b(?:iwr|irm|Invoke-WebRequest|Invoke-RestMethod|DownloadString)\b|\s-(?:e|ec|enc|encodedcommand)\s{1,4}[A-Za-z0-9+/]{16,}={0,2}|\balias\s{1,4}sudo\s{0,2}=|\bPATH=["']?(?:\/tmp|\/dev\/shm|\/var\/tmp)\b|\/dev\/tcp\/|\bnc\b[^\n]{0,40}\s-e\s|\bbash\s{1,4}-i\b|base64\s{1,4}(?:-d|--decode)|\bpython[0-9.]{0,4}\s{1,4}-c\s[^\n]{0,200}socket|\b(?:eval|exec|Function)\s{0,2}\([^\n]{0,40}(?:Buffer\.from|atob|b64decode|base64)|\bdangerously|bypassPermissions|autoApprove/i.test(
    text,
  );
}
