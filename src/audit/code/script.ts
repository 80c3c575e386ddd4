/**
 * The flow analysis of Python and JavaScript/TypeScript over their trees:
 * one evaluator for both (their trees differ in names, not in shape).
 * Imports and aliases resolve callee names (`sp.run` → `subprocess.run`,
 * `getattr(os, 'sys' + 'tem')` → `os.system`); assignments, f-strings,
 * template strings, `+`, `.format`, `.join` and slices carry values; each
 * call goes through the name table (`script-sem.ts`). Function bodies are
 * read once with unknown parameters; a callback passed to a network call
 * gets network data. Pure.
 */
import type { FlowState, Site } from './effect.js';
import { callSemantics, type Call } from './script-sem.js';
import type { SyntaxNode } from './syntax.js';
import { deleteReach, isCredentialPath, writeClass } from './targets.js';
import {
  concat,
  hasCodeEscapes,
  lit,
  merge,
  opaque,
  retext,
  reversed,
  tagged,
  through,
  unescapeC,
  UNKNOWN,
  type Val,
} from './value.js';

export type ScriptLang = 'python' | 'javascript';

/** Calls that run a function they are handed, later or elsewhere (the last name part). */
const HAND_OFF =
  /(?:^|\.)(Thread|Process|Timer|submit|map|run_in_executor|to_thread|start_new_thread|apply_async|call_soon|call_later|call_at|enter|register|setTimeout|setImmediate|setInterval|nextTick|queueMicrotask)$/;

const CALLS = new Set(['call', 'call_expression', 'new_expression']);
const MEMBERS = new Set(['attribute', 'member_expression']);
const FUNCS = new Set([
  'function_definition',
  'function_declaration',
  'function_expression',
  'arrow_function',
  'lambda',
  'method_definition',
  'generator_function_declaration',
  'decorated_definition',
  'class_definition',
  'class_declaration',
]);

/**
 * Analyse one Python or JavaScript unit; effects go to `state`.
 *
 * @example analyzeScript('python', tree.root, 'exec(requests.get(u).text)', 0, state)
 */
export function analyzeScript(
  lang: ScriptLang,
  root: SyntaxNode,
  src: string,
  lineBase: number,
  state: FlowState,
): void {
  new ScriptFlow(lang, src, lineBase, state).stmts(root);
}

/** The functions a promise's executor is handed: a call of either settles the promise with its argument. */
const RESOLVE: Val = { ...UNKNOWN, ref: { kind: 'name', name: '(settle)' } };

class ScriptFlow {
  private readonly env = new Map<string, Val>();
  /** Local names of imported modules and functions: `sp` → `subprocess`, `b64decode` → `base64.b64decode`. */
  private readonly aliases = new Map<string, string>();
  private walkDepth = 0;
  /** User functions by name, read again with the arguments of each call (to a bounded depth). */
  private readonly functions = new Map<string, SyntaxNode>();
  private readonly returnsOf = new Map<string, Val>();
  private returns: Val[] | undefined;
  private callDepth = 0;
  /** What each promise being built was resolved with, innermost last. */
  private readonly settled: Val[][] = [];

  private readonly lang: ScriptLang;
  private readonly src: string;
  private readonly lineBase: number;
  private readonly state: FlowState;

  constructor(lang: ScriptLang, src: string, lineBase: number, state: FlowState) {
    this.lang = lang;
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

  private field(n: SyntaxNode, name: string): SyntaxNode | undefined {
    return n.children.find((c) => c.field === name);
  }

  stmts(n: SyntaxNode): void {
    if (++this.walkDepth > 200) return;
    for (const c of n.children) if (c.named) this.stmt(c);
    this.walkDepth--;
  }

  private stmt(n: SyntaxNode): void {
    switch (n.type) {
      case 'import_statement':
      case 'import_from_statement':
      case 'future_import_statement':
        return this.imports(n);
      case 'return_statement':
        for (const c of n.children) if (c.named) this.returns?.push(this.expr(c));
        return;
      case 'expression_statement':
      case 'await_expression':
      case 'throw_statement':
        for (const c of n.children) if (c.named) this.expr(c);
        return;
      case 'lexical_declaration':
      case 'variable_declaration':
        for (const c of n.children)
          if (c.type === 'variable_declarator') this.bind(this.field(c, 'name'), this.field(c, 'value'));
        return;
      case 'with_statement':
        return this.withStatement(n);
      case 'for_statement':
      case 'for_in_statement':
      case 'for_of_statement': {
        const left = this.field(n, 'left');
        const right = this.field(n, 'right');
        if (right) {
          const v = this.expr(right);
          const walk = this.lastCallName(right) === 'os.walk';
          if (left)
            this.assignPattern(
              left,
              walk
                ? { ...v, text: `${v.text}/…`, ref: { kind: 'name', name: 'os.walk' } }
                : v.items?.[0]
                  ? { ...merge(v.items), text: v.items[0].text, exact: false }
                  : v,
            );
        }
        const body = this.field(n, 'body');
        if (body) this.stmts(body);
        return;
      }
      default:
        if (FUNCS.has(n.type)) {
          this.functionBody(n);
          return;
        }
        if (
          CALLS.has(n.type) ||
          n.type === 'assignment' ||
          n.type === 'augmented_assignment' ||
          n.type === 'assignment_expression'
        ) {
          this.expr(n);
          return;
        }
        // Blocks and compound statements: their statements, and the expressions in their heads.
        for (const c of n.children) if (c.named) this.stmt(c);
    }
  }

  private imports(n: SyntaxNode): void {
    const t = this.text(n);
    if (this.lang === 'javascript') {
      const source = /from\s+['"]([^'"]+)['"]|^import\s+['"]([^'"]+)['"]/.exec(t);
      const mod = (source?.[1] ?? source?.[2] ?? '').replace(/^node:/, '');
      const ns = /\*\s+as\s+([\w$]+)/.exec(t);
      if (ns) this.aliases.set(ns[1]!, mod);
      const def = /^import\s+([\w$]+)/.exec(t);
      if (def && def[1] !== 'type') this.aliases.set(def[1]!, mod);
      const named = /\{([^}]*)\}/.exec(t);
      if (named)
        for (const part of named[1]!.split(',')) {
          const [orig, alias] = part.trim().split(/\s+as\s+/);
          if (orig) this.aliases.set((alias ?? orig).trim(), `${mod}.${orig.trim()}`);
        }
      return;
    }
    const from = /^from\s+([\w.]+)\s+import\s+\(?([^)]*)\)?/s.exec(t);
    if (from) {
      for (const part of from[2]!.split(',')) {
        const [orig, alias] = part.trim().split(/\s+as\s+/);
        if (orig && orig !== '*') this.aliases.set((alias ?? orig).trim(), `${from[1]}.${orig.trim()}`);
      }
      return;
    }
    for (const part of t.replace(/^import\s+/, '').split(',')) {
      const [orig, alias] = part.trim().split(/\s+as\s+/);
      if (orig)
        this.aliases.set((alias ?? orig.split('.')[0]!).trim(), alias ? orig.trim() : orig.split('.')[0]!.trim());
    }
  }

  private withStatement(n: SyntaxNode): void {
    for (const item of n.children
      .flatMap((c) => (c.type === 'with_clause' ? c.children : []))
      .filter((c) => c.type === 'with_item')) {
      const value = this.field(item, 'value');
      if (value?.type === 'as_pattern') {
        const v = this.expr(value.children.find((c) => c.named)!);
        const target = this.field(value, 'alias');
        if (target) this.assignPattern(target.children.find((c) => c.named) ?? target, v);
      } else if (value) this.expr(value);
    }
    const body = this.field(n, 'body');
    if (body) this.stmts(body);
  }

  private functionBody(n: SyntaxNode, args?: readonly Val[]): Val {
    const name = this.field(n, 'name');
    const body = this.field(n, 'body') ?? this.field(n, 'definition');
    const fname = name ? this.text(name) : undefined;
    if (fname && args === undefined && !/class_/.test(n.type)) {
      this.env.set(fname, { ...UNKNOWN, ref: { kind: 'name', name: `function:${fname}` } });
      this.functions.set(fname, n);
    }
    this.bindParams(n, args);
    const saved = this.returns;
    this.returns = [];
    if (body) {
      if (body.named && !/block|statement_block|class_body/.test(body.type)) this.returns.push(this.expr(body));
      else this.stmts(body);
    }
    const returned = this.returns.length ? { ...merge(this.returns), text: this.returns[0]!.text } : UNKNOWN;
    this.returns = saved;
    if (fname && args === undefined) this.returnsOf.set(fname, returned);
    return returned;
  }

  /** Parameters as values: the call's arguments, else their defaults (`def load(path=".env")`), else unknown. */
  private bindParams(n: SyntaxNode, args: readonly Val[] | undefined): void {
    const params = this.field(n, 'parameters');
    if (!params) return;
    let i = 0;
    for (const p of params.children) {
      if (!p.named || p.type === 'comment') continue;
      const nameNode =
        p.type === 'identifier'
          ? p
          : (this.field(p, 'name') ??
            this.field(p, 'left') ??
            this.field(p, 'pattern') ??
            p.children.find((c) => c.type === 'identifier'));
      const dflt = this.field(p, 'value') ?? this.field(p, 'right');
      if (!nameNode) continue;
      const arg = args?.[i++];
      this.env.set(this.text(nameNode), arg ?? (dflt ? this.expr(dflt) : opaque(this.text(nameNode))));
    }
  }

  private bind(target: SyntaxNode | undefined, value: SyntaxNode | undefined): void {
    if (!target) return;
    // `const get = (url) => …` is a function by that name, read again with each call's arguments.
    if (value && FUNCS.has(value.type) && target.type === 'identifier') {
      const fname = this.text(target);
      this.functions.set(fname, value);
      this.env.set(fname, { ...UNKNOWN, ref: { kind: 'name', name: `function:${fname}` } });
      this.returnsOf.set(fname, this.functionBody(value));
      return;
    }
    const v = value ? this.expr(value) : UNKNOWN;
    // `const {exec} = require(…)` and `const cp = require(…)` of a module: its exports by local name.
    const required =
      value && CALLS.has(value.type) ? /^require\s*\(\s*['"]([^'"]+)['"]\s*\)$/.exec(this.text(value)) : null;
    if (required) {
      const mod = required[1]!.replace(/^node:/, '');
      if (target.type === 'identifier') this.aliases.set(this.text(target), mod);
      else
        for (const p of target.children)
          if (p.named) {
            const key = p.type === 'pair_pattern' ? this.text(this.field(p, 'key') ?? p) : this.text(p);
            const local = p.type === 'pair_pattern' ? this.text(this.field(p, 'value') ?? p) : this.text(p);
            this.aliases.set(local, `${mod}.${key}`);
          }
      return;
    }
    if (v.ref?.kind === 'name' && target.type === 'identifier' && !v.ref.name.startsWith('function:'))
      this.aliases.set(this.text(target), v.ref.name);
    this.assignPattern(target, v);
  }

  private assignPattern(target: SyntaxNode, v: Val): void {
    if (target.type === 'identifier' || target.type === 'shorthand_property_identifier_pattern')
      this.env.set(this.text(target), v);
    else if (target.type === 'object_pattern' && v.ref?.kind === 'name' && !v.ref.name.startsWith('function:')) {
      // `const { Resolver } = require('dns').promises`: each name is that member of the module.
      for (const p of target.children) {
        const key = p.type === 'pair_pattern' ? this.field(p, 'key') : p;
        const bound = p.type === 'pair_pattern' ? this.field(p, 'value') : p;
        if (key && bound && /identifier/.test(bound.type))
          this.env.set(this.text(bound), { ...v, ref: { kind: 'name', name: `${v.ref.name}.${this.text(key)}` } });
      }
    } else if (
      /pattern_list|tuple_pattern|list_pattern|array_pattern|object_pattern|expression_list/.test(target.type)
    ) {
      const parts = target.children.filter((c) => c.named);
      parts.forEach((p, i) =>
        this.assignPattern(p.type === 'pair_pattern' ? (this.field(p, 'value') ?? p) : p, v.items?.[i] ?? v),
      );
    } else if (MEMBERS.has(target.type) || target.type === 'subscript' || target.type === 'subscript_expression') {
      // `obj.x = v`: remembered under its text, so a later read of `obj.x` finds it.
      this.env.set(this.text(target), v);
      // …and part of `obj` from then on: `settings["mode"] = "bypassPermissions"` is in `json.dumps(settings)`.
      let root: SyntaxNode | undefined = target;
      while (root && (MEMBERS.has(root.type) || root.type === 'subscript' || root.type === 'subscript_expression'))
        root = this.field(root, 'value') ?? this.field(root, 'object');
      const had = root?.type === 'identifier' ? this.env.get(this.text(root)) : undefined;
      if (root && had && !had.ref) this.env.set(this.text(root), { ...concat([had, lit(' '), v]), exact: false });
    }
  }

  /** The dotted name a callee or member chain stands for, resolved through imports and aliases. */
  private calleeName(n: SyntaxNode): { name: string; assembled: boolean; recv?: Val } {
    if (n.type === 'import') return { name: 'import', assembled: false };
    if (n.type === 'identifier') {
      const t = this.text(n);
      const v = this.env.get(t);
      if (v?.ref?.kind === 'name') return { name: v.ref.name, assembled: v.origins.length > 0 };
      return { name: this.aliases.get(t) ?? t, assembled: false };
    }
    if (MEMBERS.has(n.type)) {
      const obj = this.field(n, 'object');
      const prop = this.field(n, 'attribute') ?? this.field(n, 'property');
      if (!obj || !prop) return { name: this.text(n), assembled: false };
      if (obj.type === 'identifier' || MEMBERS.has(obj.type)) {
        const known = this.env.get(this.text(obj));
        if (known && known.ref?.kind !== 'name')
          return { name: `().${this.text(prop)}`, assembled: false, recv: known };
        const inner = this.calleeName(obj);
        if (inner.recv) return { name: `().${this.text(prop)}`, assembled: false, recv: this.expr(obj) };
        return { name: `${inner.name}.${this.text(prop)}`, assembled: inner.assembled };
      }
      const recv = this.expr(obj);
      if (recv.ref?.kind === 'name')
        return { name: `${recv.ref.name}.${this.text(prop)}`, assembled: recv.origins.length > 0 };
      return { name: `().${this.text(prop)}`, assembled: false, recv };
    }
    if (n.type === 'parenthesized_expression' && n.children.find((c) => c.named))
      return this.calleeName(n.children.find((c) => c.named)!);
    if (n.type === 'subscript_expression' || n.type === 'subscript') {
      const v = this.expr(n);
      if (v.ref?.kind === 'name') return { name: v.ref.name, assembled: v.origins.length > 0 };
    }
    const v = this.expr(n);
    if (v.ref?.kind === 'name') return { name: v.ref.name, assembled: v.origins.length > 0 };
    return { name: '()', assembled: false, recv: v };
  }

  private lastCallName(n: SyntaxNode): string | undefined {
    if (!CALLS.has(n.type)) return undefined;
    const fn = this.field(n, 'function') ?? this.field(n, 'constructor');
    return fn ? this.calleeName(fn).name : undefined;
  }

  private call(n: SyntaxNode): Val {
    const fn = this.field(n, 'function') ?? this.field(n, 'constructor');
    const argNode = this.field(n, 'arguments');
    if (!fn) return UNKNOWN;
    // JavaScript template tags and Python decorators aside, a call is name(args).
    const args: Val[] = [];
    const kwargs = new Map<string, Val>();
    const callbacks: SyntaxNode[] = [];
    // `f(x for x in y)`: Python's grammar makes a lone generator the arguments node itself.
    const argList = argNode?.type === 'generator_expression' ? [argNode] : (argNode?.children ?? []);
    for (const a of argList) {
      if (!a.named || a.type === 'comment') continue;
      if (a.type === 'keyword_argument') {
        const k = this.field(a, 'name');
        const v = this.field(a, 'value');
        if (k && v) kwargs.set(this.text(k), this.expr(v));
      } else if (FUNCS.has(a.type)) callbacks.push(a);
      else if (a.type === 'object' && this.lang === 'javascript') {
        const v = this.expr(a);
        args.push(v);
        for (const p of a.children)
          if (p.type === 'pair') {
            const k = this.field(p, 'key');
            const val = this.field(p, 'value');
            if (k && val) kwargs.set(this.text(k).replace(/^['"]|['"]$/g, ''), this.expr(val));
          }
      } else args.push(this.expr(a));
    }
    const callee = this.calleeName(fn);
    const at = this.site(n);
    const call: Call = {
      name: callee.name,
      args,
      kwargs,
      at,
      lang: this.lang,
      ...(callee.recv ? { recv: callee.recv } : {}),
      assembled: callee.assembled,
      text: this.text(n).slice(0, 200),
    };
    // `new Promise((resolve) => …)` is worth what its executor hands `resolve`.
    if (callee.name === 'Promise' && callbacks.length > 0) {
      const settled: Val[] = [];
      this.settled.push(settled);
      for (const cb of callbacks) this.callback(cb, RESOLVE);
      this.settled.pop();
      return merge(settled);
    }
    const handed = this.handedOn(call);
    if (handed) this.defaultCall(handed);
    const out = callSemantics(call, this.state) ?? this.defaultCall(call);
    // A callback handed to a call gets what the call produces (`https.get(url, (res) => …)`).
    for (const cb of callbacks) this.callback(cb, out);
    return out;
  }

  /**
   * The call of a function of this file handed to a thread, a process, a timer or an executor
   * (`Thread(target=f, args=(x,))`, `pool.submit(f, x)`, `setTimeout(f, 0, x)`): it runs with the
   * arguments handed with it.
   */
  private handedOn(call: Call): Call | undefined {
    const m = HAND_OFF.exec(call.name);
    if (!m) return undefined;
    let target: Val | undefined;
    let args: readonly Val[];
    if (call.kwargs.has('target')) {
      target = call.kwargs.get('target');
      const given = call.kwargs.get('args');
      args = given ? (given.items ?? [given]) : [];
    } else {
      const skip = /^(?:Timer|run_in_executor|call_later|call_at|enter)$/.test(m[1]!) ? 1 : 0;
      target = call.args[skip];
      args = call.args.slice(skip + 1);
      if (m[1] === 'Timer' && call.args[2]) args = call.args[2].items ?? [call.args[2]];
    }
    const ref = target?.ref?.kind === 'name' ? target.ref.name : undefined;
    const name = ref?.startsWith('function:') ? ref.slice(9) : ref;
    if (!name || !this.functions.has(name)) return undefined;
    return { ...call, name, args, kwargs: new Map() };
  }

  private defaultCall(call: Call): Val {
    if (call.name === RESOLVE.ref!.name) {
      this.settled.at(-1)?.push(merge(call.args));
      return UNKNOWN;
    }
    const named = call.name.startsWith('function:') ? call.name.slice(9) : call.name;
    // A method called on its own object (`self._fetch(url)`, `this.load()`) is the function of that name here.
    const own = /^(?:self|this|cls)\.(\w+)\s*\(/.exec(call.text)?.[1];
    const fname = this.functions.has(named) || own === undefined ? named : own;
    const fn = this.functions.get(fname);
    if (fn) {
      if (this.callDepth >= 3 || call.args.every((a) => a.origins.length === 0 && !watched(a.text)))
        return this.returnsOf.get(fname) ?? opaque(`${fname}(…)`, call.args);
      this.callDepth++;
      try {
        return this.functionBody(fn, call.args);
      } finally {
        this.callDepth--;
      }
    }
    return opaque(`${call.name}(…)`, [...(call.recv ? [call.recv] : []), ...call.args]);
  }

  private callback(n: SyntaxNode, input: Val): void {
    const params = this.field(n, 'parameters') ?? this.field(n, 'parameter');
    const names = params
      ? params.type === 'identifier'
        ? [params]
        : params.children.filter((c) => c.type === 'identifier' || c.type === 'required_parameter')
      : [];
    for (const p of names)
      this.env.set(
        this.text(p.type === 'required_parameter' ? (p.children.find((c) => c.type === 'identifier') ?? p) : p),
        input,
      );
    const body = this.field(n, 'body');
    if (body) {
      if (/block|statement_block/.test(body.type)) this.stmts(body);
      else this.expr(body);
    }
  }

  private member(n: SyntaxNode): Val {
    const full = this.text(n);
    const stored = this.env.get(full);
    if (stored) return through(stored, full);
    const obj = this.field(n, 'object');
    const prop = this.field(n, 'attribute') ?? this.field(n, 'property');
    const callee = this.calleeName(n);
    const sem = callee.recv
      ? undefined
      : callSemantics(
          {
            name: callee.name,
            args: [],
            kwargs: new Map(),
            at: this.site(n),
            lang: this.lang,
            assembled: callee.assembled,
            text: full,
            access: true,
          },
          this.state,
        );
    if (sem) return sem;
    if (!callee.recv && !this.env.has(obj ? this.text(obj) : ''))
      return { ...opaque(full), ref: { kind: 'name', name: callee.name } };
    const recv = obj ? this.expr(obj) : UNKNOWN;
    const propName = prop ? this.text(prop) : '';
    return {
      ...recv,
      text:
        recv.exact && /^(?:text|content|body|data|stdout|value|raw)$/.test(propName)
          ? recv.text
          : `${recv.text}.${propName}`,
      exact: false,
      items: undefined,
      ref: undefined,
    } as Val;
  }

  /** The value of an expression. */
  expr(n: SyntaxNode): Val {
    switch (n.type) {
      case 'string':
      case 'template_string':
      case 'concatenated_string':
        return this.string(n);
      case 'integer':
      case 'number':
      case 'float':
      case 'true':
      case 'false':
      case 'none':
      case 'null':
      case 'undefined':
        return lit(this.text(n));
      case 'identifier':
      // `{ env }` holds the value of `env`.
      case 'shorthand_property_identifier': {
        const t = this.text(n);
        const v = this.env.get(t);
        if (v) return through(v, t);
        // An unbound name is a function or module to call later (`runner = exec`).
        return { ...opaque(t), ref: { kind: 'name', name: this.aliases.get(t) ?? t } };
      }
      case 'attribute':
      case 'member_expression':
        return this.member(n);
      case 'call':
      case 'call_expression':
      case 'new_expression':
        return this.call(n);
      case 'await':
      case 'await_expression':
      case 'parenthesized_expression':
      case 'expression_statement':
      case 'spread_element':
      case 'list_splat':
      case 'as_pattern':
      case 'non_null_expression':
      case 'as_expression':
      case 'satisfies_expression': {
        const inner = n.children.find((c) => c.named);
        return inner ? this.expr(inner) : UNKNOWN;
      }
      case 'assignment':
      case 'assignment_expression':
      case 'augmented_assignment':
      case 'augmented_assignment_expression': {
        const left = this.field(n, 'left');
        const right = this.field(n, 'right');
        const v = right ? this.expr(right) : UNKNOWN;
        if (left) {
          if (n.type.startsWith('augmented')) this.assignPattern(left, concat([this.expr(left), v]));
          else this.bind(left, right);
        }
        return v;
      }
      case 'binary_operator':
      case 'binary_expression': {
        const l = this.field(n, 'left');
        const r = this.field(n, 'right');
        const op = this.field(n, 'operator');
        const lv = l ? this.expr(l) : UNKNOWN;
        const rv = r ? this.expr(r) : UNKNOWN;
        if (op && this.text(op) === '%' && lv.exact) return this.format(lv, rv.items ?? [rv]);
        if (op && this.text(op) === '+') return concat([lv, rv]);
        if (op && /^(?:\|\||\?\?|or)$/.test(this.text(op))) return orElse(lv, rv);
        if (op && this.text(op) === '/' && this.lang === 'python' && /^(?:~|\/|\$)/.test(lv.text))
          return concat([lv, lit('/'), rv]);
        return merge([lv, rv]);
      }
      case 'subscript':
      case 'subscript_expression': {
        const value = this.field(n, 'value') ?? this.field(n, 'object');
        const index = this.field(n, 'subscript') ?? this.field(n, 'index');
        const stored = this.env.get(this.text(n));
        if (stored) return stored;
        const v = value ? this.expr(value) : UNKNOWN;
        // `globalThis['ev' + 'al']`, `m[fn]`: a member named by a computed string.
        if (
          index &&
          (v.ref?.kind === 'name' ||
            (value && /^(?:globalThis|window|global|self|this|__builtins__|builtins)$/.test(this.text(value))))
        ) {
          const key = this.expr(index);
          if (key.exact && /^[\w$.]{1,60}$/.test(key.text)) {
            const base =
              v.ref?.kind === 'name' && !/^(?:globalThis|window|global|self|__builtins__|builtins)$/.test(v.ref.name)
                ? `${v.ref.name}.`
                : '';
            const pieced = /binary|concat|call/.test(index.type) || key.via.length > 0 || key.origins.length > 0;
            return {
              ...opaque(this.text(n)),
              origins: pieced
                ? [
                    ...key.origins,
                    {
                      kind: 'assembled',
                      line: this.site(n).line,
                      what: `a name put together: ${this.text(n).slice(0, 60)}`,
                    },
                  ]
                : key.origins,
              ref: { kind: 'name', name: `${base}${key.text}` },
            };
          }
        }
        if (index?.type === 'slice' && /^::\s*-1$/.test(this.text(index).replace(/\s/g, '')))
          return tagged(
            retext(v, v.exact ? reversed(v.text) : undefined),
            'reversed',
            this.site(n).line,
            `${this.text(n).slice(0, 40)}`,
          );
        if (value && /^os\.environ$|^process\.env$/.test(this.text(value)) && index)
          return (
            callSemantics(
              {
                name: 'os.getenv',
                args: [this.expr(index)],
                kwargs: new Map(),
                at: this.site(n),
                lang: this.lang,
                assembled: false,
                text: this.text(n),
              },
              this.state,
            ) ?? UNKNOWN
          );
        const i = index && /^\d+$/.test(this.text(index)) ? v.items?.[Number(this.text(index))] : undefined;
        return i ?? merge([v, ...(index ? [this.expr(index)] : [])]);
      }
      case 'list':
      case 'tuple':
      case 'array':
      case 'set':
      case 'expression_list': {
        const items = n.children.filter((c) => c.named && c.type !== 'comment').map((c) => this.expr(c));
        return { ...concat(items.flatMap((v, i) => (i ? [lit(' '), v] : [v]))), items };
      }
      case 'object':
      case 'dictionary': {
        const vals = n.children.flatMap((p) =>
          p.type === 'pair'
            ? [this.field(p, 'value')].filter((x): x is SyntaxNode => !!x).map((x) => this.expr(x))
            : p.named && p.type !== 'comment'
              ? [this.expr(p)]
              : [],
        );
        return { ...merge(vals), text: this.text(n).slice(0, 4000) };
      }
      case 'generator_expression':
      case 'list_comprehension':
      case 'set_comprehension': {
        const parts = n.children
          .filter((c) => c.named)
          .map((c) => (c.type === 'for_in_clause' ? this.comprehension(c) : this.expr(c)));
        return merge(parts);
      }
      case 'boolean_operator':
      case 'conditional_expression':
      case 'ternary_expression':
      case 'unary_operator':
      case 'unary_expression':
      case 'not_operator':
      case 'comparison_operator': {
        const op = n.type === 'boolean_operator' ? this.field(n, 'operator') : undefined;
        const [l, r] = [this.field(n, 'left'), this.field(n, 'right')];
        if (op && l && r && this.text(op) === 'or') return orElse(this.expr(l), this.expr(r));
        const parts = n.children.filter((c) => c.named).map((c) => this.expr(c));
        const first = parts.find((p) => p.text !== '' || p.origins.length > 0);
        return first ? { ...merge(parts), text: first.text } : merge(parts);
      }
      case 'lambda':
      case 'arrow_function':
      case 'function_expression':
      case 'function':
        this.functionBody(n);
        return opaque('function');
      default: {
        const parts = n.children.filter((c) => c.named).map((c) => this.expr(c));
        return parts.length ? merge(parts) : opaque(this.text(n).slice(0, 40));
      }
    }
  }

  private comprehension(n: SyntaxNode): Val {
    const left = this.field(n, 'left');
    const right = this.field(n, 'right');
    const v = right ? this.expr(right) : UNKNOWN;
    if (left) this.assignPattern(left, v);
    return v;
  }

  /** A string literal, f-string or template string. */
  private string(n: SyntaxNode): Val {
    if (n.type === 'concatenated_string') return concat(n.children.filter((c) => c.named).map((c) => this.string(c)));
    const raw = this.text(n);
    const isRaw = this.lang === 'python' && /^[rRbBuUfF]{0,2}[rR]/.test(raw);
    const vals: Val[] = [];
    let escapes = false;
    for (const c of n.children) {
      if (c.type === 'string_content' || c.type === 'string_fragment') {
        const t = this.text(c);
        vals.push(lit(isRaw ? t : unescapeC(t)));
        if (!isRaw && hasCodeEscapes(t)) escapes = true;
      } else if (c.type === 'escape_sequence') {
        const t = this.text(c);
        vals.push(lit(unescapeC(t)));
        if (/^\\(?:x|u|[0-7])/.test(t)) escapes = true;
      } else if (c.type === 'interpolation' || c.type === 'template_substitution') {
        const inner = c.children.find((x) => x.named);
        vals.push(inner ? this.expr(inner) : UNKNOWN);
      }
    }
    const v = concat(vals);
    const spelled = escapes && (raw.match(/\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[0-7]{3})/g)?.length ?? 0) >= 3;
    return spelled
      ? tagged(v, 'assembled', this.site(n).line, `a string spelled in escapes (${raw.slice(0, 30)}…)`)
      : v;
  }

  /** `'%s %s' % (a, b)` */
  private format(fmt: Val, args: readonly Val[]): Val {
    let i = 0;
    const parts: Val[] = [];
    let last = 0;
    const re = /%[-#0 +]*\d*(?:\.\d+)?[sdrifx]/g;
    for (let m = re.exec(fmt.text); m; m = re.exec(fmt.text)) {
      parts.push(lit(fmt.text.slice(last, m.index)), args[i++] ?? UNKNOWN);
      last = m.index + m[0].length;
    }
    parts.push(lit(fmt.text.slice(last)));
    return concat(parts);
  }
}

/**
 * `a || b`, `a ?? b`, `a or b`: a literal left side is the value; else the default on the right is what runs
 * where the variable is unset, so its text is kept (with the origins of both sides).
 */
function orElse(left: Val, right: Val): Val {
  const m = merge([left, right]);
  const taken = left.exact && left.text !== '' && !left.ref ? left : right.text !== '' ? right : undefined;
  return taken ? { ...m, text: taken.text, exact: taken.exact } : m;
}

/** A path a helper's write, read or delete matters at: read the helper again with it (`append(home / "AGENTS.md")`). */
function watched(text: string): boolean {
  return text !== '' && (writeClass(text) !== undefined || isCredentialPath(text) || deleteReach(text) !== undefined);
}
