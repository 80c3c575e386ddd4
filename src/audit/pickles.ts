/**
 * Shipped pickles that run code when loaded: a pickle stream (any
 * protocol) that imports `os.system`, `subprocess`, `eval`/`exec` or
 * similar through its GLOBAL / STACK_GLOBAL opcodes. Loading such a file
 * runs the call; no benign model or cache pickles those. Pure.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { finding, type AuditFile } from './input.js';

/** Modules and functions whose import inside a pickle means code runs at load. */
const MODULES =
  'os|posix|nt|subprocess|builtins|__builtin__|commands|pty|socket|runpy|importlib|shutil|webbrowser|code';
const CALLS =
  'system|popen|exec\\w{0,3}|spawn\\w{0,3}|eval|Popen|call|check_output|run|getoutput|compile|__import__|import_module|rmtree|run_path|run_module|interact|connect';
/** GLOBAL (`c` module newline name newline) or STACK_GLOBAL after two short strings (`\x8c` length text). */
const DANGEROUS = new RegExp(
  `c(?:${MODULES})\\n(?:${CALLS})\\n|[\\x8c\\x58X][\\s\\S]{1,4}?(?:${MODULES})\\x94?[\\x8c\\x58X][\\s\\S]{1,4}?(?:${CALLS})\\x94?`,
);
const PICKLE_PATH = /\.(?:pkl|pickle|pckl|joblib|pt|pth|ckpt|bin|npy|npz|dat|p)$/i;

/**
 * A finding for a pickle that would run a command when loaded.
 *
 * @example
 * pickleFindings({ path: 'assets/m.pkl', kind: 'file', size: 30, text: "cos\nsystem\n(S'id'\ntR." },
 * 's/assets/m.pkl')[0].severity // 'error'
 */
export function pickleFindings(f: AuditFile, shown: string): Diagnostic[] {
  if (f.kind !== 'file' || !PICKLE_PATH.test(f.path)) return [];
  const bytes = f.text ?? (f.head ? String.fromCharCode(...f.head.subarray(0, 4096)) : '');
  if (!/^(?:\x80[\x02-\x05]|\(|c|\]|\})/.test(bytes)) return [];
  const m = DANGEROUS.exec(bytes);
  if (!m) return [];
  const name = m[0]
    .replace(/^c/, '')
    .replace(/[^\w]+/g, '.')
    .replace(/^\.|\.$/g, '');
  return [
    finding('security.unsafe-deserialization', shown, 0, 0, `a pickle that calls ${name} when it is loaded`, 'error'),
  ];
}
