/**
 * What a command does, whatever language starts it: a shell line, a
 * `subprocess.run([...])`, a `spawn(cmd, args)` or a PowerShell
 * invocation all come here with the command's name, its arguments as
 * values and what it reads on standard input. It returns what the command
 * prints and records the effects (code run, data sent, deletes, writes,
 * installs). Wrappers (`sudo`, `env`, `xargs` …) are looked through. Pure.
 */
import { isChecked, pinned, type FlowState, type Site } from './effect.js';
import { isCredentialPath, isSecretVar } from './targets.js';
import {
  CODE_ORIGINS,
  withoutSecrets,
  asReadPath,
  concat,
  hasOrigin,
  lit,
  merge,
  opaque,
  retext,
  reversed,
  rot13,
  tagged,
  unbase64,
  unescapeC,
  unhex,
  type Val,
} from './value.js';
import { fileSemantics, installSemantics, systemSemantics } from './commands-more.js';

/** Commands that only run the command after them. */
const WRAPPERS = new Set([
  'sudo',
  'doas',
  'env',
  'nohup',
  'time',
  'nice',
  'ionice',
  'timeout',
  'stdbuf',
  'command',
  'builtin',
  'exec',
  'setsid',
  'caffeinate',
  'watch',
  'unbuffer',
  'chronic',
  'torsocks',
  'proxychains',
  'proxychains4',
]);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'ash', 'busybox', 'csh', 'tcsh']);
const INTERPRETERS: Readonly<Record<string, { flag: RegExp; lang?: 'python' | 'javascript' | 'powershell' | 'sh' }>> = {
  python: { flag: /^-c$/, lang: 'python' },
  node: { flag: /^(?:-e|--eval|-p|--print)$/, lang: 'javascript' },
  deno: { flag: /^eval$/, lang: 'javascript' },
  bun: { flag: /^-e$/, lang: 'javascript' },
  perl: { flag: /^-e$|^-E$/ },
  ruby: { flag: /^-e$/ },
  php: { flag: /^-r$/ },
  lua: { flag: /^-e$/ },
  osascript: { flag: /^-e$/ },
  pwsh: { flag: /^-(?:c|command)$/i, lang: 'powershell' },
  powershell: { flag: /^-(?:c|command)$/i, lang: 'powershell' },
};
const FETCHERS = new Set(['curl', 'wget', 'http', 'https', 'aria2c', 'fetch', 'lwp-request', 'get', 'xh', 'curlie']);

export interface Cmd {
  /** The command name as a value (usually exact). */
  readonly name: Val;
  readonly args: readonly Val[];
  readonly stdin: Val;
  readonly at: Site;
  /** The command is a stage after a fetch in the same pipeline. */
  readonly afterFetch?: boolean;
}

/** The name of an interpreter family (`python3.11` → `python`). */
export function baseName(name: string): string {
  const b = name
    .replace(/^.*[/\\]/, '')
    .replace(/\.exe$/i, '')
    .toLowerCase();
  if (/^python[0-9.]{0,5}$/.test(b) || b === 'py') return 'python';
  if (/^(?:nodejs|node[0-9]{0,2})$/.test(b)) return 'node';
  return b;
}

/**
 * Run `cmd` through the command table: its output, with effects recorded in `state`.
 *
 * @example
 * runCommand({ name: lit('curl'), args: [lit('https://x.test')], stdin: lit(''), at },
 * state).origins[0].kind // 'network'
 */
export function runCommand(cmd: Cmd, state: FlowState): Val {
  let { name, args } = cmd;
  // Look through wrappers: `sudo -u x env A=1 nohup bash -c …`.
  for (let guard = 0; guard < 6 && name.exact && WRAPPERS.has(baseName(name.text)); guard++) {
    const i = args.findIndex(
      (a, k) =>
        !(
          a.text.startsWith('-') ||
          /^\w+=/.test(a.text) ||
          (k > 0 && /^-[ungCTsk]$/.test(args[k - 1]!.text)) ||
          /^\d+[smhd]?$/.test(a.text)
        ),
    );
    if (i < 0)
      return baseName(name.text) === 'env'
        ? tagged(lit(''), 'credential', cmd.at.line, 'env (the environment)')
        : lit('');
    name = args[i]!;
    args = args.slice(i + 1);
  }
  const at = cmd.at;
  if (!name.exact || name.origins.length > 0) {
    // A command whose name is computed: run what a decoder, a download or characters put together.
    if (hasOrigin(name, ...CODE_ORIGINS)) {
      state.effects.push({
        kind: 'exec',
        line: at.line,
        col: at.col,
        what: `a command named by a computed value`,
        data: concat([name, ...args.map((a) => concat([lit(' '), a]))]),
      });
    }
    if (!name.exact) {
      // Its best known text may still be a program this unit wrote or made executable.
      if (state.chmodded.has(name.text) || writtenAt(state, name.text)) runFile(state, at, name.text, name);
      return opaque('$(…)', [name, ...args, cmd.stdin]);
    }
  }
  const base = baseName(name.text);
  if (base === 'xargs') return xargs(cmd, args, state);
  if (SHELLS.has(base)) return shell(cmd, base, args, state);
  if (base === 'python' && args[0]?.text === '-m' && /^pip3?$/.test(args[1]?.text ?? ''))
    return installSemantics(cmd, 'pip', args.slice(2), state) ?? lit('');
  if (INTERPRETERS[base]) return interpreter(cmd, base, args, state);
  if (base === 'eval') {
    const code = concat(args.flatMap((a, i) => (i ? [lit(' '), a] : [a])));
    execCode(state, at, 'eval', code, 'sh');
    return opaque('$(eval …)', [code]);
  }
  if (base === 'source' || base === '.') {
    runFile(state, at, base, args[0]);
    return lit('');
  }
  if (FETCHERS.has(base)) return fetcher(cmd, base, args, state);
  if (
    /^(?:\.{0,2}\/|~\/|\$|\/)/.test(name.text) ||
    name.text.includes('/') ||
    [...state.chmodded].some((k) => k.endsWith(`/${name.text}`))
  ) {
    // A path run as a program (or a program made executable on PATH, run by its name): what was written there runs.
    runFile(state, at, name.text, name);
  }
  if (/^(?:msiexec|mshta|rundll32|regsvr32|start|open|xdg-open)$/.test(base)) {
    const url = args.map((a) => ({ a, u: /https?:\/\/\S+/.exec(a.text)?.[0] })).find((x) => x.u);
    if (
      url &&
      ((base !== 'open' && base !== 'xdg-open' && base !== 'start') ||
        /\.(?:exe|msi|dmg|pkg|sh|ps1|bat|cmd|scr|hta|jar|app)\b/i.test(url.u!))
    )
      runFile(state, at, `${base} ${url.u}`, lit(url.u!));
  }
  const decoded = transform(cmd, base, args);
  if (decoded) return decoded;
  return (
    systemSemantics(cmd, base, args, state) ??
    fileSemantics(cmd, base, args, state) ??
    installSemantics(cmd, base, args, state) ??
    reader(cmd, base, args)
  );
}

/** Perl, Ruby, PHP and other code the audit has no grammar for: an encoded command in it, or a fetch it evaluates. */
export function foreignCode(state: FlowState, at: Site, base: string, code: string): void {
  for (const m of code.matchAll(/["']([0-9a-fA-F]{16,})["']|["']([A-Za-z0-9+/]{20,}={0,2})["']/g)) {
    const decoded = m[1] ? unhex(m[1]) : unbase64(m[2]!);
    if (decoded && /\b(?:curl|wget|sh|bash|nc|python|perl|powershell|rm|chmod)\b|https?:\/\//.test(decoded)) {
      state.effects.push({
        kind: 'exec',
        line: at.line,
        col: at.col,
        what: `${base} running an encoded command`,
        data: tagged(lit(decoded), 'decoded', at.line, `${base}: ${m[0].slice(0, 30)}…`),
      });
      state.nested('sh', decoded, at);
    }
  }
  if (
    /\b(?:eval|system|exec|passthru|shell_exec|popen|instance_eval|Kernel\.exec|`)\b[^;]{0,80}\b(?:get|getstore|LWP|open-uri|URI\.open|Net::HTTP|file_get_contents|curl_exec|fetch|open)\b[^;]{0,80}https?:\/\//.test(
      code,
    ) ||
    /\b(?:eval|system)\s{0,2}\(?\s{0,2}(?:get|file_get_contents|URI\.open)\s{0,2}\(\s{0,2}["']https?:/.test(code)
  ) {
    const url = /https?:\/\/[^\s"')]+/.exec(code)?.[0] ?? 'a URL';
    state.effects.push({
      kind: 'exec',
      line: at.line,
      col: at.col,
      what: `${base} evaluating what it fetched`,
      data: tagged(lit(code), 'network', at.line, `${base} fetching ${url}`),
    });
  }
}

/** Run code text: exact text is analysed as code of `lang`; code that carries untrusted origins is an exec effect. */
export function execCode(
  state: FlowState,
  at: Site,
  what: string,
  code: Val,
  lang: 'sh' | 'python' | 'javascript' | 'powershell' | undefined,
  direct = false,
): void {
  if (hasOrigin(code, ...CODE_ORIGINS))
    state.effects.push({ kind: 'exec', line: at.line, col: at.col, what, data: code, ...(direct ? { direct } : {}) });
  // A shell command with parts not known (`git push --force ${remote}`) is still read: its unknown parts
  // stand as variables, as they do in a script.
  else if ((code.exact || lang === 'sh') && lang !== undefined && code.text.trim() !== '')
    state.nested(lang, code.text, at);
}

/** What this unit wrote at `path`: the file itself, or a folder a clone or an unpack filled that holds it. */
function writtenAt(state: FlowState, path: string): Val | undefined {
  return state.files.get(path) ?? [...state.files].find(([k]) => k.endsWith('/') && path.startsWith(k))?.[1];
}

/** Run a file: its content when this unit wrote it (a download), nothing known otherwise. */
export function runFile(state: FlowState, at: Site, what: string, path: Val | undefined): void {
  if (!path) return;
  // A program run straight from a URL (`deno run -A https://…`, `msiexec /i http://…`);
  // a page opened in a browser is not.
  if (
    /^(?:https?|ftp):\/\//i.test(path.text) &&
    (/^(?:deno|bun|node|python|msiexec|mshta|regsvr32|rundll32|(?:ba|z)?sh|pwsh|powershell|source|\.)\b/.test(what) ||
      /\.(?:exe|msi|sh|ps1|bat|cmd|jar|hta|scr|dmg|pkg|py|js|ts|mjs)(?:[?#]|$)/i.test(path.text))
  ) {
    execCode(state, at, what, tagged(opaque(path.text), 'network', at.line, path.text.slice(0, 100)), undefined);
    return;
  }
  const base = path.text.replace(/^\.\//, '');
  // A file written in this unit, one under a folder a clone or an unpack filled, or a program made
  // executable in a folder on PATH and run by its name.
  const content =
    state.files.get(path.text) ??
    writtenAt(state, base) ??
    (!base.includes('/')
      ? [...state.files].find(([k]) => state.chmodded.has(k) && k.endsWith(`/${base}`))?.[1]
      : undefined);
  const made = [...state.chmodded].some((k) => k === path.text || k === base || k.endsWith(`/${base}`));
  // A program this unit made executable, where it also saved a download to a path it only names by a
  // parameter (`get(url, dest, cb)`): that download is the likeliest program.
  const fetched = made
    ? [...state.files].find(([k, v]) => /^[A-Za-z_]\w*$/.test(k) && v.origins.some((o) => o.kind === 'network'))?.[1]
    : undefined;
  const program = content ?? fetched;
  if (program) {
    const how = made ? `${what} (made executable after it was written)` : what;
    // A download checked against a digest or signature before it runs is pinned, not fetched blind.
    execCode(state, at, how, isChecked(state.checks, path) ? pinned(program) : program, undefined);
  } else if (path.origins.length > 0 && !path.exact) execCode(state, at, what, path, undefined);
}

/**
 * The script file a shell runs, or undefined when it reads its input: `-s`, or `-` or nothing for a
 * script, makes every operand a positional parameter; `-o`, `-O`, `--rcfile` and `--init-file` take a value.
 */
function shellOperand(args: readonly Val[]): Val | undefined {
  for (let i = 0; i < args.length; i++) {
    const t = args[i]!.text;
    if (/^-[a-z]*s[a-z]*$/i.test(t) || t === '-') return undefined;
    if (t === '--') return args[i + 1];
    if (/^[-+][oO]$|^--(?:rcfile|init-file)$/.test(t)) i++;
    else if (!/^[-+]/.test(t)) return args[i];
  }
  return undefined;
}

function shell(cmd: Cmd, base: string, args: readonly Val[], state: FlowState): Val {
  if (state.netStdio && !args.some((a) => a.text === '-c'))
    state.effects.push({
      kind: 'exec',
      line: cmd.at.line,
      col: cmd.at.col,
      what: `${base} with its input and output on a network socket`,
      data: tagged(lit(base), 'network', state.netStdio.line, 'a socket duplicated onto standard input and output'),
    });
  const c = args.findIndex((a) => /^-[a-z]*c[a-z]*$/i.test(a.text) && !a.text.startsWith('--'));
  if (c >= 0 && args[c + 1]) {
    execCode(state, cmd.at, `${base} -c`, args[c + 1]!, 'sh');
    return opaque('$(…)', [args[c + 1]!]);
  }
  const file = shellOperand(args);
  if (file) runFile(state, cmd.at, `${base} ${file.text}`, file);
  else execCode(state, cmd.at, `${base} reading its input`, cmd.stdin, 'sh', cmd.afterFetch === true);
  return opaque('$(…)', [cmd.stdin]);
}

function interpreter(cmd: Cmd, base: string, args: readonly Val[], state: FlowState): Val {
  const spec = INTERPRETERS[base]!;
  const lang = spec.lang;
  if (base === 'pwsh' || base === 'powershell') {
    const e = args.findIndex((a) => /^-e(?:nc?|ncodedcommand|c)?$/i.test(a.text));
    if (e >= 0 && args[e + 1]) {
      const bytes = args[e + 1]!.exact ? Buffer.from(args[e + 1]!.text, 'base64').toString('utf16le') : undefined;
      execCode(
        state,
        cmd.at,
        `${base} -EncodedCommand`,
        tagged(retext(args[e + 1]!, bytes), 'decoded', cmd.at.line, `${base} -EncodedCommand`),
        'powershell',
      );
      if (bytes) state.nested('powershell', bytes, cmd.at);
      return opaque('$(…)', []);
    }
  }
  const c = args.findIndex((a) => spec.flag.test(a.text));
  if (c >= 0 && args[c + 1] && lang === undefined && args[c + 1]!.exact)
    foreignCode(state, cmd.at, base, args[c + 1]!.text);
  if (c >= 0 && args[c + 1]) {
    execCode(state, cmd.at, `${base} ${args[c]!.text}`, args[c + 1]!, lang);
    return opaque('$(…)', [args[c + 1]!]);
  }
  const file = args.find(
    (a, i) => !a.text.startsWith('-') && !(i === 0 && /^(?:run|x|exec)$/.test(a.text) && /^(?:deno|bun)$/.test(base)),
  );
  if (file && file.text !== '-' && !/^-m$/.test(args[0]?.text ?? ''))
    runFile(state, cmd.at, `${base} ${file.text}`, file);
  else if (!file || file.text === '-')
    execCode(state, cmd.at, `${base} reading its input`, cmd.stdin, lang, cmd.afterFetch === true);
  return opaque('$(…)', [cmd.stdin]);
}

function xargs(cmd: Cmd, args: readonly Val[], state: FlowState): Val {
  let i = 0;
  while (i < args.length && args[i]!.text.startsWith('-')) i += /^-[InLPd]$/.test(args[i]!.text) ? 2 : 1;
  if (i >= args.length) return cmd.stdin;
  // The input becomes arguments: with `sh -c`, it is code.
  return runCommand({ name: args[i]!, args: [...args.slice(i + 1), cmd.stdin], stdin: lit(''), at: cmd.at }, state);
}

/**
 * Options of curl and of wget whose next word is their value (an output file, a header, a timeout), not a URL;
 * a group of short options (`-fsSLo`) takes one when its last letter does.
 */
const VALUED: Readonly<Record<string, RegExp>> = {
  curl: /^(?:-[a-zA-Z]*[odFHuAexXmwTbcCrKEyYzPUtQ]|--(?:output|data(?:-binary|-raw|-urlencode|-ascii)?|form(?:-string)?|header|user|user-agent|referer|proxy|request|max-time|connect-timeout|retry(?:-delay|-max-time)?|write-out|upload-file|cookie(?:-jar)?|proto(?:-redir)?|continue-at|range|config|cacert|cert|key|resolve|limit-rate|json|url))$/,
  wget: /^(?:-[a-zA-Z]*[OoPUtTeaiB]|--(?:output-document|output-file|directory-prefix|user-agent|header|post-data|post-file|body-data|body-file|tries|timeout|user|password|append-output|method|input-file|base))$/,
};

function fetcher(cmd: Cmd, base: string, args: readonly Val[], state: FlowState): Val {
  // The URL is a word that is no option's value: `-o "$file"` names where the body goes.
  const valued = VALUED[base] ?? VALUED.curl!;
  const words = args.filter((a, i) => !a.text.startsWith('-') && !(i > 0 && valued.test(args[i - 1]!.text)));
  const named = args.findIndex((a) => a.text === '--url');
  const url =
    (named >= 0 ? args[named + 1] : undefined) ??
    words.find((a) => /^(?:https?|ftp|wss?):\/\//i.test(a.text)) ??
    words.find((a) => /^[\w.-]+\.[a-z]{2,}(?:[/:]|$)/i.test(a.text)) ??
    words.find((a) => !a.exact);
  const what = `${base} ${url?.text ?? ''}`.trim();
  const out = tagged(opaque('$(curl …)', url ? [url] : []), 'network', cmd.at.line, what.slice(0, 120));
  // Data sent: request bodies, uploads, headers, and anything untrusted in the URL itself.
  const sent: Val[] = [];
  let stdinSent = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!.text;
    const next = args[i + 1];
    if (
      /^(?:-d|--data(?:-binary|-raw|-urlencode|-ascii)?|-F|--form(?:-string)?|-T|--upload-file|--json|--post-data|--post-file|--body-data|--body-file|-H|--header)$/.test(
        a,
      ) &&
      next
    ) {
      if (/^@-$|^-$/.test(next.text)) stdinSent = true;
      const file = next.text.replace(/^[\w-]*=?@/, '').replace(/^@/, '');
      if (
        /@|^(?:-T|--upload-file|--post-file|--body-file)$/.test(`${next.text.includes('@') ? '@' : ''}${a}`) &&
        file !== '-'
      )
        sent.push(readPath(lit(file), cmd.at, next));
      else sent.push(/^(?:-H|--header)$/.test(a) ? withoutSecrets(next) : next);
      i++;
    } else if (/^(?:-d|-F|-T|-H)./.test(a)) sent.push(args[i]!);
  }
  if (url && url.origins.length > 0)
    state.effects.push({
      kind: 'egress',
      line: cmd.at.line,
      col: cmd.at.col,
      what: `${base} to a URL built from data`,
      data: url,
      target: url,
      inName: inHostOrQuery(url.text),
    });
  const body = merge([...sent, ...(stdinSent ? [cmd.stdin] : [])]);
  if (sent.length > 0 || stdinSent)
    state.effects.push({
      kind: 'egress',
      line: cmd.at.line,
      col: cmd.at.col,
      what: `${base} sending data`,
      data: body,
      ...(url ? { target: url } : {}),
    });
  // Downloads to a file: what is written there is from the network.
  const toStdout = args.some(
    (a) => /^-[a-zA-Z]*O-$/.test(a.text) || (/^-[a-zA-Z]*O$/.test(a.text) && args[args.indexOf(a) + 1]?.text === '-'),
  );
  // curl's -O names the file after the URL; wget's -O and either's -o take the file name.
  const remoteName = base === 'curl' && args.some((a) => /^-[a-zA-Z]*O$|^--remote-name$/.test(a.text));
  const o = args.findIndex(
    (a) =>
      /^(?:--output|--output-document)$/.test(a.text) ||
      (base === 'curl' ? /^-[a-zA-Z]*o$/ : /^-[a-zA-Z]*[oO]$/).test(a.text),
  );
  const urlName = url ? lit(url.text.replace(/[?#].*$/, '').replace(/.*\//, '')) : undefined;
  const dest = o >= 0 && !toStdout ? args[o + 1] : (remoteName || base === 'wget') && !toStdout ? urlName : undefined;
  if (dest && dest.text !== '-' && dest.text !== '/dev/null') {
    if (isOwnFile(dest.text))
      state.effects.push({
        kind: 'self-update',
        line: cmd.at.line,
        col: cmd.at.col,
        what: `${base} over the skill's own file`,
        data: out,
        target: dest,
        ...(url && /[0-9a-f]{40}/.test(url.text) ? { verified: true } : {}),
      });
    state.files.set(dest.text, out);
    state.effects.push({
      kind: 'write',
      line: cmd.at.line,
      col: cmd.at.col,
      what: `${base} download`,
      data: out,
      target: dest,
    });
    return lit('');
  }
  return out;
}

/** Decoders, decompressors, reversal and character tricks: output is the input, transformed and tagged. */
function transform(cmd: Cmd, base: string, args: readonly Val[]): Val | undefined {
  const flags = args
    .filter((a) => a.text.startsWith('-'))
    .map((a) => a.text)
    .join(' ');
  const input = args.find((a) => !a.text.startsWith('-'));
  const at = cmd.at.line;
  if ((base === 'base64' || base === 'base32' || base === 'basenc') && /(?:^|\s)(?:-d|--decode|-D)\b/.test(flags)) {
    const src = input ? readPath(input, cmd.at) : cmd.stdin;
    return tagged(retext(src, src.exact ? unbase64(src.text) : undefined), 'decoded', at, `${base} -d`);
  }
  if (base === 'xxd' && /-r/.test(flags))
    return tagged(retext(cmd.stdin, cmd.stdin.exact ? unhex(cmd.stdin.text) : undefined), 'decoded', at, 'xxd -r');
  if (
    /^(?:gunzip|zcat|gzcat|bunzip2|bzcat|unxz|xzcat|unzstd|zstdcat|uncompress|lzcat|brotli)$/.test(base) ||
    (/^(?:gzip|bzip2|xz|zstd)$/.test(base) && /-d/.test(flags))
  )
    return tagged(retext(cmd.stdin, undefined), 'decoded', at, base);
  if (base === 'openssl' && /\b(?:enc|base64)\b/.test(args.map((a) => a.text).join(' ')) && /-d\b/.test(flags))
    return tagged(retext(cmd.stdin, undefined), 'decoded', at, 'openssl -d');
  if (base === 'uudecode' || (base === 'gpg' && /--decrypt|-d\b/.test(flags)))
    return tagged(retext(cmd.stdin, undefined), 'decoded', at, base);
  if (base === 'rev')
    return tagged(
      retext(cmd.stdin, cmd.stdin.exact ? reversed(cmd.stdin.text.replace(/\n$/, '')) : undefined),
      'reversed',
      at,
      'rev',
    );
  if (
    base === 'tr' &&
    args.length >= 2 &&
    /A-Z|a-z/.test(args[0]!.text) &&
    /N-Z|n-z|[A-Za-z]-[A-Za-z]{2}/.test(args[1]!.text)
  )
    return tagged(retext(cmd.stdin, cmd.stdin.exact ? rot13(cmd.stdin.text) : undefined), 'decoded', at, 'tr (rot13)');
  if (base === 'printf' || (base === 'echo' && /-e/.test(flags))) {
    const given = args.filter((a) => !/^-[neE]+$/.test(a.text));
    const text =
      base === 'printf' && given[0]?.exact
        ? formatted(given[0].text, given.slice(1))
        : concat(given.flatMap((a, i) => (i && base === 'echo' ? [lit(' '), a] : [a])));
    const spelled = /\\(?:x[0-9a-fA-F]|[0-7]{3}|u[0-9a-fA-F]{4})/.test(text.text);
    const out = retext(text, text.exact ? unescapeC(text.text) : undefined);
    return spelled ? tagged(out, 'assembled', at, `${base} of escaped characters`) : out;
  }
  if (base === 'echo' || (base === 'cat' && args.length === 0)) {
    return base === 'echo'
      ? concat(args.filter((a) => !/^-[neE]+$/.test(a.text)).flatMap((a, i) => (i ? [lit(' '), a] : [a])))
      : cmd.stdin;
  }
  return undefined;
}

/** printf's output: each conversion of the format (`%s`, `%b`, `%d`) takes the next argument in turn. */
function formatted(format: string, args: readonly Val[]): Val {
  const parts: Val[] = [];
  let next = 0;
  let last = 0;
  for (const m of format.matchAll(/%(?:%|[-+ #0-9.]*[sbdiqcxXfeg])/g)) {
    parts.push(lit(format.slice(last, m.index)), m[0] === '%%' ? lit('%') : (args[next++] ?? lit('')));
    last = m.index + m[0].length;
  }
  parts.push(lit(format.slice(last)));
  return concat(parts);
}

/** A file read: a credential store is a credential origin; a file this unit wrote gives back its content. */
export function readPath(path: Val, at: Site, shown: Val = path): Val {
  if (isCredentialPath(path.text))
    return tagged(opaque(`$(cat ${path.text})`, [path]), 'credential', at.line, shown.text.slice(0, 80));
  return opaque(`$(cat ${path.text})`, [asReadPath(path)]);
}

/** Commands that print what is in the files they name. */
const FILE_READERS =
  /^(?:cat|head|tail|grep|egrep|fgrep|rg|sed|awk|gawk|cut|sort|uniq|jq|yq|less|more|wc|strings|base64|xxd|od)$/;

/** Any other command: reading a credential store or dumping the environment taints what it prints. */
function reader(cmd: Cmd, base: string, args: readonly Val[]): Val {
  const out = opaque(`$(${base} …)`, [...(FILE_READERS.test(base) ? args.map(asReadPath) : args), cmd.stdin]);
  const cred = args.find((a) => isCredentialPath(a.text));
  if (cred) return tagged(out, 'credential', cmd.at.line, `${base} ${cred.text}`.slice(0, 80));
  if (
    (base === 'printenv' || base === 'set' || base === 'export' || base === 'declare' || base === 'compgen') &&
    args.every((a) => a.text.startsWith('-') || isSecretVar(a.text))
  )
    return tagged(
      out,
      args.some((a) => isSecretVar(a.text)) ? 'secret' : 'credential',
      cmd.at.line,
      `${base} (the environment)`,
    );
  if (base === 'security' && args.some((a) => /^(?:find-(?:generic|internet)-password|dump-keychain)$/.test(a.text)))
    return tagged(out, 'credential', cmd.at.line, 'security (the keychain)');
  if ((base === 'history' || base === 'fc') && !hasOrigin(cmd.stdin))
    return tagged(out, 'credential', cmd.at.line, 'history');
  if (/^(?:whoami|hostname|id|uname|ifconfig|ip|ps|netstat|arp|who|last|ls|find|tar|zip|pwd)$/.test(base))
    return tagged(out, 'local', cmd.at.line, `${base}`);
  return out;
}

/** True when a computed part (`$…`, `…(…)`) of a URL sits in its host name or its query, where data leaves. */
export function inHostOrQuery(url: string): boolean {
  const m = /^(?:[a-z]+:\/\/)?([^/?#]*)([^?#]*)(\?[^#]*)?/i.exec(url);
  const computed = (part: string | undefined): boolean => part !== undefined && /[$(]|…/.test(part);
  return m !== null && (computed(m[1]) || computed(m[3]));
}

/** True for a path inside the skill itself (its SKILL.md, scripts, references, or the running script). */
export function isOwnFile(path: string): boolean {
  return /(?:^|\/)(?:SKILL\.md|scripts\/|references\/)|\$0\b|\$\{?(?:SKILL_DIR|SCRIPT_DIR|BASH_SOURCE|CLAUDE_SKILL_DIR)|\bdirname\b|__file__|__dirname|import\.meta/.test(
    path,
  );
}
