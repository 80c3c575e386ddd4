/**
 * The values a flow analysis follows: the best known text of an
 * expression (exact when every part is known), where untrusted parts of it
 * came from (a fetch, a decoder, characters assembled one by one, a
 * reversal, a credential store, a secret variable, data about the machine),
 * and the variables it
 * passed through. Small, immutable, merged by concatenation. Pure.
 */

/** Kinds of untrusted origin, from the most to the least telling. */
export type OriginKind = 'network' | 'decoded' | 'assembled' | 'reversed' | 'credential' | 'secret' | 'local';

/** Origins that make running a value running untrusted code. */
export const CODE_ORIGINS: readonly OriginKind[] = Object.freeze(['network', 'decoded', 'assembled', 'reversed']);

/** Where an untrusted part of a value came from: 1-based line in the file, and what made it. */
export interface Origin {
  readonly kind: OriginKind;
  readonly line: number;
  readonly what: string;
}

export interface Val {
  /** Best known text; `${NAME}` stands for a variable whose value is not known. */
  readonly text: string;
  /** True when `text` is the whole value. */
  readonly exact: boolean;
  readonly origins: readonly Origin[];
  /** Variables the value went through, in order, each once. */
  readonly via: readonly string[];
  /** The elements of a list or tuple literal (argv of a process). */
  readonly items?: readonly Val[];
  /** What the value is an object of: an open file (its path), a network channel, a module or function name. */
  readonly ref?: { readonly kind: 'file' | 'channel' | 'name'; readonly name: string; readonly mode?: string };
}

/** At most this many characters of a value's text are kept (a payload can be large). */
const MAX_TEXT = 8192;
const MAX_ORIGINS = 6;

export const UNKNOWN: Val = Object.freeze({ text: '', exact: false, origins: [], via: [] });

/** An exactly known string. */
export function lit(text: string): Val {
  return {
    text: text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text,
    exact: text.length <= MAX_TEXT,
    origins: [],
    via: [],
  };
}

/** A value of unknown text standing for `label` (e.g. `${TARGET}`, `$(…)`). */
export function opaque(label: string, from: readonly Val[] = []): Val {
  return { ...merge(from), text: label, exact: false };
}

/** The origins and variables of several values together (text left empty). */
export function merge(vals: readonly Val[]): Val {
  if (vals.length === 1) return { text: '', exact: false, origins: vals[0]!.origins, via: vals[0]!.via };
  const origins: Origin[] = [];
  const via: string[] = [];
  for (const v of vals) {
    for (const o of v.origins)
      if (origins.length < MAX_ORIGINS && !origins.some((x) => x.kind === o.kind && x.line === o.line)) origins.push(o);
    for (const n of v.via) if (!via.includes(n)) via.push(n);
  }
  return { text: '', exact: false, origins, via };
}

/**
 * Several values one after the other (string concatenation, shell words).
 *
 * @example concat([lit('cu'), lit('rl')]).text // 'curl'
 */
export function concat(vals: readonly Val[]): Val {
  if (vals.length === 0) return lit('');
  if (vals.length === 1)
    return vals[0]!.items || vals[0]!.ref
      ? { text: vals[0]!.text, exact: vals[0]!.exact, origins: vals[0]!.origins, via: vals[0]!.via }
      : vals[0]!;
  const m = merge(vals);
  const text = vals.map((v) => v.text).join('');
  return { ...m, text: text.slice(0, MAX_TEXT), exact: vals.every((v) => v.exact) && text.length <= MAX_TEXT };
}

/** `v` with one more origin. */
export function tagged(v: Val, kind: OriginKind, line: number, what: string): Val {
  if (v.origins.some((o) => o.kind === kind && o.line === line)) return v;
  return { ...v, origins: [...v.origins, { kind, line, what }].slice(0, MAX_ORIGINS) };
}

/** `v` as read through the variable `name`. */
export function through(v: Val, name: string): Val {
  return v.via.includes(name) ? v : { ...v, via: [...v.via, name] };
}

/** `v` with new text (a decoder's output): origins and variables kept. */
export function retext(v: Val, text: string | undefined): Val {
  return text === undefined
    ? { ...v, text: '', exact: false }
    : { ...v, text: text.slice(0, MAX_TEXT), exact: v.exact && text.length <= MAX_TEXT };
}

/** True when some origin of `v` is one of `kinds`. */
export function hasOrigin(v: Val, ...kinds: OriginKind[]): boolean {
  return v.origins.some((o) => kinds.includes(o.kind));
}

/**
 * Base64 text decoded as UTF-8, when it is base64 of printable text.
 *
 * @example unbase64('Y3VybA==') // 'curl'
 */
export function unbase64(text: string): string | undefined {
  const t = text.replace(/\s+/g, '');
  if (t.length < 4 || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) return undefined;
  const out = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
  return printable(out) ? out : undefined;
}

/** Hex text decoded, when it is hex of printable text. */
export function unhex(text: string): string | undefined {
  const t = text.replace(/\s+|\\x|0x/gi, '');
  if (t.length < 2 || t.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(t)) return undefined;
  const out = Buffer.from(t, 'hex').toString('utf8');
  return printable(out) ? out : undefined;
}

/** ROT13 of letters. */
export function rot13(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) =>
    String.fromCharCode(((c.charCodeAt(0) - (c <= 'Z' ? 65 : 97) + 13) % 26) + (c <= 'Z' ? 65 : 97)),
  );
}

/** Text with its characters in reverse order. */
export function reversed(text: string): string {
  return [...text].reverse().join('');
}

/** C-style escapes (`\x63`, `\143`, `\u0063`, `\n`) replaced by their characters. */
export function unescapeC(text: string): string {
  return text.replace(/\\(?:x([0-9a-fA-F]{1,2})|u([0-9a-fA-F]{4})|([0-7]{1,3})|(.))/g, (_m, x, u, o, c) => {
    if (x) return String.fromCharCode(parseInt(x, 16));
    if (u) return String.fromCharCode(parseInt(u, 16));
    if (o) return String.fromCharCode(parseInt(o, 8));
    return c === 'n' ? '\n' : c === 't' ? '\t' : c === 'r' ? '\r' : c === '0' ? '\0' : c;
  });
}

/** True when `text` has at least three numeric escapes: characters spelled by code. */
export function hasCodeEscapes(text: string): boolean {
  return (text.match(/\\(?:x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|[0-7]{3})/g)?.length ?? 0) >= 3;
}

function printable(text: string): boolean {
  // eslint-disable-next-line no-control-regex
  return text.length > 0 && !/[\u0000-\u0008\u000e-\u001f\ufffd]/.test(text);
}

/** `v` without its named-secret origins: a token in an auth header is how its own API is called. */
export function withoutSecrets(v: Val): Val {
  return without(v, 'secret');
}

/**
 * A path as the content read from it: a path built from where the script runs (`$(pwd)/assets/x`) says
 * nothing about this machine in the file's content.
 */
export function asReadPath(v: Val): Val {
  return without(v, 'local');
}

function without(v: Val, kind: OriginKind): Val {
  return v.origins.some((o) => o.kind === kind) ? { ...v, origins: v.origins.filter((o) => o.kind !== kind) } : v;
}
