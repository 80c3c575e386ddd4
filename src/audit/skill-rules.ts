/**
 * Rules about the skill as a whole: what its frontmatter grants and claims
 * (unrestricted allowed-tools, a read-only claim its tools or scripts
 * contradict, a description that claims every task) and what its folder
 * holds (compiled executables, symlinks leaving it, look-alike names, long
 * encoded blobs in scripts, files too large to scan). Pure.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { mixedScripts, nameSkeleton } from '../parse/name-safety.js';
import { finding, isScript, isTeaching, quote, shownPath, type AuditFile, type AuditInput } from './input.js';
import { claimsToReplace, descriptionFindings, hiddenFindings } from './instructions.js';
import popular from './popular-skills.json' with { type: 'json' };
import { editDistance } from '../model/edit-distance.js';
import { firstOfAny } from './scan.js';
import type { Located } from './markdown.js';
import { gadgetFindings, pickleFindings } from './pickles.js';
import { copiedAs, shippedConfigFindings } from './shipped-config.js';
import { isCredentialPath, writeClass } from './code/targets.js';

/** Grants that let the agent run any command or use any tool without asking. */
const UNRESTRICTED =
  /^(?:Bash|Bash\(\s*\*\s*\)|Bash\(\s*\*?:\s*\*\s*\)|Bash\(\s*\)|\*|Shell|Shell\(\*\)|run_shell_command|terminal|PowerShell|PowerShell\(\*\))$/i;
/** A command grant whose program runs any code it is given: an interpreter, a shell or a wrapper, left open. */
const OPEN_RUNNER =
  /^(?:Bash|Shell|PowerShell)\(\s*(?:sudo\s+|env\s+)?(?:sh|bash|zsh|dash|ksh|fish|python[0-9.]{0,4}|node|nodejs|deno|bun|perl|ruby|php|pwsh|powershell|cmd|eval|exec|xargs|env|sudo|su|doas|nohup|timeout|watch|npx|bunx|uvx|uv\s+run|pipx\s+run|npm\s+exec|pnpm\s+(?:dlx|exec)|yarn\s+dlx|(?:docker|podman)\s+(?:run|exec)|kubectl\s+exec|ssh|busybox|lua|Rscript|tclsh|go\s+run|source|osascript|awk|find)(?:\s+-[ce])?\s*(?::\s*\*|\s\*|\*)?\s*\)$/i;
/** Tools that change files. */
const WRITING_TOOLS =
  /^(?:Write|Edit|MultiEdit|NotebookEdit|Bash|Bash\(\s*\*?:?\s*\*?\s*\)|\*|write_file|edit_file|replace|create_file)(?:\(.*\))?$/i;
/** A claim about the skill itself: "is read-only", "read-only analysis", "never modifies files". */
const READ_ONLY_CLAIM =
  /\bonly\s{1,4}reads?\b|\b(?:never|does\s{1,2}not|doesn't|will\s{1,2}not|won't)\s{1,4}(?:changes?|modif(?:y|ies)|deletes?|alters?|edits?|writes?)\s{1,4}(?:them|it|anything|your\s{1,4}\w{1,20})\b|\b(?:is|are|stays|remains|runs|operates|works|strictly|purely|fully|completely)\s{1,4}read[- ]only\b|\bread[- ]only\s{1,4}(?:analysis|mode|access|review|audit|inspection|operations?|skill|tool|investigation|checks?|exploration|diagnostics?)\b|^\s{0,4}read[- ]only\b|\(read[- ]only\)|\b(?:never|does\s{1,2}not|doesn't|will\s{1,2}not|won't|must\s{1,2}not)\s{1,4}(?:modify|modifies|change|changes|write|writes|edit|edits|alter|alters)\s{1,4}(?:any\s{1,4})?(?:files?|code|anything|the\s{1,4}(?:repo|repository|codebase|project))\b|\bno\s{1,4}(?:side[- ]effects|file\s{1,4}(?:changes|modifications|writes))\b|\bwithout\s{1,4}(?:modifying|changing|writing\s{1,4}to)\s{1,4}(?:any\s{1,4})?(?:files?|code|the\s{1,4}(?:repo|repository|codebase))\b/i;
const SCRIPT_WRITES: readonly RegExp[] = [
  /\brm\s{1,4}-|\bgit\s{1,4}(?:commit|push|reset\s{1,4}--hard|checkout\s{1,4}--)\b|\bmv\s{1,4}\S|\bsed\s{1,4}-i\b/,
  /\bopen\s{0,4}\([^\n)]{0,200},\s{0,4}["'](?:w|a|x|wb|ab|r\+|w\+)["']/,
  /\b(?:writeFileSync|writeFile|appendFileSync|appendFile|unlinkSync|rmSync|mkdirSync)\s{0,4}\(|\.write_(?:text|bytes)\s{0,4}\(|\bos\.(?:remove|unlink|rename|makedirs)\s{0,4}\(|\bshutil\.(?:rmtree|move|copy\w{0,8})\s{0,4}\(/,
  /\b(?:requests|httpx|session|client)\.(?:delete|put|patch|post)\s{0,4}\(|-X\s{0,2}(?:DELETE|PUT|PATCH|POST)\b|method\s{0,2}[:=]\s{0,2}["'](?:DELETE|PUT|PATCH)|\bgit\s{1,4}push\b|\bnpm\s{1,4}(?:update|install|i)\b[^\n]{0,40}--save|\bgit\s{1,4}commit\b/,
];
/** Output redirection to a file, in shell scripts only (`->` in Python is a type hint). */
const SHELL_REDIRECT = /(?:^|[\s;])(?:[1]?>{1,2})\s{0,4}(?!&|\/dev\/)["']?[\w.$~{}/-]{1,200}/;
const SHELL_SCRIPT = /\.(?:sh|bash|zsh|ksh|fish)$/i;
/** A base64 or hex run this long in a script is an opaque payload. */
const BLOB_BASE64 = 1024;
const BLOB_HEX = 2048;

/** Executable magic numbers: ELF, Mach-O (both byte orders, 32/64, fat), PE. */
function executableKind(head: Uint8Array | undefined): string | undefined {
  if (!head || head.length < 4) return undefined;
  const [a, b, c, d] = head;
  if (a === 0x7f && b === 0x45 && c === 0x4c && d === 0x46) return 'an ELF executable';
  const be = ((a! << 24) | (b! << 16) | (c! << 8) | d!) >>> 0;
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(be)) return 'a Mach-O executable';
  // 0xcafebabe is also a Java class file; a fat Mach-O has a small architecture count next.
  if (
    be === 0xcafebabe &&
    head.length >= 8 &&
    head[4] === 0 &&
    head[5] === 0 &&
    head[6] === 0 &&
    head[7]! > 0 &&
    head[7]! < 20
  )
    return 'a Mach-O universal executable';
  if (a === 0x4d && b === 0x5a && head.length >= 0x40) {
    const pe = head[0x3c]! | (head[0x3d]! << 8) | (head[0x3e]! << 16) | (head[0x3f]! << 24);
    if (
      pe > 0 &&
      pe + 4 <= head.length &&
      head[pe] === 0x50 &&
      head[pe + 1] === 0x45 &&
      head[pe + 2] === 0 &&
      head[pe + 3] === 0
    )
      return 'a Windows PE executable';
  }
  return undefined;
}

/** The 1-based line and column of the first line of `text` that matches `re` (frontmatter keys). */
function lineOf(text: string | undefined, re: RegExp): { line: number; column: number } {
  if (text === undefined) return { line: 0, column: 0 };
  let i = 0;
  for (const line of firstLines(text, 200)) {
    i++;
    const m = re.exec(line);
    if (m) return { line: i, column: m.index + 1 };
  }
  return { line: 0, column: 0 };
}

/** The first `max` lines of `text` (as `split('\n', max)` gives them), cut one at a time as they are read. */
function* firstLines(text: string, max: number): Generator<string> {
  let start = 0;
  for (let i = 0; i < max; i++) {
    const end = text.indexOf('\n', start);
    yield text.slice(start, end < 0 ? text.length : end);
    if (end < 0) return;
    start = end + 1;
  }
}

/**
 * Frontmatter and folder findings for one skill.
 *
 * @example
 * skillFindings({ dir: 's', skillFile: 'SKILL.md', allowedTools: ['Bash'],
 * files: [] })[0].code // 'security.unrestricted-tools'
 */
export function skillFindings(input: AuditInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  const skillText = input.files.find((f) => f.path === input.skillFile)?.text;
  const skillShown = shownPath(input.dir, input.skillFile);
  const tools = input.allowedTools ?? [];
  const toolsAt = tools.length > 0 ? lineOf(skillText, /^allowed-tools\s{0,4}:/) : { line: 0, column: 0 };
  for (const tool of tools) {
    const open = OPEN_RUNNER.test(tool.trim());
    const wrapper = wrapperScript(tool.trim(), input.files);
    if (!UNRESTRICTED.test(tool.trim()) && !open && !wrapper) continue;
    const place = toolLine(skillText, toolsAt, tool.trim());
    // Root for any command, or eval of any text, is never what a task needs.
    const root = /^(?:Bash|Shell)\(\s*(?:sudo|su|doas|eval)\b/i.test(tool.trim()) || wrapper !== undefined;
    const why = wrapper
      ? `runs ${wrapper}, which executes whatever arguments it is given`
      : open
        ? 'a program that runs whatever code it is given, so any command'
        : 'any command, without asking';
    out.push(
      finding(
        'security.unrestricted-tools',
        skillShown,
        place.line,
        place.column,
        `allowed-tools grants "${quote(tool, 40)}": ${why}`,
        root ? 'error' : 'warning',
      ),
    );
  }
  const description = input.description ?? '';
  const descAt = lineOf(skillText, /^description\s{0,4}:/);
  if (description !== '') out.push(...descriptionFindings(description, skillShown, descAt.line, descAt.column));
  if (skillText !== undefined)
    out.push(...hiddenFindings(frontmatterText(skillText), skillShown, 'in a front-matter field hosts do not show'));
  // A description that is a long list of keywords claims every topic to win routing; asking, as well,
  // to be used whenever one of them comes up leaves no doubt.
  const keywords = keywordCount(description);
  if (keywords > 0) {
    const asks = out.some((d) => d.code === 'security.trigger-hijack' && d.line === descAt.line);
    out.push(
      finding(
        'security.trigger-hijack',
        skillShown,
        descAt.line,
        descAt.column,
        `the description is a list of ${keywords} keywords, which claims every topic${asks ? ', and asks to be used for them' : ''}`,
        asks ? 'error' : 'warning',
      ),
    );
  }
  const claim = READ_ONLY_CLAIM.exec(description);
  if (claim) {
    const writers: string[] = tools.filter((t) => WRITING_TOOLS.test(t.trim())).map((t) => `allowed-tools ${t}`);
    const c = input.composition;
    if (c) {
      writers.push(...c.tools.filter((t) => t.writes).map((t) => `tool ${t.name}`));
      writers.push(...c.inlineTools.filter((t) => t.writes).map((_t, i) => `inline tool ${i + 1}`));
      for (const m of c.mcp) writers.push(...m.tools.filter((t) => t.writes).map((t) => `mcp:${m.server}/${t.name}`));
    }
    for (const f of input.files) {
      if (!isScript(f) || f.text === undefined) continue;
      const shell = SHELL_SCRIPT.test(f.path) || /^#!\S{0,40}\b(?:ba|z|k|da)?sh\b/.test(f.text);
      const writes = (l: string): boolean =>
        firstOfAny(l, SCRIPT_WRITES) !== undefined || (shell && firstOfAny(l, [SHELL_REDIRECT]) !== undefined);
      if (f.text.split('\n').some((l) => !/^\s{0,40}(?:#|\/\/)/.test(l) && writes(l))) writers.push(`script ${f.path}`);
    }
    // Commands SKILL.md itself tells the agent to run count as what the skill does.
    const told = (skillText ?? '')
      .split('\n')
      .find(
        (l) =>
          /`[^`]{2,200}`|^\s{0,4}(?:\$\s)?(?:git|npm|sed|rm|mv|curl)\b/.test(l) &&
          firstOfAny(l, SCRIPT_WRITES) !== undefined,
      );
    if (told) writers.push(`instructions "${quote(told.trim(), 40)}"`);
    if (writers.length > 0) {
      // The claim is what a reviewer trusted: scripts or instructions that write break it outright.
      const acts = writers.some((w) => w.startsWith('script') || w.startsWith('instructions'));
      out.push(
        finding(
          'security.read-only-mismatch',
          skillShown,
          descAt.line,
          descAt.column,
          `the description says "${quote(claim[0], 40)}" but the skill writes: ${writers.slice(0, 4).join(', ')}${writers.length > 4 ? ', …' : ''}`,
          acts ? 'error' : 'warning',
        ),
      );
    }
  }
  if (input.name !== undefined)
    out.push(...nameFindings(input.name, input.otherNames ?? [], skillShown, lineOf(skillText, /^name\s{0,4}:/)));
  for (const f of input.files) out.push(...fileFindings(f, input, skillText ?? ''));
  return out;
}

/** A granted script that runs its own arguments as a command (`eval "$@"`): the grant is unrestricted. */
function wrapperScript(tool: string, files: readonly AuditFile[]): string | undefined {
  const m =
    /^(?:Bash|Shell)\(\s*(?:bash\s+|sh\s+|python3?\s+|node\s+)?\.?\/?([\w./-]{1,200}?)(?:\s*:\s*\*|\s+\*)?\s*\)$/i.exec(
      tool,
    );
  if (!m || !m[1]!.includes('/')) return undefined;
  const script = files.find((f) => f.path === m[1]!.replace(/^\.\//, ''));
  if (!script?.text) return undefined;
  return /\b(?:eval|exec)\s{1,4}["']?\$[@*1-9]|\b(?:ba)?sh\s{1,4}-c\s{1,4}["']?\$[@*1-9]|^\s{0,8}["']?\$[@*]["']?\s*$|(?:os\.system|subprocess\.\w+|exec|eval)\s{0,2}\([^\n]{0,40}sys\.argv|child_process[^\n]{0,80}process\.argv|execSync\(\s{0,2}process\.argv/m.test(
    script.text,
  )
    ? script.path
    : undefined;
}

function nameFindings(
  name: string,
  others: readonly string[],
  file: string,
  at: { line: number; column: number },
): Diagnostic[] {
  const scripts = mixedScripts(name);
  if (scripts)
    return [
      finding(
        'security.lookalike-name',
        file,
        at.line,
        at.column,
        `the name "${quote(name, 64)}" mixes scripts (${scripts.join(', ')})`,
      ),
    ];
  const twin = lookalikeTwin(name, others);
  if (twin !== undefined)
    return [
      finding(
        'security.lookalike-name',
        file,
        at.line,
        at.column,
        `the name "${quote(name, 64)}" reads like the skill "${quote(twin, 64)}"`,
      ),
    ];
  const famous = popularTwin(name);
  if (famous)
    return [
      finding(
        'security.lookalike-name',
        file,
        at.line,
        at.column,
        `the name "${quote(name, 64)}" reads like the widely installed skill "${famous}"`,
      ),
    ];
  return [];
}

/**
 * Another skill's name among `others` that reads like `name` (same skeleton, other spelling), when
 * the name is in one script: the only finding of one skill that depends on the others.
 *
 * @example lookalikeTwin('pdf-too1s', ['pdf-tools']) // 'pdf-tools'
 */
export function lookalikeTwin(name: string, others: readonly string[]): string | undefined {
  if (mixedScripts(name)) return undefined;
  const skeleton = nameSkeleton(name);
  if (skeleton === name) return undefined;
  return skeletonIndex(others)
    .get(skeleton)
    ?.find((o) => o !== name);
}

/**
 * A skill that takes a widely installed skill's own name and says it replaces other copies: the agent
 * that lists both loads this one for every task meant for the original.
 */
export function shadowFindings(input: AuditInput, found: readonly Diagnostic[]): Diagnostic[] {
  const name = input.name?.toLowerCase();
  const claim = name !== undefined && POPULAR_SET.has(name) ? found.find(claimsToReplace) : undefined;
  if (!claim) return [];
  return [
    finding(
      'security.lookalike-name',
      claim.file,
      claim.line,
      claim.column,
      `takes the name of the widely installed skill "${name}" and claims to replace other copies of it`,
      'error',
    ),
  ];
}

/** Digits and separators that stand in for letters in look-alike names. */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  _: '-',
  '.': '-',
  ' ': '-',
};
const POPULAR: readonly string[] = popular.names;
const POPULAR_SET: ReadonlySet<string> = new Set(POPULAR);

/**
 * A widely installed skill's name that `name` imitates (one or two edits away, or the same once digits read as
 * letters).
 */
function popularTwin(name: string): string | undefined {
  const n = name.toLowerCase();
  if (POPULAR_SET.has(n)) return undefined;
  const folded = [...nameSkeleton(n)]
    .map((c) => LEET[c] ?? c)
    .join('')
    .replace(/-{2,}/g, '-');
  for (const p of POPULAR) {
    // Perf: a look-alike keeps the length and at least one end of the name it imitates.
    if (Math.abs(p.length - n.length) > 2 || (p[0] !== folded[0] && p.at(-1) !== folded.at(-1))) continue;
    if (folded === p) return p;
    // Short names differ from each other by one letter too often (docs, pdf, pptx): only long ones count.
    const limit = p.length >= 12 ? 2 : p.length >= 7 ? 1 : 0;
    if (
      limit > 0 &&
      Math.abs(p.length - n.length) <= limit &&
      editDistance(folded, p) <= limit &&
      !n.startsWith(`${p}-`) &&
      !p.startsWith(`${n}-`)
    )
      return p;
  }
  return undefined;
}

/**
 * The names of a catalog by skeleton, made once per list: every skill of a
 * run is checked against the same list, and comparing each with every other
 * would be quadratic (100,000 skills: 10^10 skeletons).
 */
const skeletons = new WeakMap<readonly string[], ReadonlyMap<string, readonly string[]>>();
function skeletonIndex(names: readonly string[]): ReadonlyMap<string, readonly string[]> {
  let index = skeletons.get(names);
  if (index === undefined) {
    const built = new Map<string, string[]>();
    for (const n of names) {
      const k = nameSkeleton(n);
      const list = built.get(k);
      if (list) list.push(n);
      else built.set(k, [n]);
    }
    skeletons.set(names, built);
    index = built;
  }
  return index;
}

function fileFindings(f: AuditFile, input: AuditInput, skill: string): Diagnostic[] {
  const dir = input.dir;
  const shown = shownPath(dir, f.path);
  if (f.kind === 'symlink') {
    if (!f.escapes) return [];
    const absolute = f.target !== undefined && (f.target.startsWith('/') || /^[A-Za-z]:[\\/]/.test(f.target));
    const t = f.target ?? '';
    // A link that climbs out to a credential store or a home folder reads the user's secrets; one to
    // the agent's settings or instructions, or to a whole folder above the skill (its siblings), lets
    // an edit through it reach them.
    const reach =
      isCredentialPath(t) || /(?:^|\/)\.\.\/(?:\.\.\/){1,}(?:\.[\w-]+|home|Users|root|etc)\b/.test(t)
        ? ', to a credential store or a home folder'
        : writeClass(t) !== undefined || /(?:^|\/)settings(?:\.local)?\.json$/.test(t)
          ? ", to the agent's settings or instructions"
          : /^(?:\.\.\/?)+$/.test(t)
            ? ', to a whole folder above the skill'
            : '';
    return [
      finding(
        'security.symlink-escape',
        shown,
        0,
        0,
        `symlink to "${quote(t || '?', 120)}", outside the skill folder${reach}`,
        absolute || reach ? 'error' : 'warning',
      ),
    ];
  }
  if (f.unscanned) {
    const why =
      f.unscanned === 'too-large'
        ? `too large to scan (${f.size} bytes)`
        : f.unscanned === 'budget'
          ? "past the skill's scan budget"
          : 'unreadable';
    return [finding('security.file-unscanned', shown, 0, 0, `not audited: ${why}`)];
  }
  // A template the instructions copy into place is judged as the file it becomes.
  const copies = f.path === input.skillFile ? [] : copiedAs(skill, f.path);
  // `requirements.txt.tmpl` is rendered to `requirements.txt`.
  const rendered = f.path.replace(/\.(?:tmpl|tpl|template|j2|jinja2?|example|sample|dist)$/i, '');
  if (rendered !== f.path) copies.push(rendered);
  const pickled = [
    ...pickleFindings(f, shown),
    ...gadgetFindings(f, input, shown),
    ...([f.path, ...copies].map((as) => shippedConfigFindings({ ...f, path: as }, shown)).find((x) => x.length > 0) ??
      []),
  ];
  if (pickled.length > 0) return pickled;
  const exe = executableKind(f.head);
  if (exe) return [binaryFinding(f, exe, input, shown)];
  if (f.text !== undefined && isScript(f)) return [...blobFindings(f.text, shown), ...disguisedFindings(f.text, shown)];
  return [];
}

/** What a script would not spell out: downloads, code runners and shells. */
const DISGUISED =
  /Net\.WebClient|Download(?:String|File|Data)|Invoke-(?:Expression|WebRequest|RestMethod)|FromBase64String|Start-Process|child_process|subprocess|os\.system|\beval\b|\bexec\b|powershell|cmd\.exe|\/bin\/(?:ba)?sh\b|https?:\/\/|\bcurl\b|\bwget\b/i;
/** Cmdlets a wildcard can stand for (`& (Get-Command 'I*e-Ex*')`). */
const RUNNERS = ['Invoke-Expression', 'Invoke-WebRequest', 'Invoke-RestMethod', 'Invoke-Command', 'Start-Process'];

/**
 * String literals that name a download or a code runner backwards (`'tneilCbeW.teN'`) or behind a
 * wildcard that hides it (`'I*e-Ex*'`): one is a warning, two in a script leave no doubt.
 */
function disguisedFindings(text: string, file: string): Diagnostic[] {
  const found: { line: number; column: number; what: string }[] = [];
  text.split('\n').forEach((l, i) => {
    if (!l.includes('"') && !l.includes("'")) return;
    for (const m of l.matchAll(/(['"])([^'"\n\\]{5,120})\1/g)) {
      const s = m[2]!;
      const back = [...s].reverse().join('');
      const glob = /[*?]/.test(s)
        ? new RegExp(
            `^${s
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '.*')
              .replace(/\?/g, '.')}$`,
            'i',
          )
        : undefined;
      const runner =
        glob && RUNNERS.find((r) => glob.test(r) && !s.toLowerCase().startsWith(r.slice(0, 6).toLowerCase()));
      const what = runner
        ? `"${quote(s, 40)}" stands for ${runner}`
        : DISGUISED.test(back) && !DISGUISED.test(s)
          ? `"${quote(s, 40)}" spells "${quote(back, 40)}" backwards`
          : undefined;
      if (what) found.push({ line: i + 1, column: m.index + 1, what });
    }
  });
  return found.map((x) =>
    finding(
      'security.decode-exec',
      file,
      x.line,
      x.column,
      `a name hidden from a reader: ${x.what}`,
      found.length >= 2 ? 'error' : 'warning',
    ),
  );
}

/** Long base64/hex runs in a script, by a linear scan (no regex backtracking). */
function blobFindings(text: string, file: string): Diagnostic[] {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      line++;
      lineStart = ++i;
      continue;
    }
    if (!isBase64(c)) {
      i++;
      continue;
    }
    let j = i;
    let hex = true;
    while (j < text.length && isBase64(text.charCodeAt(j))) {
      if (hex && !isHex(text.charCodeAt(j))) hex = false;
      j++;
    }
    const n = j - i;
    if (
      n >= (hex ? BLOB_HEX : BLOB_BASE64) &&
      !/data:[\w.+-]{1,40}\/[\w.+-]{1,60};base64,$/.test(text.slice(Math.max(lineStart, i - 80), i))
    ) {
      return [
        finding(
          'security.encoded-blob',
          file,
          line,
          i - lineStart + 1,
          `an encoded string of ${n} characters ("${quote(text.slice(i, i + 24), 30)}…")`,
        ),
      ];
    }
    i = j;
  }
  return [];
}

function isBase64(c: number): boolean {
  return (
    (c >= 0x30 && c <= 0x39) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x61 && c <= 0x7a) ||
    c === 0x2b ||
    c === 0x2f ||
    c === 0x3d
  );
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** Where `tool` is written in the `allowed-tools` value (the key's own line, or a list item below it). */
function toolLine(
  text: string | undefined,
  key: { line: number; column: number },
  tool: string,
): { line: number; column: number } {
  if (text === undefined || key.line === 0) return key;
  const lines = text.split('\n', key.line + 50);
  for (let i = key.line - 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (i >= key.line && (/^\S/.test(l) || l.startsWith('---'))) break;
    const at = l.indexOf(tool, i === key.line - 1 ? l.indexOf(':') + 1 : 0);
    if (at >= 0) return { line: i + 1, column: at + 1 };
  }
  return key;
}

/** Extensions a native executable or library honestly carries. */
const NATIVE_EXT = /(?:^|\/)[^./]+$|\.(?:exe|dll|so|dylib|bin|elf|out|app|com|o|node|sys)$/i;
/** Words of a line that runs or loads a program. */
const RUNS =
  /\b(?:run|runs|execute|executes|launch|launches|start|starts|invoke|exec|spawn|subprocess|system|chmod|rundll32|regsvr32|Start-Process|LoadLibrary|open\s+-a|sudo)\b|\.\/|&\s{0,2}["']?\$?\w/i;

/** What a launcher script does to a program it ships: makes it executable, lifts quarantine, detaches it. */
const LAUNCHES =
  /\bchmod\s{1,4}(?:[ugoa]*\+x|[0-7]?[0-7]?[1357][0-7]{1,2})\b|\bnohup\b|\bxattr\s{1,4}-[a-z]*d\s{1,4}com\.apple\.quarantine|\bsetsid\b|\bdisown\b/;

/**
 * An executable is an error when it hides (a name that says it is data or a script, a dot-folder) or
 * when the skill's own text runs it; a library or a binary the skill only carries warns.
 */
function binaryFinding(f: AuditFile, exe: string, input: AuditInput, shown: string): Diagnostic {
  const base = f.path.replace(/^.*\//, '');
  const disguised = !NATIVE_EXT.test(f.path);
  const hidden = /(?:^|\/)\.[^/]+\//.test(f.path) || base.startsWith('.');
  const library = /\.(?:so|dylib|dll|node)$/i.test(f.path);
  // A line naming it runs it, or a script naming it launches programs (`SRC=…/x.bin; chmod 755 "$D"; nohup "$D" &`).
  const run =
    !library &&
    input.files.some(
      (o) =>
        o.text !== undefined &&
        o !== f &&
        o.text.includes(base) &&
        (o.text.split('\n').some((l) => l.includes(base) && RUNS.test(l)) || (isScript(o) && LAUNCHES.test(o.text))),
    );
  const severe = !isTeaching(f.path) && (disguised || hidden || run);
  const why = disguised
    ? ', named as if it were not a program'
    : hidden
      ? ', hidden in a dot-folder'
      : run
        ? ', and the skill runs it'
        : '';
  return finding(
    'security.binary-executable',
    shown,
    0,
    0,
    `${exe} (${f.size} bytes) that cannot be reviewed${why}`,
    severe ? 'error' : 'warning',
  );
}

/** Keys whose values hosts show or grant with, read by rules of their own (continuation lines included). */
const OWN_KEYS =
  /^(?:name|description|allowed-tools|license|version|compatibility|argument-hint|model|when[-_]to[-_]use)$/;

/**
 * The text of the front matter's other fields (metadata, notes, hints): hosts rarely show them, so an
 * instruction written there is one the user does not see.
 */
function frontmatterText(text: string): Located[] {
  const out: Located[] = [];
  if (!/^---\r?\n/.test(text)) return out;
  let own = false;
  let i = -1;
  for (const raw of firstLines(text, 400)) {
    if (++i === 0) continue;
    const line = raw.replace(/\r$/, '');
    if (/^(?:---|\.\.\.)\s*$/.test(line)) break;
    const top = /^([\w.-]{1,80})\s{0,4}:/.exec(line);
    if (top) own = OWN_KEYS.test(top[1]!);
    if (own || !/\S/.test(line)) continue;
    const value = line.replace(/^\s{0,40}(?:-\s{1,4})?(?:[\w.-]{1,80}\s{0,4}:\s?)?/, '');
    if (value.length >= 12) out.push({ line: i + 1, column: line.length - value.length + 1, text: value });
  }
  return out;
}

/** Words that hold a sentence together in the languages descriptions are written in. */
const FUNCTION_WORDS = new Set(
  (
    'a an the and or of to in on for with by from as at is are be when use this that it its your you any all ' +
    'der die das und oder mit für bei von zu im ein eine den dem des wenn ist el la los las y o del con para en ' +
    'un una cuando le les et ou des du avec pour une quand os as e do da com em um uma'
  ).split(' '),
);

/**
 * How many keywords a description lists, or 0: 35 short items between commas, or a run of 20 words
 * with no punctuation and no word that makes a sentence.
 */
function keywordCount(description: string): number {
  const items = description.split(/[,;|]/).filter((w) => w.trim() !== '' && w.trim().split(/\s+/).length <= 2);
  if (items.length >= 35) return description.split(/[,;|]/).length;
  let run = 0;
  let longest = 0;
  for (const w of description.split(/\s+/)) {
    run = /[.,;:!?()"]/.test(w) || FUNCTION_WORDS.has(w.toLowerCase()) ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest >= 20 ? longest : 0;
}
