/**
 * Effects into findings: the severity policy of the flow rules in one
 * place. An error needs an unambiguous flow — fetched code that runs,
 * decoded or assembled code that runs, a credential that leaves, a
 * delete that reaches the system or the home folder, a persistence write
 * that plants a payload. The same effect in a reference document (read on
 * demand, often teaching) is at most a warning. Pure.
 */
import type { Diagnostic, Severity } from '../../model/diagnostics.js';
import { finding, quote } from '../input.js';
import type { SecurityCode } from '../rules.js';
import type { Effect } from './effect.js';
import { deleteReach, isBareUrl, isDangerousPayload, writeClass, type WriteClass } from './targets.js';
import { CODE_ORIGINS, hasOrigin, type Origin, type Val } from './value.js';

/** Where the code sits: a script the skill runs, a block in SKILL.md, or documentation. */
export interface UnitPlace {
  readonly file: string;
  readonly where: 'script' | 'fence' | 'span';
  /** Markdown other than SKILL.md: read on demand, often quoting attacks. */
  readonly docs: boolean;
}

const ORIGIN_WORDS: Readonly<Record<Origin['kind'], string>> = {
  network: 'fetched over the network',
  decoded: 'decoded',
  assembled: 'put together from pieces',
  reversed: 'reversed',
  credential: 'read from a credential store',
  secret: 'read from a secret variable',
  local: 'collected from this machine',
};

/** The variables a value went through, the last few when there are many (a merged record carries all its fields'). */
function names(via: readonly string[]): string {
  const shown = via.length > 6 ? ['…', ...via.slice(-5)] : via;
  return shown.map((n) => (n === '…' ? n : `$${n}`)).join(' → ');
}

/** "line 3 (curl https://…) → line 7 via $a → $b" */
function path(v: Val, sinkLine: number, kinds: readonly Origin['kind'][]): string {
  const o = v.origins.find((x) => kinds.includes(x.kind)) ?? v.origins[0];
  const via = v.via.length ? ` via ${names(v.via)}` : '';
  return o
    ? `${ORIGIN_WORDS[o.kind]} at line ${o.line} (${quote(o.what, 60)}) reaches line ${sinkLine}${via}`
    : `reaches line ${sinkLine}`;
}

/** The structured part of a flow finding: source and sink lines and the variables between them. */
export interface FlowDetail {
  readonly source_line: number;
  readonly sink_line: number;
  readonly path: readonly string[];
}

export type FlowDiagnostic = Diagnostic & { readonly flow?: FlowDetail };

function make(
  code: SecurityCode,
  e: Effect,
  place: UnitPlace,
  message: string,
  severity: Severity,
  v?: Val,
  kinds: readonly Origin['kind'][] = [],
): FlowDiagnostic {
  const sev: Severity = place.docs && severity === 'error' ? 'warning' : severity;
  const d = finding(code, place.file, e.line, e.col, message, sev);
  const o = v?.origins.find((x) => kinds.includes(x.kind));
  return o ? { ...d, flow: { source_line: o.line, sink_line: e.line, path: v!.via } } : d;
}

/**
 * The findings of one unit's effects, one per rule and line.
 *
 * @example
 * effectFindings([{ kind: 'exec', line: 3, col: 1, what: 'eval', data }], { file: 's/x.sh', where: 'script',
 * docs: false })
 */
export function effectFindings(effects: readonly Effect[], place: UnitPlace, checks = '', asked = 0): FlowDiagnostic[] {
  const out: FlowDiagnostic[] = [];
  const seen = new Set<string>();
  const add = (d: FlowDiagnostic | undefined): void => {
    if (!d) return;
    const key = `${d.code}:${d.line}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(d);
  };
  const verified = effects.some((e) => e.verified);
  for (const e of effects) add(judge(e, place, verified, checks, asked));
  return out;
}

function judge(
  e: Effect,
  place: UnitPlace,
  verified: boolean,
  checks: string,
  asked: number,
): FlowDiagnostic | undefined {
  switch (e.kind) {
    case 'exec': {
      // A download checked against a digest or signature before it runs is pinned, not fetched blind.
      const ran = /(?:^|\s)(\/[\w./-]{2,200}|[\w.-]{1,100}\.(?:sh|py|ps1|bin|run))\b/.exec(e.what)?.[1];
      if (hasOrigin(e.data, 'network') && ran && checks.includes(ran)) return undefined;
      if (hasOrigin(e.data, 'network')) {
        // The one-line install idiom (`curl https://… | sh`) in instructions warns; a hidden or bare flow is an error.
        const net = e.data.origins.find((o) => o.kind === 'network')!;
        // The install idiom: a download run by a shell (piped, or saved, made executable and run) in instructions.
        const idiom =
          place.where !== 'script' &&
          e.data.via.length === 0 &&
          (e.direct === true ||
            /reading its input|made executable|\/dev\/fd\/|^(?:ba|z|da|k)?sh |^source|^\./.test(e.what));
        const severe = !idiom || isBareUrl(net.what) || hasOrigin(e.data, 'decoded', 'assembled', 'reversed');
        return make(
          'security.remote-exec',
          e,
          place,
          `code ${path(e.data, e.line, ['network'])} and runs (${quote(e.what, 60)})`,
          severe ? 'error' : 'warning',
          e.data,
          ['network'],
        );
      }
      if (hasOrigin(e.data, ...CODE_ORIGINS)) {
        const shown = e.data.exact && e.data.text ? `: "${quote(e.data.text, 80)}"` : '';
        return make(
          'security.decode-exec',
          e,
          place,
          `code ${path(e.data, e.line, ['decoded', 'assembled', 'reversed'])} and runs (${quote(e.what, 60)})${shown}`,
          'error',
          e.data,
          ['decoded', 'assembled', 'reversed'],
        );
      }
      return undefined;
    }
    case 'egress': {
      // A credential store or the whole environment leaving is an error; one named secret variable
      // is how an API is called (its own service) unless it goes somewhere odd: a warning.
      if (hasOrigin(e.data, 'credential')) {
        return make(
          'security.credential-exfil',
          e,
          place,
          `a secret ${path(e.data, e.line, ['credential'])} and is sent out (${quote(e.what, 60)})`,
          'error',
          e.data,
          ['credential'],
        );
      }
      if (hasOrigin(e.data, 'secret') && (e.inName || /DNS|nc$|socat|scp|rsync|mail|ssh|\.send|write/.test(e.what))) {
        return make(
          'security.credential-exfil',
          e,
          place,
          `a secret ${path(e.data, e.line, ['secret'])} and is sent out (${quote(e.what, 60)})`,
          'warning',
          e.data,
          ['secret'],
        );
      }
      if (e.inName && hasOrigin(e.data, 'local', 'decoded')) {
        return make(
          'security.url-exfil',
          e,
          place,
          `data ${path(e.data, e.line, ['local', 'decoded'])} and leaves in a host name or URL (${quote(e.what, 60)})`,
          'error',
          e.data,
          ['local', 'decoded'],
        );
      }
      return undefined;
    }
    case 'delete': {
      const reach = deleteReach(e.target?.text ?? '');
      if (!reach || (!e.recursive && reach !== 'system')) return undefined;
      const via = e.target && e.target.via.length ? ` (through ${names(e.target.via)})` : '';
      const sev: Severity = reach === 'system' && e.recursive ? 'error' : 'warning';
      return make(
        'security.destructive-delete',
        e,
        place,
        `${quote(e.what, 30)} reaches ${quote(e.target!.text, 60)}${reach === 'system' ? ', a system or home folder' : ', outside the working tree'}${via}`,
        sev,
      );
    }
    case 'wipe': {
      // A plain force push rewrites one branch and stays a warning; deleting remote history, tearing
      // down infrastructure without a prompt, or dropping a database is irreversible. One the user is
      // asked for in the terminal first is a warning.
      const soft =
        /^git push/.test(e.what) ||
        (asked > 0 && asked < e.line) ||
        (/\b(?:test|tests|testing|dev|local|tmp|temp|scratch|sandbox|ci)\w*\b/i.test(e.target?.text ?? '') &&
          /DROP|FLUSH|TRUNCATE|DELETE|drop/.test(e.what));
      const code: SecurityCode = e.what.startsWith('git push')
        ? 'security.history-rewrite'
        : 'security.destructive-delete';
      return make(code, e, place, `an irreversible operation: ${quote(e.what, 80)}`, soft ? 'warning' : 'error');
    }
    case 'write':
      return writeFinding(e, place);
    case 'deserialize': {
      const risky = hasOrigin(e.data, 'network', 'decoded', 'assembled', 'reversed');
      return make(
        'security.unsafe-deserialization',
        e,
        place,
        risky
          ? `data ${path(e.data, e.line, ['network', 'decoded', 'assembled', 'reversed'])} and is deserialized by ${quote(e.what, 40)}, which can run code`
          : `${quote(e.what, 40)} can run code hidden in the data it loads${e.target?.text ? ` (${quote(e.target.text, 60)})` : ''}`,
        risky ? 'error' : 'warning',
        e.data,
        ['network', 'decoded', 'assembled', 'reversed'],
      );
    }
    case 'install': {
      const url = e.target?.text ?? '';
      if (/@[0-9a-f]{40}\b|#sha256=|--hash|--require-hashes/.test(url)) return undefined;
      return make(
        'security.unpinned-install',
        e,
        place,
        `${quote(e.what, 40)}: ${quote(url, 80)} is not pinned to a commit or a digest`,
        isBareUrl(url) ? 'error' : 'warning',
      );
    }
    case 'index': {
      const url = e.target?.text ?? '';
      // --extra-index-url lets a public name shadow a private one (dependency confusion); a config
      // change redirects every later install; trusted hosts and plain http drop the TLS check.
      const severe =
        isBareUrl(url) || (/--trusted-host|--extra-index-url|config set|registry/.test(e.what) && !/^\$/.test(url));
      return make(
        'security.index-redirect',
        e,
        place,
        `${quote(e.what, 40)} sends package installs to ${quote(url, 80)}`,
        severe ? 'error' : 'warning',
      );
    }
    case 'privileged': {
      // Privileged or with / mounted, the container owns the machine; the host's process table alone exposes less.
      const full = /--privileged|root folder/.test(e.what);
      return make(
        'security.privileged-container',
        e,
        place,
        `${quote(e.what, 80)}: the container ${full ? 'gets full control of the machine' : 'can see and signal every process of the machine'} (${quote(e.target?.text ?? '', 60)})`,
        full ? 'error' : 'warning',
      );
    }
    case 'self-update': {
      verified = verified || e.verified === true;
      return make(
        'security.self-update',
        e,
        place,
        `the skill overwrites its own ${quote(e.target?.text ?? 'files', 60)} with a download${verified ? '' : ' it does not check against a digest or signature'}`,
        verified ? 'warning' : 'error',
      );
    }
    default:
      return undefined;
  }
}

const WRITE_RULES: Readonly<Record<WriteClass, { code: SecurityCode; what: string }>> = {
  'shell-rc': { code: 'security.shell-rc-edit', what: 'a shell start-up file' },
  scheduler: { code: 'security.scheduled-task', what: 'a scheduled task' },
  startup: { code: 'security.persistence', what: 'a start-up location' },
  'git-hook': { code: 'security.git-hook', what: 'a git hook' },
  'agent-settings': { code: 'security.agent-settings', what: "the agent's settings" },
  'agent-instructions': { code: 'security.agent-settings', what: "the agent's instruction files" },
  'login-key': { code: 'security.persistence', what: 'the SSH login keys' },
  'package-index': { code: 'security.index-redirect', what: 'the package-manager configuration' },
};

/** A path in the user's home folder: their own, global configuration rather than a project's. */
const HOME = /^(?:~|\$HOME\b|\$\{HOME\}|\/root\/|\/home\/[\w.-]+\/|\/Users\/[\w.-]+\/)/;

function writeFinding(e: Effect, place: UnitPlace): FlowDiagnostic | undefined {
  const target = e.target?.text ?? '';
  const cls = writeClass(target) ?? (/^(?:LaunchAgents|reg\s)/.test(target) ? 'startup' : undefined);
  if (!cls) return undefined;
  const rule = WRITE_RULES[cls];
  const payload = e.data.text;
  const planted = isDangerousPayload(payload) || hasOrigin(e.data, 'network', 'decoded', 'assembled', 'reversed');
  let severe = planted;
  if (cls === 'login-key' || /\/etc\/sudoers|ld\.so\.preload/.test(target)) severe = true;
  // The user's own, global agent instructions (not a project's) are never a skill's to rewrite; copying a
  // skill folder into a skills directory is installing it, not rewriting anything.
  const copy = /^(?:cp|mv|install|ln|rsync|shutil\.|fs\.(?:copy|cp|rename|symlink)|Copy-Item|Move-Item)/.test(e.what);
  if (cls === 'agent-instructions' && copy && !/\.md\b|rules\b/.test(target)) return undefined;
  if (cls === 'agent-instructions' && !copy && /^(?:~|\$HOME|\$\{HOME\}|\/)/.test(target)) severe = true;
  if (cls === 'agent-settings' && !copy && HOME.test(target)) severe = true;
  if (
    cls === 'agent-settings' &&
    /bypassPermissions|dangerously|autoApprove|"allow"\s*:\s*\[\s*"(?:Bash|\*)/.test(payload)
  )
    severe = true;
  if (cls === 'package-index' && /\b(?:registry|index-url|extra-index-url|trusted-host)\s*[=:]/.test(payload))
    severe = true;
  const shown = planted && payload ? `: "${quote(payload, 60)}"` : '';
  return make(
    rule.code,
    e,
    place,
    target.startsWith('git config ')
      ? `sets a command git runs by itself (${quote(e.what, 60)})${shown}`
      : `writes ${rule.what} (${quote(target, 60)}) with ${quote(e.what, 30)}${shown}`,
    severe ? 'error' : 'warning',
    e.data,
    ['network', 'decoded', 'assembled', 'reversed'],
  );
}
