/**
 * The flow analysis of PowerShell over its tree: variables, expandable
 * strings, `+`, `-f`, `-join`, `[char]` casts, .NET calls
 * (`[Convert]::FromBase64String`, `Net.WebClient.DownloadString`,
 * `[ScriptBlock]::Create`) and pipelines of cmdlets, which map to the
 * same effects as shell commands; external programs go to the command
 * table. Pure.
 */
import { execCode, inHostOrQuery, readPath, runCommand, runFile } from './commands-sem.js';
import type { FlowState, Site } from './effect.js';
import type { SyntaxNode } from './syntax.js';
import { isSecretVar } from './targets.js';
import {
  concat,
  lit,
  merge,
  opaque,
  retext,
  tagged,
  through,
  unbase64,
  UNKNOWN,
  withoutSecrets,
  type Val,
} from './value.js';

/**
 * Analyse one PowerShell unit; effects go to `state`.
 *
 * @example analyzePowerShell(tree.root, 'iex (iwr $u)', 0, state)
 */
export function analyzePowerShell(root: SyntaxNode, src: string, lineBase: number, state: FlowState): void {
  new PsFlow(src, lineBase, state).walk(root, UNKNOWN);
}

const ALIASES: Readonly<Record<string, string>> = {
  iex: 'invoke-expression',
  iwr: 'invoke-webrequest',
  irm: 'invoke-restmethod',
  curl: 'invoke-webrequest',
  wget: 'invoke-webrequest',
  gc: 'get-content',
  cat: 'get-content',
  type: 'get-content',
  sc: 'set-content',
  ac: 'add-content',
  rm: 'remove-item',
  del: 'remove-item',
  ri: 'remove-item',
  rmdir: 'remove-item',
  rd: 'remove-item',
  erase: 'remove-item',
  cp: 'copy-item',
  copy: 'copy-item',
  cpi: 'copy-item',
  saps: 'start-process',
  start: 'start-process',
  gci: 'get-childitem',
  dir: 'get-childitem',
  ls: 'get-childitem',
  icm: 'invoke-command',
  ni: 'new-item',
  sp: 'set-itemproperty',
};

interface Element {
  readonly param?: string;
  readonly val: Val;
}

class PsFlow {
  private readonly env = new Map<string, Val>();

  private readonly src: string;
  private readonly lineBase: number;
  private readonly state: FlowState;

  constructor(src: string, lineBase: number, state: FlowState) {
    this.src = src;
    this.lineBase = lineBase;
    this.state = state;
  }

  private text(n: SyntaxNode): string {
    return this.src.slice(n.start, n.end);
  }

  private site(n: SyntaxNode): Site {
    return { line: n.row + 1 + this.lineBase, col: n.col + 1 };
  }

  walk(n: SyntaxNode, input: Val): Val {
    switch (n.type) {
      case 'pipeline':
        return this.pipeline(n, input);
      case 'assignment_expression':
        return this.assign(n);
      case 'command':
        return this.command(n, input);
      case 'function_statement':
      case 'param_block':
      case 'comment':
        return UNKNOWN;
      default: {
        if (/_expression$|literal|variable|member_access|invokation|type_literal/.test(n.type)) return this.expr(n);
        let out: Val = UNKNOWN;
        for (const c of n.children) if (c.named) out = this.walk(c, input);
        return out;
      }
    }
  }

  private pipeline(n: SyntaxNode, input: Val): Val {
    const assign = n.children.find((c) => c.type === 'assignment_expression');
    if (assign) return this.assign(assign);
    let data = input;
    for (const chain of n.children.filter((c) => c.named)) {
      if (chain.type !== 'pipeline_chain') {
        data = this.walk(chain, data);
        continue;
      }
      for (const stage of chain.children.filter((c) => c.named))
        data = stage.type === 'command' ? this.command(stage, data) : this.expr(stage);
    }
    return data;
  }

  private assign(n: SyntaxNode): Val {
    const left = n.children.find((c) => c.type === 'left_assignment_expression');
    const value = n.children.find((c) => c.field === 'value');
    const v = value ? this.walk(value, UNKNOWN) : UNKNOWN;
    const name = left ? /\$([\w:]+)/.exec(this.text(left))?.[1] : undefined;
    if (name) this.env.set(name.toLowerCase(), v);
    return v;
  }

  private variable(raw: string, at: SyntaxNode): Val {
    const name = raw.replace(/^\$\{?|\}$/g, '');
    const lower = name.toLowerCase();
    const v = this.env.get(lower);
    if (v) return through(v, name);
    if (/^env:(?:userprofile|home)$/.test(lower) || lower === 'home') return lit('~');
    if (/^env:(?:systemdrive|homedrive)$/.test(lower)) return lit('C:');
    if (/^env:(?:systemroot|windir)$/.test(lower)) return lit('C:/Windows');
    if (lower.startsWith('env:') && isSecretVar(name.slice(4)))
      return tagged(opaque(`$${name}`), 'secret', this.site(at).line, `$${name}`);
    return opaque(`$${name}`);
  }

  private interpolate(body: string, at: SyntaxNode): Val {
    const parts: Val[] = [];
    let last = 0;
    const re = /\$(\{[^}]{1,80}\}|[\w]+(?::[\w]+)?)/g;
    for (let m = re.exec(body); m; m = re.exec(body)) {
      parts.push(lit(body.slice(last, m.index).replace(/`(.)/g, '$1')), this.variable(m[0], at));
      last = m.index + m[0].length;
    }
    parts.push(lit(body.slice(last).replace(/`(.)/g, '$1')));
    return concat(parts);
  }

  private expr(n: SyntaxNode): Val {
    const named = n.children.filter((c) => c.named);
    switch (n.type) {
      case 'variable':
        return this.variable(this.text(n), n);
      case 'expandable_string_literal':
      case 'expandable_here_string_literal':
        return this.interpolate(this.text(n).replace(/^@?"|"@?$/g, ''), n);
      case 'verbatim_string_characters':
      case 'verbatim_string_literal':
      case 'verbatim_here_string_characters':
        return lit(this.text(n).replace(/^@?'|'@?$/g, ''));
      case 'decimal_integer_literal':
      case 'integer_literal':
      case 'generic_token':
      case 'simple_name':
        return lit(this.text(n));
      case 'cast_expression': {
        const type = this.text(named[0] ?? n).toLowerCase();
        const v = named[1] ? this.expr(named[1]) : UNKNOWN;
        if (type === '[char]')
          return tagged(
            retext(
              v,
              /^\d+$/.test(v.text)
                ? String.fromCharCode(Number(v.text))
                : /^0x[0-9a-f]+$/i.test(v.text)
                  ? String.fromCharCode(parseInt(v.text, 16))
                  : undefined,
            ),
            'assembled',
            this.site(n).line,
            `[char]${v.text}`,
          );
        return v;
      }
      case 'format_expression': {
        const op = n.children.find((c) => c.type === 'format_operator');
        if (op && named[0]) {
          const fmt = this.expr(named[0]);
          const args = this.list(op.children.filter((c) => c.named));
          const text =
            fmt.exact && args.every((a) => a.exact)
              ? fmt.text.replace(/\{(\d+)\}/g, (_m, i: string) => args[Number(i)]?.text ?? '')
              : undefined;
          return tagged(retext(merge([fmt, ...args]), text), 'assembled', this.site(n).line, `-f format`);
        }
        break;
      }
      case 'expression_with_unary_operator': {
        if (/^-join\b/i.test(this.text(n)) && named[0]) {
          const items = this.list([named[0]]);
          return tagged(
            retext(merge(items), items.every((i) => i.exact) ? items.map((i) => i.text).join('') : undefined),
            'assembled',
            this.site(n).line,
            '-join',
          );
        }
        break;
      }
      case 'additive_expression':
      case 'comparison_expression': {
        const t = this.text(n);
        if (/-join\s/i.test(t) || /-replace\s/i.test(t) || /-bxor\s/i.test(t))
          return tagged(
            merge(named.map((c) => this.expr(c))),
            /-bxor/i.test(t) ? 'decoded' : 'assembled',
            this.site(n).line,
            t.slice(0, 40),
          );
        if (n.type === 'additive_expression' && n.children.some((c) => c.type === '+'))
          return concat(named.map((c) => this.expr(c)));
        break;
      }
      case 'array_literal_expression': {
        if (named.length > 1) {
          const items = named.map((c) => this.expr(c));
          return { ...concat(items), items };
        }
        break;
      }
      case 'sub_expression':
      case 'parenthesized_expression':
      case 'script_block_expression': {
        let out: Val = UNKNOWN;
        for (const c of named) out = this.walk(c, UNKNOWN);
        return out;
      }
      case 'member_access':
      case 'invokation_expression':
      case 'element_access':
        return this.member(n);
      default:
        break;
    }
    if (named.length === 1) return this.expr(named[0]!);
    const parts = named.map((c) => this.expr(c));
    return parts.length ? merge(parts) : lit(this.text(n));
  }

  private list(nodes: readonly SyntaxNode[]): Val[] {
    const out: Val[] = [];
    for (const n of nodes) {
      const v = this.expr(n);
      out.push(...(v.items ?? [v]));
    }
    return out;
  }

  /** `.Method(args)` and `[Type]::Method(args)`: the .NET calls that fetch, decode, send or run. */
  private member(n: SyntaxNode): Val {
    const t = this.text(n);
    const args = n.children.find((c) => c.type === 'argument_list');
    const argVals = args
      ? this.list(
          args.children.flatMap((c) =>
            c.type === 'argument_expression_list' ? c.children.filter((x) => x.named) : [],
          ),
        )
      : [];
    const target = n.children.find((c) => c.named && c.type !== 'member_name' && c.type !== 'argument_list');
    const recv = target && target.type !== 'type_literal' ? this.expr(target) : UNKNOWN;
    const method = (
      n.children.find((c) => c.type === 'member_name')
        ? this.text(n.children.filter((c) => c.type === 'member_name').at(-1)!)
        : ''
    ).toLowerCase();
    const at = this.site(n);
    const a0 = argVals[0] ?? UNKNOWN;
    if (/^downloadstring$|^downloaddata$/.test(method))
      return tagged(opaque('DownloadString(…)', [a0]), 'network', at.line, `DownloadString(${a0.text.slice(0, 80)})`);
    if (method === 'downloadfile' && argVals[1]) {
      this.state.files.set(
        argVals[1].text,
        tagged(opaque('download'), 'network', at.line, `DownloadFile(${a0.text.slice(0, 80)})`),
      );
      return UNKNOWN;
    }
    if (/^upload(?:string|data|file|values)$/.test(method)) {
      this.state.effects.push({
        kind: 'egress',
        ...at,
        what: `WebClient.${method}`,
        data: merge(
          argVals.slice(1).map((v, i) => (method === 'uploadfile' && i === argVals.length - 2 ? readPath(v, at) : v)),
        ),
        target: a0,
      });
      return UNKNOWN;
    }
    if (method === 'frombase64string') {
      const text = a0.exact ? (unbase64(a0.text) ?? utf16(a0.text)) : undefined;
      return tagged(retext(a0, text), 'decoded', at.line, `FromBase64String(${a0.exact ? a0.text.slice(0, 24) : '…'})`);
    }
    if (method === 'getstring' || method === 'tostring') return argVals.length ? a0 : recv;
    if (/\[scriptblock\]::create/i.test(t) || (/^invoke$/.test(method) && /scriptblock/i.test(t))) {
      execCode(this.state, at, '[ScriptBlock]::Create', a0, 'powershell');
      return opaque('scriptblock', [a0]);
    }
    if (/\[(?:system\.)?reflection\.assembly\]::load/i.test(t)) {
      execCode(this.state, at, '[Reflection.Assembly]::Load', a0, undefined);
      return UNKNOWN;
    }
    if (/\[(?:system\.)?net\.dns\]::(?:gethostaddresses|gethostentry|resolve)/i.test(t) && a0.origins.length) {
      this.state.effects.push({ kind: 'egress', ...at, what: 'a DNS lookup', data: a0, target: a0, inName: true });
      return UNKNOWN;
    }
    if (/\[(?:system\.)?io\.file\]::(?:readall|openread)/i.test(t)) return readPath(a0, at);
    if (/\[(?:system\.)?io\.file\]::(?:writeall|appendall)/i.test(t) && argVals[1]) {
      this.state.files.set(a0.text, argVals[1]);
      this.state.effects.push({ kind: 'write', ...at, what: `[IO.File]::${method}`, data: argVals[1], target: a0 });
      return UNKNOWN;
    }
    if (/\[(?:system\.)?environment\]::getenvironmentvariable/i.test(t))
      return isSecretVar(a0.text) || !a0.exact
        ? tagged(opaque(`$env:${a0.text}`), 'secret', at.line, t.slice(0, 60))
        : opaque(a0.text);
    if (method === 'reverse') return tagged(retext(recv, undefined), 'reversed', at.line, '.Reverse()');
    // The temporary folder: a scratch folder of the script's own under it is not the user's to lose.
    if (/\[(?:system\.)?io\.path\]::gettemp(?:path|filename)/i.test(t)) return lit('$TMPDIR');
    return merge([recv, ...argVals]);
  }

  private command(n: SyntaxNode, input: Val): Val {
    const nameNode = n.children.find((c) => c.field === 'command_name');
    const invoke = n.children.find((c) => c.type === 'command_invokation_operator');
    const elements: Element[] = [];
    let pending: string | undefined;
    for (const e of n.children.find((c) => c.field === 'command_elements')?.children ?? []) {
      if (!e.named || e.type === 'command_argument_sep') continue;
      if (e.type === 'command_parameter') {
        if (pending) elements.push({ param: pending, val: lit('') });
        pending = this.text(e).replace(/:$/, '').toLowerCase();
        continue;
      }
      const v = e.type === 'generic_token' ? lit(this.text(e)) : this.expr(e);
      for (const item of v.items ?? [v]) elements.push({ ...(pending ? { param: pending } : {}), val: item });
      pending = undefined;
    }
    if (pending) elements.push({ param: pending, val: lit('') });
    const at = this.site(n);
    const nameVal = nameNode
      ? nameNode.children.some((c) => c.named)
        ? this.expr(nameNode.children.find((c) => c.named)!)
        : lit(this.text(nameNode))
      : UNKNOWN;
    if (invoke) {
      // `& $x` / `. $x`: runs what the value names or holds.
      execCode(
        this.state,
        at,
        `${this.text(invoke)} (invocation)`,
        concat([nameVal, ...elements.map((e) => concat([lit(' '), e.val]))]),
        'powershell',
      );
      if (nameVal.exact) return this.cmdlet(nameVal.text, elements, input, at);
      return opaque('$(…)', [nameVal]);
    }
    return this.cmdlet(nameVal.text, elements, input, at);
  }

  private cmdlet(raw: string, elements: readonly Element[], input: Val, at: Site): Val {
    const name = ALIASES[raw.toLowerCase()] ?? raw.toLowerCase();
    const p = (...names: string[]): Val | undefined =>
      elements.find((e) => e.param !== undefined && names.some((x) => e.param!.startsWith(x)))?.val;
    const pos = elements.filter((e) => e.param === undefined).map((e) => e.val);
    const push = (e: Omit<FlowState['effects'][number], 'line' | 'col'>): void =>
      void this.state.effects.push({ ...e, ...at });
    switch (name) {
      case 'invoke-expression': {
        const code = p('-command') ?? pos[0] ?? input;
        execCode(this.state, at, 'Invoke-Expression', code, 'powershell', true);
        return opaque('$(iex …)', [code]);
      }
      case 'invoke-webrequest':
      case 'invoke-restmethod':
      case 'start-bitstransfer': {
        const url = p('-uri', '-source') ?? pos[0] ?? UNKNOWN;
        const body = [
          p('-body'),
          p('-infile') ? readPath(p('-infile')!, at) : undefined,
          p('-headers') ? withoutSecrets(p('-headers')!) : undefined,
        ].filter((x): x is Val => x !== undefined);
        if (url.origins.length)
          push({
            kind: 'egress',
            what: `${raw} to a URL built from data`,
            data: url,
            target: url,
            inName: inHostOrQuery(url.text),
          });
        if (body.length || /post|put|patch/i.test(p('-method')?.text ?? ''))
          push({ kind: 'egress', what: raw, data: merge([...body, input]), target: url });
        const out = tagged(opaque(`$(${raw} …)`), 'network', at.line, `${raw} ${url.text}`.slice(0, 100));
        const dest = p('-outfile', '-destination');
        if (dest) this.state.files.set(dest.text, out);
        return dest ? UNKNOWN : out;
      }
      case 'get-content':
        return readPath(p('-path', '-literalpath') ?? pos[0] ?? UNKNOWN, at);
      case 'get-childitem':
      case 'get-item': {
        const path = p('-path', '-literalpath') ?? pos[0] ?? UNKNOWN;
        if (/^env:/i.test(path.text))
          return tagged(opaque('$env'), 'credential', at.line, 'Get-ChildItem Env: (the environment)');
        // What it lists are the paths under `path`: a later Remove-Item on them deletes that folder's content.
        return {
          ...readPath(path, at),
          text: name === 'get-childitem' ? `${path.text.replace(/[\\/]$/, '')}/*` : path.text,
        };
      }
      case 'join-path':
        return concat([p('-path') ?? pos[0] ?? UNKNOWN, lit('/'), p('-childpath') ?? pos[1] ?? lit('')]);
      case 'set-content':
      case 'add-content':
      case 'out-file':
      case 'new-item':
      case 'set-itemproperty':
      case 'new-itemproperty':
      case 'copy-item':
      case 'move-item': {
        const target =
          (name === 'copy-item' || name === 'move-item'
            ? (p('-destination') ?? pos[1])
            : (p('-path', '-filepath', '-literalpath') ?? pos[0])) ?? UNKNOWN;
        const data =
          p('-value') ??
          (name.endsWith('itemproperty')
            ? concat([p('-name') ?? lit(''), lit(' '), p('-value') ?? lit('')])
            : (pos[1] ?? input));
        this.state.files.set(target.text, data);
        push({ kind: 'write', what: raw, data, target });
        return UNKNOWN;
      }
      case 'remove-item': {
        const recursive = elements.some((e) => e.param?.startsWith('-r') === true);
        const targets = [p('-path', '-literalpath'), ...pos].filter((x): x is Val => x !== undefined);
        // Without a path, Remove-Item deletes what the pipeline hands it.
        for (const t of targets.length ? targets : [input])
          push({ kind: 'delete', what: `Remove-Item${recursive ? ' -Recurse' : ''}`, data: t, target: t, recursive });
        return UNKNOWN;
      }
      case 'start-process': {
        const file = p('-filepath') ?? pos[0] ?? UNKNOWN;
        runFile(this.state, at, 'Start-Process', file);
        const args = p('-argumentlist');
        return file.exact
          ? runCommand(
              { name: file, args: args ? (args.items ?? args.text.split(/\s+/).map(lit)) : [], stdin: lit(''), at },
              this.state,
            )
          : UNKNOWN;
      }
      case 'invoke-command':
      case 'start-job': {
        const sb = p('-scriptblock');
        if (sb) execCode(this.state, at, raw, sb, 'powershell');
        return UNKNOWN;
      }
      case 'add-type': {
        const def = p('-typedefinition', '-memberdefinition');
        if (def) execCode(this.state, at, 'Add-Type', def, undefined);
        return UNKNOWN;
      }
      case 'send-mailmessage':
        push({
          kind: 'egress',
          what: 'Send-MailMessage',
          data: merge([p('-body') ?? UNKNOWN, ...(p('-attachments') ? [readPath(p('-attachments')!, at)] : []), input]),
          target: p('-to') ?? UNKNOWN,
        });
        return UNKNOWN;
      case 'resolve-dnsname': {
        const host = p('-name') ?? pos[0] ?? UNKNOWN;
        if (host.origins.length)
          push({ kind: 'egress', what: 'Resolve-DnsName', data: host, target: host, inName: true });
        return UNKNOWN;
      }
      case 'register-scheduledtask':
      case 'new-scheduledtaskaction':
        push({ kind: 'write', what: raw, data: merge(elements.map((e) => e.val)), target: lit('crontab') });
        return UNKNOWN;
      case 'format-volume':
      case 'clear-disk':
      case 'initialize-disk':
        push({ kind: 'wipe', what: raw, data: lit(''), target: lit(raw) });
        return UNKNOWN;
      case 'set-mppreference':
      case 'add-mppreference':
        if (elements.some((e) => /^-(?:disable|exclusion)/.test(e.param ?? '')))
          push({
            kind: 'write',
            what: `${raw} (turns off malware protection)`,
            data: lit('dangerously'),
            target: lit('/etc/sudoers (defender)'),
          });
        return UNKNOWN;
      default:
        if (/^[a-z]+-[a-z]+$/.test(name)) return opaque(`$(${raw})`, [input]);
        return runCommand(
          {
            name: lit(raw),
            args: elements.flatMap((e) => (e.param ? [lit(e.param), e.val] : [e.val])),
            stdin: input,
            at,
          },
          this.state,
        );
    }
  }
}

function utf16(b64: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) return undefined;
  const s = Buffer.from(b64, 'base64').toString('utf16le');
  return /^[\x09\x0a\x0d\x20-\x7e]+$/.test(s) ? s : undefined;
}
