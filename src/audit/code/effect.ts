/**
 * What a piece of code does, as the flow analyses report it: an effect at
 * a line (code run, data sent, a path deleted or written, data
 * deserialized, a package installed, a container given the host) with the value that reaches it, and
 * the state the analyses of one unit share (files written, files made
 * executable). Pure.
 */
import type { CodeLang } from './syntax.js';
import type { Val } from './value.js';

export type EffectKind =
  'exec' | 'egress' | 'delete' | 'wipe' | 'write' | 'deserialize' | 'install' | 'index' | 'self-update' | 'privileged';

export interface Effect {
  readonly kind: EffectKind;
  /** 1-based line and column in the file. */
  readonly line: number;
  readonly col: number;
  /** The operation, as the message names it: `eval`, `sh -c`, `curl --data`, `rm -rf` … */
  readonly what: string;
  /** The value that reaches the operation (code run, data sent, content written). */
  readonly data: Val;
  /** The path, URL or host it acts on. */
  readonly target?: Val;
  /** A download piped straight into a shell on one line: the install idiom, not a hidden flow. */
  readonly direct?: boolean;
  /** The data leaves through a host name or a URL query (DNS or URL exfiltration). */
  readonly inName?: boolean;
  /** A delete that walks a whole tree. */
  readonly recursive?: boolean;
  /** The unit checks a digest or signature of what it downloads. */
  readonly verified?: boolean;
}

/** A place in the file. */
export interface Site {
  readonly line: number;
  readonly col: number;
}

/** What the analyses of one unit share. */
export interface FlowState {
  /** Contents of files written in this unit, by path as written. */
  readonly files: Map<string, Val>;
  /** Paths made executable in this unit. */
  readonly chmodded: Set<string>;
  readonly effects: Effect[];
  /** The working folder, as far as the code changed it (`cd ~`). */
  cwd: string;
  /** Set when standard input and output were handed to a network socket (`os.dup2(sock.fileno(), 0)`). */
  netStdio?: Site;
  /** Paths staged for a commit (`git add`), whose content a push sends. */
  readonly staged: Val[];
  /** The unit's lines that check a download against a digest or a signature. */
  readonly checks: string;
  /** Analyse a literal piece of code found inside this one (`bash -c '…'`, a heredoc to `python3 -`). */
  nested(lang: CodeLang, text: string, at: Site): void;
}

/** An empty state whose nested code is handed to `nested`. */
export function newState(nested: FlowState['nested'], checks = ''): FlowState {
  return { files: new Map(), chmodded: new Set(), effects: [], nested, cwd: '.', staged: [], checks };
}

/** A file a digest or signature check names, by its file name or a variable naming it: it was pinned. */
export function isChecked(checks: string, file: Val): boolean {
  if (checks === '') return false;
  const name = file.text.replace(/.*\//, '');
  return (
    (name.length >= 4 && checks.includes(name)) ||
    file.via.some((v) => new RegExp(`\\$\\{?${v.replace(/\W/g, '')}\\b`).test(checks))
  );
}

/** What a checked download holds: pinned content, no longer untrusted network data. */
export function pinned(v: Val): Val {
  return { ...v, origins: v.origins.filter((o) => o.kind !== 'network') };
}
