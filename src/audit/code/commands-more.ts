/**
 * The rest of the command table: irreversible operations (recursive
 * deletes, disk wipes, cloud and database teardown), channels that carry
 * data out (DNS, raw sockets, copies to remote hosts, mail, git push),
 * writes and the schedulers that persist them, permission changes, and
 * package installs (pins, package-index redirection). Pure.
 */
import { isChecked, pinned, type FlowState } from './effect.js';
import type { Cmd } from './commands-sem.js';
import { isOwnFile, readPath } from './commands-sem.js';
import { isCredentialPath } from './targets.js';
import { concat, lit, merge, opaque, tagged, type Val } from './value.js';

const flagsOf = (args: readonly Val[]): string =>
  args
    .filter((a) => a.text.startsWith('-'))
    .map((a) => a.text)
    .join(' ');
const operands = (args: readonly Val[]): Val[] => args.filter((a) => !a.text.startsWith('-'));
const words = (args: readonly Val[]): string => args.map((a) => a.text).join(' ');

/** Deletes, wipes, egress channels, schedulers and permission changes. */
export function systemSemantics(cmd: Cmd, base: string, args: readonly Val[], state: FlowState): Val | undefined {
  const at = cmd.at;
  const push = (e: Omit<FlowState['effects'][number], 'line' | 'col'>): void =>
    void state.effects.push({ ...e, line: at.line, col: at.col });
  const flags = flagsOf(args);
  switch (base) {
    case 'rm': {
      const recursive =
        /(?:^|\s)-{1,2}(?:[a-zA-Z]*[rR][a-zA-Z]*|recursive)\b/.test(flags) || /--no-preserve-root/.test(flags);
      for (const t of operands(args))
        push({ kind: 'delete', what: `rm ${flags}`.trim(), data: t, target: t, recursive });
      return lit('');
    }
    case 'rmdir':
    case 'shred':
    case 'srm':
    case 'wipe':
    case 'unlink':
      for (const t of operands(args))
        push({ kind: 'delete', what: base, data: t, target: t, recursive: base !== 'unlink' && base !== 'rmdir' });
      return lit('');
    case 'find': {
      const text = words(args);
      if (/\s-delete\b|-exec\s{1,4}(?:rm|shred)\b/.test(` ${text}`)) {
        const root = args[0] && !args[0].text.startsWith('-') ? args[0] : lit('.');
        push({ kind: 'delete', what: 'find … -delete', data: root, target: root, recursive: true });
      }
      // What it prints is the tree under its start: `find ~ | xargs rm -rf` deletes that tree.
      const start = args[0] && !args[0].text.startsWith('-') ? args[0].text.replace(/\/+$/, '') : '';
      const out = { ...opaque('$(find …)', args), ...(start ? { text: `${start}/**` } : {}) };
      return isCredentialPath(text)
        ? tagged(out, 'credential', at.line, `find ${text}`.slice(0, 80))
        : tagged(out, 'local', at.line, 'find');
    }
    case 'dd': {
      const of = args.find((a) => a.text.startsWith('of='));
      if (of && /^of=\/dev\/(?:sd|hd|nvme|disk|mmcblk|xvd|vd|rdisk)/.test(of.text))
        push({ kind: 'wipe', what: 'dd onto a disk', data: of, target: of });
      return lit('');
    }
    case 'chmod':
    case 'chown':
    case 'chgrp': {
      const ops = operands(args);
      if (
        base === 'chmod' &&
        ops.length >= 2 &&
        /(?:^|[,ugoa])\+[rw]*x|^[0-7]?[0-7][1357][0-7]?[0-7]?$/.test(ops[0]!.text)
      )
        for (const p of ops.slice(1)) state.chmodded.add(p.text);
      if (
        /-R|--recursive/.test(flags) &&
        ops.slice(1).some((p) => /^(?:\/|~|\$HOME|\/(?:etc|usr|bin|home|Users|var))\/?\*?$/.test(p.text))
      )
        push({
          kind: 'wipe',
          what: `${base} -R of a system or home folder`,
          data: ops[1] ?? lit(''),
          target: ops[ops.length - 1]!,
        });
      return lit('');
    }
    case 'truncate':
      if (operands(args).some((p) => /^\/(?:etc|var\/log|boot)\//.test(p.text)))
        push({ kind: 'wipe', what: 'truncate of a system file', data: lit(''), target: operands(args)[0]! });
      return lit('');
    case 'nslookup':
    case 'dig':
    case 'host':
    case 'drill':
    case 'ping':
    case 'ping6':
    case 'resolvectl':
    case 'getent': {
      const name = operands(args).find((a) => a.origins.length > 0);
      if (name) push({ kind: 'egress', what: `${base} (a DNS lookup)`, data: name, target: name, inName: true });
      return opaque(`$(${base} …)`, []);
    }
    case 'nc':
    case 'ncat':
    case 'netcat':
    case 'socat':
    case 'telnet':
    case 'websocat':
    case 'wscat':
    case 'cryptcat': {
      if (/(?:^|\s)-[a-z]*e\b|(?:^|\s)-c\b/.test(flags) || /EXEC:|SYSTEM:/.test(words(args)))
        push({
          kind: 'exec',
          what: `${base} handing a shell to the network`,
          data: tagged(lit(words(args)), 'network', at.line, `${base} ${words(args)}`.slice(0, 100)),
          target: lit(words(args)),
        });
      push({
        kind: 'egress',
        what: base,
        data: merge([cmd.stdin, ...args.filter((a) => isCredentialPath(a.text)).map((a) => readPath(a, at))]),
        target: lit(
          operands(args)
            .map((a) => a.text)
            .join(' '),
        ),
      });
      return tagged(opaque(`$(${base} …)`, []), 'network', at.line, `${base} ${words(args)}`.slice(0, 100));
    }
    case 'scp':
    case 'rsync':
    case 'sftp':
    case 'ftp':
    case 'tftp':
    case 'lftp':
    case 'smbclient':
    case 'rclone':
    case 'gsutil':
    case 'azcopy': {
      const ops = operands(args);
      const remote = ops.findIndex(
        (a) =>
          /^[\w.-]{0,64}@?[\w.-]{1,253}:|^(?:s3|gs|az|https?|ftp|sftp):\/\//.test(a.text) ||
          (/^[\w-]+:/.test(a.text) && base === 'rclone'),
      );
      if (remote > 0 || (base !== 'scp' && base !== 'rsync' && ops.length > 0)) {
        const sources = (remote > 0 ? ops.slice(0, remote) : ops).map((a) => readPath(a, at));
        push({
          kind: 'egress',
          what: `${base} to ${ops[remote]?.text ?? 'a remote host'}`.slice(0, 80),
          data: merge([...sources, cmd.stdin]),
          target: ops[remote] ?? lit(''),
        });
      }
      return lit('');
    }
    case 'mail':
    case 'mailx':
    case 'sendmail':
    case 'mutt':
    case 'msmtp':
    case 'ssmtp':
    case 'swaks': {
      const attached = args.map((a, i) => (/^-[aA]$|^--attach/.test(args[i - 1]?.text ?? '') ? readPath(a, at) : a));
      push({
        kind: 'egress',
        what: base,
        data: merge([cmd.stdin, ...attached]),
        target: lit(
          operands(args)
            .map((a) => a.text)
            .join(' '),
        ),
      });
      return lit('');
    }
    case 'ssh': {
      if (cmd.stdin.origins.length > 0 || args.some((a) => a.origins.length > 0))
        push({ kind: 'egress', what: 'ssh', data: merge([cmd.stdin, ...args]), target: operands(args)[0] ?? lit('') });
      return opaque('$(ssh …)', []);
    }
    case 'gh': {
      if (/^(?:gist\s+create|release\s+(?:create|upload)|api\b|issue\s+create|pr\s+create)/.test(words(args))) {
        const files = operands(args).filter(
          (a) => /[/.~]/.test(a.text) && !/^(?:gist|release|create|upload|api)$/.test(a.text),
        );
        push({
          kind: 'egress',
          what: `gh ${words(args)}`.slice(0, 40),
          data: merge([cmd.stdin, ...files.map((f) => readPath(f, at))]),
          target: lit('github'),
        });
      }
      return opaque('$(gh …)', []);
    }
    case 'brew':
      if (/^tap\s+\S+\s+(?:https?|git):/.test(words(args)) || /--HEAD\b/.test(words(args)))
        push({
          kind: 'install',
          what: /--HEAD/.test(words(args)) ? 'brew install --HEAD' : 'brew tap from a URL',
          data: lit(words(args)),
          target: lit(words(args)),
        });
      return lit('');
    case 'aws':
    case 'gcloud':
    case 'az':
    case 'kubectl':
    case 'terraform':
    case 'docker':
    case 'podman':
    case 'helm':
    case 'psql':
    case 'mysql':
    case 'redis-cli':
    case 'mongo':
    case 'mongosh':
    case 'sqlite3':
    case 'git':
      return toolSemantics(cmd, base, args, state);
    case 'mkfs':
    case 'wipefs':
    case 'fdisk':
    case 'sfdisk':
    case 'parted':
    case 'format':
    case 'diskutil':
    case 'blkdiscard':
      if (base === 'format' && !/^[A-Za-z]:/.test(operands(args)[0]?.text ?? '')) return undefined;
      if (base !== 'diskutil' || /\b(?:eraseDisk|eraseVolume|zeroDisk|secureErase)\b/.test(words(args)))
        push({
          kind: 'wipe',
          what: `${base} ${words(args)}`.slice(0, 60),
          data: lit(''),
          target: operands(args)[0] ?? lit(''),
        });
      return lit('');
    case 'kill':
    case 'pkill':
    case 'killall':
      if (/(?:^|\s)-(?:9|KILL)\s+-1\b/.test(` ${words(args)}`))
        push({ kind: 'wipe', what: 'kill of every process', data: lit(''), target: lit('-1') });
      return lit('');
    case 'crontab': {
      if (operands(args).length > 0 && !/-[lr]/.test(flags))
        push({ kind: 'write', what: 'crontab', data: lit(''), target: lit('crontab') });
      else if (!/-[lr]/.test(flags)) push({ kind: 'write', what: 'crontab', data: cmd.stdin, target: lit('crontab') });
      if (/-r/.test(flags))
        push({ kind: 'wipe', what: 'crontab -r (every scheduled job)', data: lit(''), target: lit('crontab') });
      return lit('');
    }
    case 'at':
    case 'batch':
      push({ kind: 'write', what: base, data: merge([cmd.stdin]), target: lit('crontab') });
      return lit('');
    case 'launchctl':
    case 'systemctl':
    case 'schtasks':
    case 'update-rc.d':
    case 'chkconfig':
    case 'reg': {
      const text = words(args);
      if (/\b(?:load|bootstrap|enable|\/create|add)\b/i.test(text) && !/\bdisable\b/.test(text))
        push({
          kind: 'write',
          what: `${base} ${text}`.slice(0, 80),
          data: lit(text),
          target: lit(base === 'reg' ? text : `LaunchAgents ${text}`),
        });
      return lit('');
    }
    default:
      return undefined;
  }
}

/** git config keys whose value is a command git runs by itself. */
const COMMAND_KEY = /^(?:alias\.\S+|core\.(?:sshCommand|pager|editor|fsmonitor)|credential(?:\.\S+)?\.helper)$/;

/** Cloud, container, database and git commands: teardown, pushes, hook paths. */
function toolSemantics(cmd: Cmd, base: string, given: readonly Val[], state: FlowState): Val {
  // git's own options come before its command: `git -C "$dir" -c user.name=x push --mirror`.
  let args = given;
  if (base === 'git')
    while (args.length > 0 && args[0]!.text.startsWith('-'))
      args = args.slice(
        /^(?:-C|-c|--git-dir|--work-tree|--namespace|--exec-path|--config-env)$/.test(args[0]!.text) ? 2 : 1,
      );
  const text = words(args);
  const at = cmd.at;
  const teardown = (what: string): void =>
    void state.effects.push({
      kind: 'wipe',
      line: at.line,
      col: at.col,
      what,
      data: lit(''),
      target: lit(text.slice(0, 80)),
      recursive: false,
    });
  if (base === 'git') {
    const ops = args.filter((a) => !a.text.startsWith('-'));
    if (ops[0]?.text === 'clone' && ops[1]) {
      const dest = ops[2]?.text ?? ops[1].text.replace(/\.git$/, '').replace(/.*\//, '');
      state.files.set(
        `${dest.replace(/\/$/, '')}/`,
        tagged(opaque(`git clone ${ops[1].text}`), 'network', at.line, `git clone ${ops[1].text}`.slice(0, 100)),
      );
    }
    if (ops[0]?.text === 'add')
      for (const p of ops.slice(1))
        state.staged.push(
          ...[...state.files]
            .filter(([k]) => k === p.text || k.startsWith(`${p.text.replace(/\/$/, '')}/`))
            .map(([, v]) => v),
        );
    if (ops[0]?.text === 'clean' && /-[a-zA-Z]*f/.test(text) && /-[a-zA-Z]*[dx]/.test(text))
      state.effects.push({
        kind: 'delete',
        line: at.line,
        col: at.col,
        what: `git ${text}`.slice(0, 40),
        data: lit(state.cwd),
        target: lit(state.cwd),
        recursive: true,
      });
    const forced = /(?:\s-f\b|--force(?!-with-lease=[^\s:]{0,100}:)\b|\s\+[\w/-]+|--mirror\b)/.test(` ${text}`);
    // Deleting remote refs, or forcing every branch at once: the others' work on all of them is gone.
    if (
      /^push\b/.test(text) &&
      (/\s:refs\/|\s--delete\b[^\n]{0,80}\*|--mirror\b|--prune\b/.test(` ${text}`) ||
        (forced && /\s--all\b/.test(` ${text}`)))
    )
      state.effects.push({
        kind: 'wipe',
        line: at.line,
        col: at.col,
        what: `deletes remote history: git ${text}`.slice(0, 80),
        data: lit(''),
        target: lit(text),
      });
    if (
      /^push\b/.test(text) &&
      // A lease on an explicit commit (`--force-with-lease=<ref>:<sha>`) overwrites only what was inspected.
      forced &&
      /\b(?:main|master|trunk|develop|production|prod|release|stable)\b|--mirror|--all/.test(text)
    )
      teardown(`git ${text}`.slice(0, 60));
    if (/^config\b/.test(text) && /\bcore\.hooksPath\b/.test(text))
      state.effects.push({
        kind: 'write',
        line: at.line,
        col: at.col,
        what: 'git config core.hooksPath',
        data: lit(text),
        target: lit('core.hooksPath'),
      });
    // A key that names a command git runs, set (a value follows; not --get, --list or --unset).
    const key = ops[0]?.text === 'config' ? ops.findIndex((a) => COMMAND_KEY.test(a.text)) : -1;
    const value = key > 0 ? ops[key + 1]?.text : undefined;
    if (
      value !== undefined &&
      !/(?:^|\s)(?:--get\S*|--list|-l|--unset\S*|--show-\S+)\b/.test(flagsOf(args)) &&
      (!/^alias\./.test(ops[key]!.text) || /^['"]?!/.test(value))
    )
      state.effects.push({
        kind: 'write',
        line: at.line,
        col: at.col,
        what: `git config ${ops[key]!.text} ${value}`.slice(0, 60),
        data: lit(value),
        target: lit(`git config ${ops[key]!.text}`),
      });
    if (/^push\b/.test(text))
      state.effects.push({
        kind: 'egress',
        line: at.line,
        col: at.col,
        what: 'git push',
        data: merge([cmd.stdin, ...state.staged]),
        target: lit(text),
      });
    return opaque('$(git …)', []);
  }
  if (base === 'aws' && /\bs3\s+(?:rb\b[^\n]*--force|rm\b[^\n]*--recursive)/.test(text))
    teardown(`aws ${text}`.slice(0, 60));
  if (base === 'aws' && /\bs3\s+(?:cp|sync|mv)\b/.test(text) && /\bs3:\/\//.test(text)) {
    const src = args.filter(
      (a) => !a.text.startsWith('-') && !/^(?:s3|cp|sync|mv)$/.test(a.text) && !a.text.startsWith('s3://'),
    );
    state.effects.push({
      kind: 'egress',
      line: at.line,
      col: at.col,
      what: 'aws s3 upload',
      data: merge(src.map((a) => readPath(a, at))),
      target: lit(text),
    });
  }
  if (
    base === 'gcloud' &&
    /\b(?:projects|sql\s+instances|compute\s+instances|storage\s+buckets|container\s+clusters)\s+delete\b/.test(text) &&
    /--quiet|-q\b/.test(text)
  )
    teardown(`gcloud ${text}`.slice(0, 60));
  if (base === 'kubectl' && /\bdelete\b/.test(text) && /--all\b|\b(?:ns|namespace|namespaces)\b/.test(text))
    teardown(`kubectl ${text}`.slice(0, 60));
  if (base === 'terraform' && /\bdestroy\b/.test(text) && /-auto-approve/.test(text))
    teardown('terraform destroy -auto-approve');
  if ((base === 'docker' || base === 'podman') && /^run\b/.test(text)) {
    const host = [
      /--privileged\b/.test(text) ? '--privileged' : '',
      /-v\s{1,4}\/:\/|--volume[= ]\/:\//.test(text) ? "the host's root folder mounted" : '',
      /--pid[= ]host/.test(text) ? "the host's processes (--pid=host)" : '',
    ].filter(Boolean);
    if (host.length > 0)
      state.effects.push({
        kind: 'privileged',
        line: at.line,
        col: at.col,
        what: `${base} run with ${host.join(' and ')}`,
        data: lit(text),
        target: lit(text),
      });
  }
  if (
    (base === 'docker' || base === 'podman') &&
    /\b(?:system|volume)\s+prune\b/.test(text) &&
    /\s-[a-z]*a|--all\b|--volumes\b/.test(` ${text}`) &&
    /\s-[a-z]*f|--force\b/.test(` ${text}`)
  )
    teardown(`${base} ${text}`.slice(0, 60));
  if (
    /^(?:psql|mysql|sqlite3|mongo|mongosh|redis-cli)$/.test(base) &&
    /\b(?:DROP\s+(?:DATABASE|SCHEMA|TABLE)|TRUNCATE\s+TABLE|FLUSHALL|dropDatabase)\b/i.test(text)
  )
    teardown(`${base}: ${/DROP\s+\w+|TRUNCATE|FLUSHALL|dropDatabase/i.exec(text)![0]}`);
  return opaque(`$(${base} …)`, []);
}

/** Writes: tee, cp, mv, install, ln, sed -i; what lands where. */
export function fileSemantics(cmd: Cmd, base: string, args: readonly Val[], state: FlowState): Val | undefined {
  const at = cmd.at;
  const ops = operands(args);
  const write = (target: Val, data: Val, what: string): void => {
    state.files.set(target.text, data);
    state.effects.push({ kind: 'write', line: at.line, col: at.col, what, data, target });
  };
  switch (base) {
    case 'tee':
      for (const t of ops) write(t, cmd.stdin, 'tee');
      return cmd.stdin;
    case 'cp':
    case 'mv':
    case 'install':
    case 'ln':
    case 'rsync': {
      if (ops.length < 2) return lit('');
      const src = ops.slice(0, -1);
      write(ops[ops.length - 1]!, merge(src.map((s) => state.files.get(s.text) ?? readPath(concat([s]), at))), base);
      return lit('');
    }
    case 'sed':
    case 'perl':
      if (/(?:^|\s)-[a-zA-Z]*i/.test(flagsOf(args)) && ops.length >= 2)
        write(ops[ops.length - 1]!, ops[0]!, `${base} -i`);
      return base === 'sed' ? opaque('$(sed …)', [cmd.stdin]) : undefined;
    case 'tar':
    case 'bsdtar':
    case 'unzip': {
      // An unpack fills a folder with what the archive held: `curl … -o a.tgz; tar -xzf a.tgz -C "$DIR"`.
      const unpack = unpacked(base, args);
      if (!unpack) return undefined;
      const fromFile = unpack.archive !== undefined && unpack.archive !== '-';
      const held = fromFile ? (state.files.get(unpack.archive!) ?? readPath(lit(unpack.archive!), at)) : cmd.stdin;
      const source = fromFile ? args.find((a) => a.text === unpack.archive) : undefined;
      const data = source !== undefined && isChecked(state.checks, source) ? pinned(held) : held;
      const dest = unpack.dest.replace(/\/+$/, '') || '.';
      state.files.set(`${dest}/`, data);
      const folder = args.find((a) => a.text === unpack.dest);
      const own = isOwnFile(dest) || folder?.via.some((v) => /^(?:SKILL|SCRIPT|CLAUDE_SKILL)_(?:DIR|ROOT)$/.test(v));
      if (own && data.origins.some((o) => o.kind === 'network'))
        state.effects.push({
          kind: 'self-update',
          line: at.line,
          col: at.col,
          what: `${base} ${unpack.archive ?? '-'} over the skill's own folder`,
          data,
          target: lit(folder?.via.length ? `$${folder.via.at(-1)}` : dest),
        });
      return lit('');
    }
    default:
      return undefined;
  }
}

/** The archive (undefined or `-`: standard input) and the folder of an extracting tar or unzip, if it extracts. */
function unpacked(base: string, args: readonly Val[]): { archive: string | undefined; dest: string } | undefined {
  const t = args.map((a) => a.text);
  if (base === 'unzip') {
    const d = t.indexOf('-d');
    const archive = t.find((x, i) => !x.startsWith('-') && t[i - 1] !== '-d');
    return { archive, dest: d >= 0 ? (t[d + 1] ?? '.') : '.' };
  }
  // tar's first word may be a bare cluster (`xzf`); -f or the cluster's trailing f takes the archive.
  const cluster = (x: string, i: number): boolean => /^-[A-Za-z]+$/.test(x) || (i === 0 && /^[A-Za-z]+$/.test(x));
  if (!t.some((x, i) => x === '--extract' || x === '--get' || (cluster(x, i) && x.includes('x')))) return undefined;
  let archive: string | undefined;
  let dest = '.';
  t.forEach((x, i) => {
    if (x.startsWith('--file=')) archive = x.slice(7);
    else if (x === '--file' || (cluster(x, i) && x.endsWith('f'))) archive = t[i + 1];
    else if (x.startsWith('--directory=')) dest = x.slice(12);
    else if (x === '-C' || x === '--directory') dest = t[i + 1] ?? '.';
  });
  return { archive, dest };
}

/** Package installs and the package-index settings they read. */
export function installSemantics(cmd: Cmd, base: string, args: readonly Val[], state: FlowState): Val | undefined {
  const at = cmd.at;
  const text = words(args);
  const push = (kind: 'install' | 'index', what: string, target: Val): void =>
    void state.effects.push({ kind, line: at.line, col: at.col, what, data: target, target });
  const isPip =
    base === 'pip' ||
    base === 'pip3' ||
    (base === 'uv' && /^pip\b/.test(text)) ||
    (base === 'python' && /^-m\s+pip\b/.test(text));
  if (isPip || base === 'pipx' || base === 'poetry' || base === 'easy_install') {
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!.text;
      if (/^(?:-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host)$/.test(a) && args[i + 1])
        push('index', `pip ${a}`, args[i + 1]!);
      else if (/^(?:--index-url|--extra-index-url|--trusted-host)=/.test(a))
        push('index', `pip ${a.split('=')[0]}`, lit(a.slice(a.indexOf('=') + 1)));
    }
    if (/\bconfig\s+set\s+\S*(?:index-url|trusted-host)/.test(text)) push('index', 'pip config set', lit(text));
    // An index's URL is where names are looked up (index-redirect), not the package installed.
    const indexes = new Set(
      args.flatMap((a, i) =>
        /^(?:-i|--index-url|--extra-index-url|-f|--find-links|--trusted-host)$/.test(a.text) ? [args[i + 1]] : [],
      ),
    );
    for (const a of operands(args))
      if (indexes.has(a)) continue;
      else if (/^(?:git\+|https?:\/\/|ftp:\/\/)/.test(a.text) || /^\S+\s*@\s*(?:git\+)?https?:/.test(a.text))
        push('install', 'pip install from a URL', a);
    return lit('');
  }
  if (/^(?:npm|pnpm|yarn|bun)$/.test(base)) {
    if (/\bconfig\s+set\s+(?:@[\w-]+:)?registry\b/.test(text)) push('index', `${base} config set registry`, lit(text));
    else if (/--registry[=\s]/.test(text))
      push('index', `${base} --registry`, lit(/--registry[=\s](\S+)/.exec(text)?.[1] ?? text));
    for (const a of operands(args))
      if (/^(?:git\+|https?:\/\/|github:|git:\/\/)/.test(a.text) && args[args.indexOf(a) - 1]?.text !== '--registry')
        push('install', `${base} install from a URL`, a);
    return lit('');
  }
  if (/^(?:npx|bunx|pnpx|uvx)$/.test(base)) {
    if (/--registry[=\s]/.test(text))
      push('index', `${base} --registry`, lit(/--registry[=\s](\S+)/.exec(text)?.[1] ?? text));
    // The package is the first operand or a -p value; what follows is the tool's own arguments (a site to
    // check, an endpoint), except a source it installs or code it runs (`skills add <url>`, `jscodeshift -t <url>`).
    let tool = -1;
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const prev = args[i - 1]?.text ?? '';
      const pkg =
        (tool < 0 && !a.text.startsWith('-') && !/^(?:-p|--package)$/.test(prev)) || /^(?:-p|--package)$/.test(prev);
      const ran =
        tool >= 0 && (/^(?:-t|--transform)$/.test(prev) || /^(?:add|install|i)$/.test(args[tool + 1]?.text ?? ''));
      if (/^(?:git\+|https?:\/\/|github:)/.test(a.text) && (pkg || ran))
        push('install', `${base} running a package from a URL`, a);
      if (tool < 0 && !a.text.startsWith('-') && !/^(?:-p|--package)$/.test(prev)) tool = i;
    }
    return lit('');
  }
  if (
    (base === 'gem' && /\bsources\s+(?:-a|--add)\b/.test(text)) ||
    (base === 'go' && /\benv\s+-w\s+GO(?:PROXY|NOSUMDB|INSECURE|FLAGS)=/.test(text)) ||
    (base === 'conda' && /\bconfig\b.*\bchannels\b/.test(text))
  ) {
    push('index', `${base} ${text}`.slice(0, 60), lit(text));
    return lit('');
  }
  return undefined;
}
