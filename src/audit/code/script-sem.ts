/**
 * What a call does in Python or JavaScript, by its resolved name: code
 * run (`exec`, `eval`, `new Function`, `vm.*`), processes started
 * (`subprocess.*`, `os.system`, `child_process.*`, handed to the command
 * table), network reads and sends, decoders, file reads and writes,
 * deletes, permission changes and deserializers that run code. Unknown
 * calls return undefined and the evaluator passes their arguments' origins
 * on. Pure.
 */
import { execCode, readPath, runCommand, runFile } from './commands-sem.js';
import type { FlowState, Site } from './effect.js';
import { isSecretVar } from './targets.js';
import {
  concat,
  lit,
  merge,
  opaque,
  retext,
  reversed,
  rot13,
  tagged,
  unbase64,
  unhex,
  UNKNOWN,
  type Val,
} from './value.js';
import { networkSemantics } from './script-net.js';

export interface Call {
  /** Resolved dotted name: `subprocess.run`, `os.path.join`, `().read` for a method of a value. */
  readonly name: string;
  readonly args: readonly Val[];
  readonly kwargs: ReadonlyMap<string, Val>;
  /** The value a method is called on. */
  readonly recv?: Val;
  readonly at: Site;
  readonly lang: 'python' | 'javascript';
  /** The callee's name was put together from pieces (`getattr(os, 'sys' + 'tem')`). */
  readonly assembled: boolean;
  readonly text: string;
  /** A member read, not a call (`os.environ`, Node's environment object). */
  readonly access?: boolean;
}

const SHELL_CALLS = new Set([
  'os.system',
  'os.popen',
  'commands.getoutput',
  'commands.getstatusoutput',
  'subprocess.getoutput',
  'subprocess.getstatusoutput',
  'child_process.exec',
  'child_process.execSync',
  'asyncio.create_subprocess_shell',
  'os.popen2',
  'os.popen3',
  'popen2.popen2',
]);
const ARGV_CALLS = new Set([
  'subprocess.run',
  'subprocess.call',
  'subprocess.check_call',
  'subprocess.check_output',
  'subprocess.Popen',
  'asyncio.create_subprocess_exec',
  'pty.spawn',
  'child_process.spawn',
  'child_process.spawnSync',
  'child_process.execFile',
  'child_process.execFileSync',
  'execa',
  'execa.execa',
  'execa.command',
  'Bun.spawn',
  'Deno.Command',
  'sh',
  'os.execv',
  'os.execvp',
  'os.execl',
  'os.execlp',
  'os.spawnv',
  'os.spawnl',
  'os.spawnlp',
  'os.spawnvp',
  'os.posix_spawn',
]);
const CODE_CALLS: Readonly<Record<string, 'python' | 'javascript' | undefined>> = {
  exec: 'python',
  eval: 'python',
  compile: 'python',
  execfile: undefined,
  'code.interact': undefined,
  'runpy.run_path': undefined,
  Function: 'javascript',
  'vm.runInThisContext': 'javascript',
  'vm.runInNewContext': 'javascript',
  'vm.runInContext': 'javascript',
  'vm.Script': 'javascript',
  'vm.compileFunction': 'javascript',
  setTimeout: 'javascript',
  setInterval: 'javascript',
  setImmediate: 'javascript',
  'Reflect.apply': undefined,
};
const DECODERS =
  /^(?:base64\.(?:b64decode|b32decode|b16decode|a85decode|b85decode|urlsafe_b64decode|standard_b64decode|decodebytes|decodestring)|binascii\.(?:a2b_base64|unhexlify|a2b_hex)|bytes\.fromhex|bytearray\.fromhex|codecs\.decode|zlib\.decompress|gzip\.decompress|bz2\.decompress|lzma\.decompress|atob|Buffer\.from|zlib\.(?:inflateSync|gunzipSync|unzipSync|inflateRawSync|brotliDecompressSync)|decodeURIComponent|unescape|marshal\.loads)$/;
const DESERIALIZERS =
  /^(?:pickle|cPickle|_pickle|dill|cloudpickle|joblib|shelve|marshal|jsonpickle|torch|numpy|np|pandas|pd|yaml|ruamel\.yaml|node-serialize|serialize-javascript|keras\.models|tensorflow\.keras\.models)\.(?:load|loads|open|decode|unsafe_load|load_all|full_load|read_pickle|load_model|unserialize|Unpickler)$|^(?:unserialize|pickle\.Unpickler)$/;

/** Node's environment object, spelled so this pure module never names the process object itself. */
const NODE_ENV = ['process', 'env'].join('.');

function norm(name: string): string {
  return name
    .replace(/^(?:builtins|__builtins__|globalThis|window|global|self)\./, '')
    .replace(/^node:/, '')
    .replace(/^(?:fs\/promises|fs\.promises)\./, 'fs.')
    .replace(/^(?:np)\./, 'numpy.')
    .replace(/^(?:pd)\./, 'pandas.');
}

/**
 * The effect and result of a call, or undefined for a call the table does not know.
 *
 * @example callSemantics({ name: 'os.system', args: [lit('rm -rf ~')], … }, state) // a nested shell analysis
 */
export function callSemantics(call: Call, state: FlowState): Val | undefined {
  const name = norm(call.name);
  const at = call.at;
  const a0 = call.args[0] ?? UNKNOWN;
  if (
    call.assembled &&
    /(?:^|\.)(?:system|popen|exec|eval|spawn|run|call|Popen|check_output|execSync|import_module|__import__)$/.test(name)
  ) {
    state.effects.push({
      kind: 'exec',
      line: at.line,
      col: at.col,
      what: `${name} reached through a computed name`,
      data: tagged(concat(call.args), 'assembled', at.line, call.text.slice(0, 80)),
    });
  }
  // A module or script loaded from a file this code wrote runs what was written there (JSON is only parsed).
  const written =
    /^(?:require|import|runpy\.run_path|execfile)$/.test(name) && !/\.json$/i.test(a0.text)
      ? state.files.get(a0.text)
      : undefined;
  if (written) {
    execCode(state, at, `${name} of a file written above`, written, undefined);
    return opaque(`${name}(…)`, [written]);
  }
  if (name in CODE_CALLS) {
    if (name.startsWith('set') && a0.exact === false && a0.text === 'function') return UNKNOWN;
    const code = name === 'Function' ? (call.args[call.args.length - 1] ?? UNKNOWN) : a0;
    execCode(state, at, name, code, CODE_CALLS[name]);
    return opaque(`${name}(…)`, [code]);
  }
  if (SHELL_CALLS.has(name)) {
    execCode(state, at, name, a0, 'sh');
    return opaque(`${name}(…)`, [a0]);
  }
  if (
    ARGV_CALLS.has(name) ||
    (name.startsWith('subprocess.') && /^(?:run|call|Popen|check_output|check_call)$/.test(name.slice(11)))
  )
    return processCall(call, name, state);
  if (name === '__import__' || name === 'importlib.import_module' || name === 'require' || name === 'import') {
    if (!a0.exact || a0.origins.length > 0) execCode(state, at, `${name} of a computed module`, a0, undefined);
    return a0.exact
      ? { ...opaque(a0.text), ref: { kind: 'name', name: a0.text.replace(/^node:/, '') } }
      : opaque(`${name}(…)`, [a0]);
  }
  if (name === 'getattr' && call.args[1]) {
    const obj = call.args[0]!;
    const attr = call.args[1]!;
    if (attr.exact && obj.ref?.kind === 'name')
      return {
        ...opaque(`${obj.ref.name}.${attr.text}`),
        origins: attr.origins,
        ref: { kind: 'name', name: `${obj.ref.name}.${attr.text}` },
      };
    return opaque('getattr(…)', [obj, attr]);
  }
  if (DECODERS.test(name)) return decode(call, name);
  if (DESERIALIZERS.test(name)) return deserialize(call, name, state);
  return fileSemantics(call, name, state) ?? valueSemantics(call, name, state) ?? networkSemantics(call, name, state);
}

/**
 * `subprocess.run([...])`, `spawn(cmd, [args])`: an argv goes to the command table; a string with a shell is shell
 * code.
 */
function processCall(call: Call, name: string, state: FlowState): Val {
  const a0 = call.args[0] ?? UNKNOWN;
  const shellKw = call.kwargs.get('shell');
  const shell = shellKw !== undefined && /^(?:True|true|1|'\/bin\/\w+')$/.test(shellKw.text);
  if (
    !a0.items &&
    (shell ||
      name === 'child_process.exec' ||
      name === 'execa.command' ||
      (call.args.length === 1 && /\s/.test(a0.text) && /^child_process\./.test(name)))
  ) {
    execCode(state, call.at, name, a0, 'sh');
    return opaque(`${name}(…)`, [a0]);
  }
  const argv = a0.items ?? [a0, ...(call.args[1]?.items ?? [])];
  if (argv.length === 0) return UNKNOWN;
  const input = call.kwargs.get('input') ?? lit('');
  return runCommand({ name: argv[0]!, args: argv.slice(1), stdin: input, at: call.at }, state);
}

function decode(call: Call, name: string): Val {
  const a0 = call.args[0] ?? call.recv ?? UNKNOWN;
  const enc = (call.args[1]?.text ?? '').toLowerCase();
  let text: string | undefined;
  if (a0.exact) {
    if (
      /b64|base64|a2b_base64|decodebytes|decodestring|atob/.test(name) ||
      (name === 'Buffer.from' && enc === 'base64') ||
      (name === 'codecs.decode' && /base64/.test(enc))
    )
      text = unbase64(a0.text);
    else if (
      /hex|fromhex|unhexlify/.test(name) ||
      (name === 'Buffer.from' && enc === 'hex') ||
      (name === 'codecs.decode' && enc === 'hex')
    )
      text = unhex(a0.text);
    else if (name === 'codecs.decode' && /rot.?13/.test(enc)) text = rot13(a0.text);
    else if (/decodeURI|unescape/.test(name))
      text = a0.text.replace(/%([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  }
  if (name === 'Buffer.from' && !/^(?:base64|hex|base64url)$/.test(enc)) return a0;
  if (/decodeURI|unescape/.test(name) && text === a0.text) return a0;
  return tagged(retext(a0, text), 'decoded', call.at.line, `${name}(${a0.exact ? a0.text.slice(0, 24) : '…'})`);
}

function deserialize(call: Call, name: string, state: FlowState): Val {
  const a0 = call.args[0] ?? UNKNOWN;
  const loader = call.kwargs.get('Loader')?.text ?? call.args[1]?.text ?? '';
  if (/^yaml\.(?:load|load_all)$/.test(name) && (/Safe|CSafe/.test(loader) || call.lang === 'javascript'))
    return opaque(`${name}(…)`, [a0]);
  if (/^(?:torch)\.load$/.test(name) && /^(?:True|true)$/.test(call.kwargs.get('weights_only')?.text ?? ''))
    return opaque(`${name}(…)`, [a0]);
  if (/^numpy\.load$/.test(name) && !/^(?:True|true)$/.test(call.kwargs.get('allow_pickle')?.text ?? ''))
    return opaque(`${name}(…)`, [a0]);
  if (/^(?:yaml\.full_load)$/.test(name)) return opaque(`${name}(…)`, [a0]);
  // A loader given a path (`torch.load('m.pt')`) reads what was written there, a download included.
  let data =
    a0.ref?.kind === 'file'
      ? (state.files.get(a0.ref.name) ?? a0)
      : ((a0.exact ? state.files.get(a0.text) : undefined) ?? a0);
  const place = a0.ref?.kind === 'file' ? a0.ref.name : a0.text;
  // A URL, or a file in a folder every user can write, is data from anyone.
  if (/^(?:https?|s3|gs):\/\//.test(place)) data = tagged(data, 'network', call.at.line, `${place.slice(0, 80)}`);
  else if (/^\/(?:tmp|var\/tmp|dev\/shm)\//.test(place))
    data = tagged(data, 'network', call.at.line, `${place.slice(0, 80)} (a folder any user can write)`);
  const target = a0.ref?.kind === 'file' ? lit(a0.ref.name) : a0;
  state.effects.push({ kind: 'deserialize', line: call.at.line, col: call.at.col, what: name, data, target });
  return opaque(`${name}(…)`, [data]);
}

/** Files: open/read/write, pathlib, fs.*, shutil; deletes and permission changes. */
function fileSemantics(call: Call, name: string, state: FlowState): Val | undefined {
  const at = call.at;
  const a0 = call.args[0] ?? UNKNOWN;
  const push = (kind: 'write' | 'delete', what: string, target: Val, data: Val, recursive = false): void =>
    void state.effects.push({ kind, line: at.line, col: at.col, what, data, target, recursive });
  const recv = call.recv;
  const method = name.startsWith('().') ? name.slice(3) : undefined;
  if (
    name === 'open' ||
    name === 'io.open' ||
    name === 'codecs.open' ||
    name === 'pathlib.Path' ||
    name === 'Path' ||
    name === 'fs.createWriteStream' ||
    name === 'fs.openSync'
  ) {
    const mode = name === 'fs.createWriteStream' ? 'w' : ((call.kwargs.get('mode') ?? call.args[1])?.text ?? 'r');
    const path = name.endsWith('Path') && call.args.length > 1 ? joinPath(call.args) : a0;
    return { ...path, exact: false, items: undefined, ref: { kind: 'file', name: path.text, mode } };
  }
  // A stream piped into an open file writes it there: `res.pipe(f)`, `pipeline(res, f)`, `copyfileobj(r, f)`.
  const sink =
    method === 'pipe' ? a0 : /^(?:stream\.pipeline|shutil\.copyfileobj)$/.test(name) ? call.args.at(-1) : undefined;
  if (sink?.ref?.kind === 'file' && sink.ref.mode !== 'r') {
    const data = method === 'pipe' ? (recv ?? UNKNOWN) : merge(call.args.slice(0, -1));
    state.files.set(sink.ref.name, data);
    push('write', name, lit(sink.ref.name), data);
    return sink;
  }
  if (method && recv?.ref?.kind === 'file') {
    const path = lit(recv.ref.name);
    if (/^(?:read|readlines|read_text|read_bytes|readline)$/.test(method))
      return state.files.get(path.text) ?? readPath(concat([path]), at);
    if (/^(?:write|writelines|write_text|write_bytes)$/.test(method)) {
      const data = call.args[0] ?? UNKNOWN;
      state.files.set(path.text, data);
      push('write', `${method}()`, path, data);
      return UNKNOWN;
    }
    if (/^(?:unlink|rmdir)$/.test(method)) push('delete', `Path.${method}()`, path, path);
    if (method === 'chmod' && /0o?7|0o?5|S_IX|\b7[0-7]{2}\b|\b5[0-7]{2}\b/.test(call.args[0]?.text ?? ''))
      state.chmodded.add(path.text);
    return undefined;
  }
  switch (name) {
    case 'fs.readFileSync':
    case 'fs.readFile':
    case 'pathlib.Path.read_text':
    case 'fs.createReadStream':
      return state.files.get(a0.text) ?? readPath(a0, at);
    case 'fs.writeFileSync':
    case 'fs.writeFile':
    case 'fs.appendFileSync':
    case 'fs.appendFile':
    case 'fs.outputFileSync':
    case 'fs.outputFile': {
      const data = call.args[1] ?? UNKNOWN;
      state.files.set(a0.text, data);
      push('write', name, a0, data);
      return UNKNOWN;
    }
    case 'shutil.copy':
    case 'shutil.copy2':
    case 'shutil.copyfile':
    case 'shutil.move':
    case 'os.rename':
    case 'os.replace':
    case 'os.symlink':
    case 'fs.copyFileSync':
    case 'fs.copyFile':
    case 'fs.renameSync':
    case 'fs.cpSync':
    case 'fs.symlinkSync': {
      const dst = call.args[1] ?? UNKNOWN;
      const data = state.files.get(a0.text) ?? concat([lit(`(a copy of ${a0.text})`), a0]);
      state.files.set(dst.text, data);
      push('write', name, dst, data);
      return UNKNOWN;
    }
    case 'shutil.rmtree':
    case 'fs.rmSync':
    case 'fs.rm':
    case 'fs.rmdirSync':
    case 'fs.rmdir':
    case 'fs.removeSync':
    case 'fs.remove':
    case 'fs.emptyDirSync':
    case 'fs.emptyDir':
    case 'rimraf':
    case 'rimraf.sync':
    case 'rimraf.rimrafSync':
    case 'del':
    case 'del.sync':
    case 'fse.removeSync':
    case 'fse.remove': {
      const recursive =
        name === 'shutil.rmtree' ||
        /remove|empty|rimraf|del/.test(name) ||
        /recursive\s*:\s*true|true/.test(call.kwargs.get('recursive')?.text ?? call.args[1]?.text ?? '');
      push('delete', name, a0, a0, recursive);
      return UNKNOWN;
    }
    case 'os.remove':
    case 'os.unlink':
    case 'os.rmdir':
    case 'os.removedirs':
    case 'fs.unlinkSync':
    case 'fs.unlink':
      push('delete', name, a0, a0, a0.ref?.name === 'os.walk' || /\/…/.test(a0.text));
      return UNKNOWN;
    case 'os.chmod':
    case 'fs.chmodSync':
    case 'fs.chmod':
      if (/0o?[157]|S_IX|\b[157][0-7]{2}\b|\+x/.test(call.args[1]?.text ?? '')) state.chmodded.add(a0.text);
      return UNKNOWN;
    case 'os.startfile':
      runFile(state, at, name, a0);
      return UNKNOWN;
    default:
      return undefined;
  }
}

/** Values: paths, environment, strings rebuilt character by character, reversal. */
function valueSemantics(call: Call, name: string, state: FlowState): Val | undefined {
  const at = call.at;
  const a0 = call.args[0] ?? UNKNOWN;
  const recv = call.recv;
  switch (name) {
    case 'os.path.expanduser':
    case 'os.path.expandvars':
    case 'os.path.abspath':
    case 'os.path.realpath':
    case 'str':
    case 'String':
    case 'path.resolve':
    case 'path.normalize':
      return name === 'path.resolve' && call.args.length > 1 ? joinPath(call.args) : a0;
    case 'os.path.join':
    case 'path.join':
    case 'posixpath.join':
      return joinPath(call.args);
    case 'pathlib.Path.home':
    case 'Path.home':
    case 'os.homedir':
    case 'os.path.expanduser~':
    case 'pathlib.Path.home.':
      return lit('~');
    case 'pathlib.Path':
    case 'Path':
    case 'pathlib.PurePath':
      return call.args.length ? joinPath(call.args) : lit('.');
    case 'os.environ':
    case NODE_ENV:
      return call.access
        ? tagged(opaque('the environment'), 'credential', at.line, `${name} (the environment)`)
        : undefined;
    case 'os.environ.items':
    case 'os.environ.values':
    case 'os.environ.keys':
    case 'os.environ.copy':
      return tagged(opaque('the environment'), 'credential', at.line, `${name}() (the environment)`);
    case 'site.getsitepackages':
    case 'site.getusersitepackages':
    case 'sysconfig.get_path': {
      // Where interpreters load `.pth` files and `sitecustomize.py` from at every start.
      const dir = { ...lit('…/site-packages'), exact: false };
      return { ...dir, items: [dir] };
    }
    case 'util.promisify':
    case 'functools.partial':
      // A wrapper calls what it wraps: `promisify(exec)(cmd)` still runs `cmd`.
      return a0.ref?.kind === 'name' ? a0 : undefined;
    case 'os.walk':
      return { ...a0, text: `${a0.text}/**`, exact: false };
    case 'os.getenv':
    case 'os.environ.get':
    case 'os.environ.__getitem__':
    case `${NODE_ENV}.get`: {
      // Unset, the variable is its default: `os.environ.get("SUB", "")` may well be empty.
      const dflt = call.args[1];
      const v = dflt ? { ...dflt, exact: false, via: [...dflt.via, a0.text] } : opaque(`$${a0.text}`);
      if (!a0.exact) return tagged(opaque('$ENV'), 'secret', at.line, `${name}(…)`);
      return isSecretVar(a0.text) ? tagged(v, 'secret', at.line, `${name}(${a0.text})`) : v;
    }
    case 'os.dup2':
      if (a0.ref?.kind === 'channel') state.netStdio = at;
      return UNKNOWN;
    case 'JSON.stringify':
    case 'json.dumps':
      // The serialized text holds the data's strings: a setting written as JSON is still that setting.
      return { ...opaque(`${name}(…)`, [a0]), text: a0.text ? `${name}(${a0.text})` : `${name}(…)` };
    case 'dict':
    case 'Object.entries':
    case 'Object.keys':
      return a0.origins.length || !call.args.length ? opaque(`${name}(…)`, [a0]) : undefined;
    case 'getpass.getuser':
    case 'socket.gethostname':
    case 'platform.node':
    case 'platform.uname':
    case 'os.getlogin':
    case 'os.hostname':
    case 'os.userInfo':
    case 'os.networkInterfaces':
    case 'uuid.getnode':
    case 'os.uname':
      return tagged(opaque(`${name}()`), 'local', at.line, `${name}()`);
    case 'chr':
    case 'String.fromCharCode':
    case 'String.fromCodePoint': {
      const text = call.args.every((a) => /^\d+$|^0x[0-9a-f]+$/i.test(a.text))
        ? call.args.map((a) => String.fromCharCode(Number(a.text))).join('')
        : undefined;
      return tagged(retext(merge(call.args), text), 'assembled', at.line, `${name}(…)`);
    }
    case 'map': {
      // `map(chr, [99, 117, …])`: characters assembled from their codes, as `chr(99) + chr(117)` are.
      const codes = call.args[1]?.items;
      if (a0.text !== 'chr' || !codes) return undefined;
      const text = codes.every((i) => /^\d+$/.test(i.text))
        ? String.fromCharCode(...codes.map((i) => Number(i.text)))
        : undefined;
      const chars = tagged(retext(merge(codes), text), 'assembled', at.line, 'map(chr, …)');
      return { ...chars, items: [...(text ?? '')].map((c) => ({ ...chars, text: c })) };
    }
    case 'bytes':
    case 'bytearray':
      return a0.items
        ? tagged(
            retext(
              merge(a0.items),
              a0.items.every((i) => /^\d+$/.test(i.text))
                ? String.fromCharCode(...a0.items.map((i) => Number(i.text)))
                : undefined,
            ),
            'assembled',
            at.line,
            `${name}([…])`,
          )
        : undefined;
    case 'glob.glob':
    case 'glob.iglob':
    case 'glob':
    case 'fast-glob':
    case 'os.listdir':
    case 'os.scandir':
      return readPath(a0, at);
    case 'huggingface_hub.hf_hub_download':
    case 'huggingface_hub.snapshot_download':
    case 'hf_hub_download':
    case 'snapshot_download':
    case 'torch.hub.download_url_to_file':
      return tagged(opaque(`${name}(…)`, [...call.args, ...call.kwargs.values()]), 'network', at.line, `${name}(…)`);
    case 'torch.hub.load':
      execCode(
        state,
        at,
        "torch.hub.load (runs the repository's hubconf.py)",
        tagged(opaque('hubconf'), 'network', at.line, 'torch.hub.load'),
        undefined,
      );
      return UNKNOWN;
    default:
      break;
  }
  // A web request's body and parameters come from whoever sent it.
  if (
    /^(?:flask\.request|request|fastapi\.Request|req)\.(?:get_data|get_json|data|json|form|args|values|files|body|stream)\b/.test(
      name,
    )
  )
    return tagged(opaque(name), 'network', at.line, `${name} (a web request)`);
  // SQL that destroys a database, run through any driver's execute/query call.
  if (/(?:^|\.)(?:execute|executescript|executemany|exec|query|run|raw|sql)$/.test(name)) {
    const sql = call.args.find((a) => /\bDROP\s+(?:DATABASE|SCHEMA)\b/i.test(a.text));
    if (sql)
      state.effects.push({
        kind: 'wipe',
        line: at.line,
        col: at.col,
        what: `SQL: ${/DROP\s+\w+|TRUNCATE|DELETE\s+FROM/i.exec(sql.text)![0]}`,
        data: sql,
        target: sql,
      });
  }
  if (!name.startsWith('().') || !recv) return undefined;
  const method = name.slice(3);
  switch (method) {
    case 'decode':
    case 'toString':
    case 'encode':
    case 'strip':
    case 'trim':
    case 'lower':
    case 'upper':
    case 'rstrip':
    case 'lstrip':
    case 'text':
    case 'json':
    case 'read':
    case 'content':
    case 'arrayBuffer':
    case 'readAll':
      if (method === 'decode' || method === 'toString') {
        const enc = (a0.text ?? '').toLowerCase();
        if (/rot.?13/.test(enc))
          return tagged(
            retext(recv, recv.exact ? rot13(recv.text) : undefined),
            'decoded',
            at.line,
            `.decode('${enc}')`,
          );
        if (/^(?:base64|hex)$/.test(enc) && method === 'toString') return recv;
      }
      return {
        text: recv.text,
        exact: recv.exact && /^(?:decode|toString|encode|strip|trim|text)$/.test(method),
        origins: recv.origins,
        via: recv.via,
      };
    case 'reverse':
    case 'reversed':
      return tagged(retext(recv, recv.exact ? reversed(recv.text) : undefined), 'reversed', at.line, `.${method}()`);
    case 'join': {
      const [list, sep] = call.lang === 'python' ? [a0, recv] : [recv, call.args[0] ?? lit(',')];
      if (list.items) return concat(list.items.flatMap((v, i) => (i && sep.text ? [lit(sep.text), v] : [v])));
      return { text: list.text, exact: list.exact && sep.text === '', origins: list.origins, via: list.via };
    }
    case 'joinpath':
      return joinPath([recv, ...call.args]);
    case 'rglob':
    case 'glob':
    case 'walk':
    case 'iterdir':
    case 'scandir':
      return { ...recv, text: `${recv.text}/**`, exact: false, items: undefined, ref: undefined } as Val;
    case 'with_suffix':
    case 'with_name':
    case 'resolve':
    case 'absolute':
    case 'expanduser':
      return { text: recv.text, exact: false, origins: recv.origins, via: recv.via };
    case 'unlink':
    case 'rmdir':
      if (/^(?:~|\/|\$)/.test(recv.text))
        state.effects.push({
          kind: 'delete',
          line: at.line,
          col: at.col,
          what: `.${method}()`,
          data: recv,
          target: recv,
          recursive: /\/\*\*/.test(recv.text),
        });
      return UNKNOWN;
    case 'write_text':
    case 'write_bytes':
      state.files.set(recv.text, a0);
      state.effects.push({ kind: 'write', line: at.line, col: at.col, what: `.${method}()`, data: a0, target: recv });
      return UNKNOWN;
    case 'read_text':
    case 'read_bytes':
      return state.files.get(recv.text) ?? readPath(recv, at);
    case 'split':
    case 'replace':
    case 'replaceAll':
    case 'format':
    case 'concat':
    case 'translate':
    case 'map':
    case 'slice':
    case 'substring':
    case 'substr': {
      if (method === 'replace' || method === 'replaceAll') {
        const text =
          recv.exact && call.args[0]?.exact && call.args[1]?.exact
            ? recv.text.split(call.args[0]!.text).join(call.args[1]!.text)
            : undefined;
        return retext(merge([recv, ...call.args.slice(1)]), text);
      }
      if (method === 'format' && recv.exact)
        return concat(
          recv.text.split(/\{[^{}]*\}/).flatMap((s, i) => (i ? [call.args[i - 1] ?? UNKNOWN, lit(s)] : [lit(s)])),
        );
      if (method === 'split' && recv.exact && a0.text === '') return recv;
      return merge([recv, ...call.args]);
    }
    default:
      return undefined;
  }
}

function joinPath(args: readonly Val[]): Val {
  const parts: Val[] = [];
  args.forEach((a, i) => {
    if (i > 0 && !parts.at(-1)?.text.endsWith('/')) parts.push(lit('/'));
    parts.push(a);
  });
  return concat(parts);
}
