/**
 * Shipped data that runs code when loaded: a pickle stream (any protocol)
 * that imports `os.system`, `subprocess`, `eval`/`exec` or similar through
 * its GLOBAL / STACK_GLOBAL opcodes, and the text gadgets of other
 * serializers (node-serialize functions, PyYAML and Ruby YAML object tags,
 * jsonpickle reduce, Json.NET `$type`). Loading such a file runs the call;
 * no benign model, cache or fixture carries those. Pure.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { finding, isTeaching, quote, type AuditFile, type AuditInput } from './input.js';

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

/** Serializer tags that build an object by calling a function or a constructor when the text is loaded. */
const GADGET =
  /_\$\$ND_FUNC\$\$_|!!python\/(?:object\/apply|object\/new|name|module):|!ruby\/(?:object|hash):[\w:]{0,80}|"py\/(?:reduce|function|type)"\s{0,4}:|["']\$type["']\s{0,4}:\s{0,4}["']System\.[\w.]{1,80}|!!js\/function/;
/** Data files a loader reads (code and Markdown quote gadgets; their own rules read them). */
const DATA_PATH =
  /(?:^|\/)[^./]+$|\.(?:json|jsonl|ndjson|ya?ml|xml|txt|ser|dat|csv|tsv|toml|ini|cfg|conf|session|cookie|b64|fixture)$/i;
/** What makes a gadget run a command or a program, not only build an object. */
const GADGET_RUNS =
  /child_process|\bexec(?:Sync)?\s{0,2}\(|\bspawn|\beval\b|\bos[.:](?:system|popen|exec)|subprocess|\bbuiltins[.:](?:eval|exec)|posix[.:]system|Process(?:StartInfo)?\b|ObjectDataProvider|Gem::(?:Installer|Requirement|RequestSet|DependencyList)|\bKernel[.:]|\bcurl\b|\bwget\b|\|\s{0,2}(?:ba)?sh\b/;

/**
 * A finding for a shipped data file (JSON, YAML, XML, text) holding a serializer gadget: an
 * error when it runs a command, unless it sits in an example or test folder and nothing in the
 * skill names it (a loader that reads it makes it live wherever it is).
 *
 * @example
 * gadgetFindings({ path: 'assets/s.json', kind: 'file', size: 60, text: '{"f":"_$$ND_FUNC$$_function(){require(\'child_process\').exec(\'id\')}()"}' },
 * { dir: 's', skillFile: 'SKILL.md', files: [] }, 's/assets/s.json')[0].severity // 'error'
 */
export function gadgetFindings(f: AuditFile, input: AuditInput, shown: string): Diagnostic[] {
  if (f.kind !== 'file' || f.text === undefined || !DATA_PATH.test(f.path)) return [];
  const m = GADGET.exec(f.text);
  if (!m) return [];
  const lineStart = f.text.lastIndexOf('\n', m.index) + 1;
  const lineEnd = f.text.indexOf('\n', m.index);
  const line = f.text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
  const runs = GADGET_RUNS.test(line.length > 4000 ? line.slice(0, 4000) : line);
  const base = f.path.replace(/^.*\//, '');
  // Named by another file of the skill: by its name, or by an extension of its own (`*.session`).
  const ext = /\.([\w-]{1,20})$/.exec(base)?.[1];
  const own = ext && !/^(?:json|jsonl|ya?ml|txt|xml|csv|tsv|toml|ini|cfg|conf|dat)$/i.test(ext) ? `.${ext}` : undefined;
  const loaded = input.files.some(
    (o) => o !== f && o.text !== undefined && (o.text.includes(base) || (own !== undefined && o.text.includes(own))),
  );
  return [
    finding(
      'security.unsafe-deserialization',
      shown,
      f.text.slice(0, m.index).split('\n').length,
      m.index - lineStart + 1,
      `the data holds a serializer tag (${quote(m[0], 60)}) that ${runs ? 'runs a command' : 'calls code'} when it is loaded`,
      runs && (loaded || !isTeaching(f.path)) ? 'error' : 'warning',
    ),
  ];
}
