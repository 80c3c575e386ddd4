/**
 * The flow analysis of shell code (sh, bash, zsh) over its tree: variables
 * with their defaults, command substitution, pipelines, redirections,
 * here-documents, functions and loops, each command run through the
 * command table. What a command prints flows into the next stage of a
 * pipeline or into the variable it is assigned to. Pure.
 */
import { readPath, runCommand } from './commands-sem.js';
import type { FlowState, Site } from './effect.js';
import type { SyntaxNode } from './syntax.js';
import { isSecretVar } from './targets.js';
import {
  concat,
  hasCodeEscapes,
  lit,
  merge,
  opaque,
  retext,
  tagged,
  through,
  unescapeC,
  UNKNOWN,
  type Val,
} from './value.js';

/** Bound on nested function calls, so a recursive function is read once. */
const MAX_CALL_DEPTH = 4;

/**
 * Analyse one shell unit; effects go to `state`.
 *
 * @example analyzeShell(tree.root, 'curl x | sh', 0, state)
 */
export function analyzeShell(root: SyntaxNode, src: string, lineBase: number, state: FlowState): void {
  new ShellFlow(src, lineBase, state).block(root);
}

class ShellFlow {
  private readonly env = new Map<string, Val>();
  private readonly functions = new Map<string, SyntaxNode>();
  private readonly aliases = new Map<string, string[]>();
  private readonly called = new Set<string>();
  private depth = 0;
  private input: Val = UNKNOWN;

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

  block(n: SyntaxNode): Val {
    let out: Val = UNKNOWN;
    for (const c of n.children) if (c.named) out = this.run(c, this.input);
    if (n.type === 'program')
      for (const [name, body] of this.functions) if (!this.called.has(name)) this.callFunction(name, body, []);
    return out;
  }

  /** Run a statement with `stdin`; its output. */
  private run(n: SyntaxNode, stdin: Val): Val {
    switch (n.type) {
      case 'command':
        return this.command(n, stdin, false);
      case 'pipeline':
        return this.pipeline(n);
      case 'redirected_statement':
        return this.redirected(n, stdin);
      case 'variable_assignment':
        this.assign(n);
        return UNKNOWN;
      case 'declaration_command':
        for (const c of n.children) if (c.type === 'variable_assignment') this.assign(c);
        return UNKNOWN;
      case 'function_definition': {
        const name = n.children.find((c) => c.field === 'name');
        const body = n.children.find((c) => c.field === 'body');
        if (name && body) {
          const fname = this.text(name);
          if (fname === ':' || this.isForkBomb(fname, body))
            this.state.effects.push({
              kind: 'wipe',
              ...this.site(n),
              what: 'a fork bomb',
              data: lit(''),
              target: lit(fname),
            });
          this.functions.set(fname, body);
        }
        return UNKNOWN;
      }
      case 'for_statement': {
        const variable = n.children.find((c) => c.field === 'variable');
        const values = n.children.filter((c) => c.field === 'value').map((c) => this.word(c));
        if (variable)
          this.env.set(
            this.text(variable),
            values.length
              ? { ...merge(values), text: values[0]!.text, exact: values.length === 1 && values[0]!.exact }
              : UNKNOWN,
          );
        return this.blockOf(n, stdin);
      }
      case 'comment':
      case 'test_command':
        return UNKNOWN;
      case 'negated_command':
      case 'subshell':
      case 'compound_statement':
      case 'list':
      case 'if_statement':
      case 'elif_clause':
      case 'else_clause':
      case 'while_statement':
      case 'c_style_for_statement':
      case 'do_group':
      case 'case_statement':
      case 'case_item':
      case 'program':
        return this.blockOf(n, stdin);
      default:
        return UNKNOWN;
    }
  }

  private blockOf(n: SyntaxNode, stdin: Val): Val {
    const saved = this.input;
    this.input = stdin;
    let out: Val = UNKNOWN;
    for (const c of n.children) if (c.named) out = this.run(c, stdin);
    this.input = saved;
    return out;
  }

  private isForkBomb(name: string, body: SyntaxNode): boolean {
    const t = this.text(body);
    return new RegExp(
      `(?:^|[^\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s{0,2}\\|\\s{0,2}${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s{0,2}&`,
    ).test(t);
  }

  private pipeline(n: SyntaxNode): Val {
    let data: Val = this.input;
    let afterFetch = false;
    for (const stage of n.children.filter((c) => c.named && c.type !== 'comment')) {
      data = stage.type === 'command' ? this.command(stage, data, afterFetch) : this.run(stage, data);
      if (data.origins.some((o) => o.kind === 'network' && o.line === stage.row + 1 + this.lineBase)) afterFetch = true;
    }
    return data;
  }

  private redirected(n: SyntaxNode, stdin: Val): Val {
    let input = stdin;
    const outputs: { node: SyntaxNode; append: boolean }[] = [];
    let network: SyntaxNode | undefined;
    for (const r of n.children) {
      if (r.field !== 'redirect') continue;
      const op = r.children.find((c) => !c.named)?.type ?? '';
      const fd = r.children.find((c) => c.field === 'descriptor');
      const dest = r.children.find((c) => c.field === 'destination');
      if (r.type === 'heredoc_redirect') {
        const body = r.children.find((c) => c.type === 'heredoc_body');
        input = body ? this.heredoc(body) : lit('');
      } else if (r.type === 'herestring_redirect') {
        const word = r.children.find((c) => c.named);
        input = word ? this.word(word) : lit('');
      } else if (op === '<' && dest) {
        const path = this.word(dest);
        input = this.state.files.get(path.text) ?? readPath(path, this.site(dest));
      } else if (dest && /^(?:>|>>|&>|&>>|>\||>&)$/.test(op)) {
        const target = this.text(dest);
        if (/^\/dev\/(?:tcp|udp)\//.test(target)) network = dest;
        // Only standard output (no descriptor, or 1) carries what the command prints; `2>` is its errors.
        else if (!fd || this.text(fd) === '1' || op.startsWith('&'))
          outputs.push({ node: dest, append: op.includes('>>') });
      }
    }
    const body = n.children.find((c) => c.field === 'body');
    if (network && body) {
      const target = this.word(network);
      // A shell whose input and output are a network socket is a remote shell.
      const name = body.type === 'command' ? this.text(body.children.find((c) => c.field === 'name') ?? body) : '';
      if (/^(?:\S*\/)?(?:ba|z|k|da)?sh$|^(?:\S*\/)?(?:python[0-9.]*|perl|ruby|php|pwsh|powershell)$/.test(name)) {
        this.state.effects.push({
          kind: 'exec',
          ...this.site(n),
          what: `${name} wired to ${target.text}`,
          data: tagged(lit(target.text), 'network', this.site(n).line, `a socket to ${target.text}`),
        });
      }
    }
    const out = body ? this.run(body, input) : UNKNOWN;
    if (network)
      this.state.effects.push({
        kind: 'egress',
        ...this.site(network),
        what: `a redirect to ${this.text(network)}`,
        data: out,
        target: this.word(network),
      });
    for (const o of outputs) {
      const target = this.word(o.node);
      if (/^(?:\/dev\/(?:null|stdout|stderr)|&?[12])$/.test(target.text) || /^\d$/.test(target.text)) continue;
      // Emptying files in bulk (`: > "$f"` over a glob) destroys them as surely as deleting them.
      if (!o.append && /\*/.test(target.text) && out.exact && out.text === '')
        this.state.effects.push({
          kind: 'delete',
          ...this.site(o.node),
          what: 'emptying every matching file (>)',
          data: target,
          target,
          recursive: true,
        });
      this.state.files.set(target.text, o.append ? concat([this.state.files.get(target.text) ?? lit(''), out]) : out);
      this.state.effects.push({
        kind: 'write',
        ...this.site(o.node),
        what: o.append ? 'an append (>>)' : 'a redirect (>)',
        data: out,
        target,
      });
    }
    return outputs.length > 0 ? lit('') : out;
  }

  private heredoc(body: SyntaxNode): Val {
    const parts = body.children.filter((c) => c.named && c.type !== 'heredoc_end' && c.type !== 'heredoc_start');
    if (parts.length === 0) return lit(this.text(body).replace(/\n?[^\n]*$/, ''));
    let pos = body.start;
    const vals: Val[] = [];
    for (const p of parts) {
      if (p.start > pos) vals.push(lit(this.src.slice(pos, p.start)));
      vals.push(p.type === 'heredoc_content' ? lit(this.text(p)) : this.word(p));
      pos = p.end;
    }
    return concat(vals);
  }

  private assign(n: SyntaxNode): void {
    const name = n.children.find((c) => c.field === 'name');
    const value = n.children.find((c) => c.field === 'value');
    if (!name) return;
    const key = this.text(name).replace(/\[.*$/, '');
    const op = n.children.find((c) => !c.named)?.type;
    const v = value ? this.word(value) : lit('');
    this.env.set(key, op === '+=' ? concat([this.env.get(key) ?? lit(''), v]) : v);
  }

  private command(n: SyntaxNode, stdin: Val, afterFetch: boolean): Val {
    for (const c of n.children) if (c.type === 'variable_assignment') this.assign(c);
    const nameNode = n.children.find((c) => c.field === 'name');
    if (!nameNode) return UNKNOWN;
    let args = n.children.filter((c) => c.field === 'argument').map((c) => this.word(c));
    let name = this.word(nameNode.children[0] ?? nameNode);
    if (name.text === 'alias') {
      for (const a of args) {
        const m = /^([^=\s]+)=(.*)$/s.exec(a.text);
        if (m) this.aliases.set(m[1]!, m[2]!.trim().split(/\s+/));
      }
      return UNKNOWN;
    }
    // An alias runs the words it stands for (`alias _apply=eval`).
    const alias = this.aliases.get(name.text);
    if (alias?.[0] && alias[0] !== name.text) {
      name = lit(alias[0]);
      args = [...alias.slice(1).map((w) => lit(w)), ...args];
    }
    const word = nameNode.children[0];
    // A command name spelled from pieces (`c=cu; ${c}rl`, `$'\x63url'`) hides what runs.
    if (
      word &&
      (word.type === 'concatenation' || word.type === 'simple_expansion' || word.type === 'expansion') &&
      word.children.some(
        (c) => c.type === 'simple_expansion' || c.type === 'expansion' || c.type === 'command_substitution',
      ) &&
      name.exact
    )
      name = tagged(
        name,
        'assembled',
        this.site(n).line,
        `a command name put together: ${this.text(word).slice(0, 60)}`,
      );
    if (name.text === 'cd' || name.text === 'pushd') {
      this.state.cwd = args.find((a) => !a.text.startsWith('-'))?.text ?? '~';
      return UNKNOWN;
    }
    if (name.text === ':' || name.text === 'true') return lit('');
    if (name.text === 'read') {
      for (const a of args) if (!a.text.startsWith('-')) this.env.set(a.text, stdin);
      return UNKNOWN;
    }
    const fn = this.functions.get(name.text);
    if (fn) return this.callFunction(name.text, fn, args);
    return runCommand({ name, args, stdin, at: this.site(n), afterFetch }, this.state);
  }

  private callFunction(name: string, body: SyntaxNode, args: readonly Val[]): Val {
    this.called.add(name);
    if (this.depth >= MAX_CALL_DEPTH) return UNKNOWN;
    const saved = new Map<string, Val | undefined>();
    for (let i = 1; i <= 9; i++) {
      saved.set(String(i), this.env.get(String(i)));
      if (args[i - 1]) this.env.set(String(i), args[i - 1]!);
      else this.env.delete(String(i));
    }
    saved.set('@', this.env.get('@'));
    this.env.set('@', args.length ? concat(args.flatMap((a, i) => (i ? [lit(' '), a] : [a]))) : opaque('$@'));
    this.depth++;
    const out = this.run(body, this.input);
    this.depth--;
    for (const [k, v] of saved)
      if (v === undefined) this.env.delete(k);
      else this.env.set(k, v);
    return out;
  }

  private variable(name: string, at: SyntaxNode): Val {
    const v = this.env.get(name);
    if (v) return through(v, name);
    const label = `\${${name}}`;
    if (isSecretVar(name)) return tagged(opaque(label), 'secret', this.site(at).line, `$${name}`);
    return opaque(label);
  }

  /** The value of a word, string or expansion. */
  word(n: SyntaxNode): Val {
    switch (n.type) {
      case 'word':
      case 'number':
      case 'special_variable_name': {
        const t = this.text(n);
        return lit(t.includes('\\') ? t.replace(/\\(.)/g, '$1') : t);
      }
      case 'raw_string':
        return lit(this.text(n).slice(1, -1));
      case 'ansi_c_string': {
        const raw = this.text(n).slice(2, -1);
        const v = lit(unescapeC(raw));
        return hasCodeEscapes(raw) ? tagged(v, 'assembled', this.site(n).line, `$'${raw.slice(0, 40)}'`) : v;
      }
      case 'string':
      case 'translated_string':
      case 'concatenation': {
        const parts = n.children.filter((c) => c.named || c.type === '$');
        if (n.type !== 'concatenation' && parts.length === 0) return lit(this.text(n).replace(/^\$?"|"$/g, ''));
        const vals: Val[] = [];
        let pos = n.type === 'concatenation' ? n.start : n.start + (this.text(n).startsWith('$') ? 2 : 1);
        for (const p of parts) {
          if (n.type !== 'concatenation' && p.start > pos) vals.push(lit(this.src.slice(pos, p.start)));
          vals.push(p.type === 'string_content' ? lit(this.text(p).replace(/\\([$`"\\])/g, '$1')) : this.word(p));
          pos = p.end;
        }
        return concat(vals);
      }
      case 'string_content':
        return lit(this.text(n));
      case 'simple_expansion': {
        const v = n.children.find((c) => c.named);
        return v ? this.variable(this.text(v), n) : opaque(this.text(n));
      }
      case 'expansion':
        return this.expansion(n);
      case 'command_substitution': {
        const saved = this.input;
        let out: Val = UNKNOWN;
        for (const c of n.children) if (c.named) out = this.run(c, lit(''));
        this.input = saved;
        return out.exact ? retext(out, out.text.replace(/\n+$/, '')) : out;
      }
      case 'process_substitution': {
        let out: Val = UNKNOWN;
        for (const c of n.children) if (c.named) out = this.run(c, lit(''));
        const path = `/dev/fd/${n.start}`;
        this.state.files.set(path, out);
        return lit(path);
      }
      case 'arithmetic_expansion':
        return opaque(this.text(n));
      case 'heredoc_body':
        return this.heredoc(n);
      default:
        return lit(this.text(n));
    }
  }

  private expansion(n: SyntaxNode): Val {
    const named = n.children.filter((c) => c.named);
    const varNode = named.find((c) => c.type === 'variable_name' || c.type === 'special_variable_name');
    const opNode = n.children.find((c) => c.field === 'operator');
    const op = opNode ? this.text(opNode) : '';
    if (!varNode) return opaque(this.text(n));
    const name = this.text(varNode);
    const rest = named.filter((c) => c !== varNode);
    const known = this.env.get(name);
    const line = this.site(n).line;
    if (this.text(n).startsWith('${!'))
      return tagged(
        opaque(this.text(n), known ? [known] : []),
        'assembled',
        line,
        `indirect expansion ${this.text(n)}`,
      );
    if (/^:?[-=]$/.test(op)) {
      if (known && (known.text !== '' || !known.exact)) return through(known, name);
      const dflt = rest.length ? concat(rest.map((r) => this.word(r))) : lit('');
      return through(dflt, name);
    }
    const base = known ? through(known, name) : this.variable(name, n);
    if (op === ':' || /^\/\/?$/.test(op) || /^[#%]{1,2}$/.test(op)) {
      // Substrings and replacements rebuild a value piece by piece.
      let text: string | undefined;
      if (base.exact && op === ':' && rest[0]) {
        const [off, len] = this.text(n)
          .replace(/^\$\{[^:]*:/, '')
          .replace(/\}$/, '')
          .split(':')
          .map((x) => Number(x.trim()));
        if (Number.isInteger(off)) text = base.text.substr(off!, Number.isInteger(len) ? len : undefined);
      } else if (base.exact && /^\/\/?$/.test(op) && rest[0]) {
        const [from, to] = [this.word(rest[0]).text, rest[1] ? this.word(rest[1]).text : ''];
        text = op === '//' ? base.text.split(from).join(to) : base.text.replace(from, to);
      }
      return tagged(retext(base, text), 'assembled', line, `\${${name}${op}…}`);
    }
    return base;
  }
}
