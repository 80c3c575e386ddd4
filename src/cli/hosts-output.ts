// The human output of `skillgraph hosts`; everything fits 80 columns.
import { LISTED, type HostsDocument } from '../tasks/hosts.js';
import type { HostEvaluation, HostSkill, Verdict } from '../hosts/evaluate.js';
import { charWidth, cutToWidth, displayWidth, padEndWidth } from '../model/width.js';

const WIDTH = 80;

function clip(line: string, width = WIDTH): string {
  if (displayWidth(line) <= width) return line;
  let out = '';
  let used = 0;
  for (const ch of line) {
    const w = charWidth(ch.codePointAt(0)!);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return `${out}…`;
}

export const VERDICT_MARKS: Readonly<Record<Verdict, string>> = Object.freeze({
  shown: 'S',
  shortened: 's',
  'name-only': 'n',
  hidden: 'h',
  shadowed: 'x',
  refused: 'r',
  'not-discovered': '.',
});

const SHORT: Readonly<Record<string, string>> = Object.freeze({
  'claude-code': 'cc',
  codex: 'cx',
  copilot: 'cp',
  gemini: 'gm',
  opencode: 'oc',
  'openai-agents': 'oa',
  vscode: 'vs',
  cursor: 'cu',
  goose: 'go',
  windsurf: 'ws',
});

/** Relative to the project, or under `~`. */
export function shownPath(path: string, doc: Pick<HostsDocument, 'project' | 'home'>): string {
  if (path.startsWith(`${doc.project}/`)) return path.slice(doc.project.length + 1);
  if (path.startsWith(`${doc.home}/`)) return `~/${path.slice(doc.home.length + 1)}`;
  return path;
}

function count(h: HostEvaluation, verdict: Verdict): number {
  return h.skills.filter((s) => !s.bundled && s.verdict === verdict).length;
}

export function hostsText(doc: HostsDocument): string {
  const out: string[] = [
    `project ${doc.project}${doc.gitRoot && doc.gitRoot !== doc.project ? ` (repository ${doc.gitRoot})` : ''}`,
    `home    ${doc.home}`,
    '',
  ];
  out.push(
    padEndWidth('host', 14) +
      ['shown', 'short', 'names', 'hidden', 'shadow', 'refused', 'unseen'].map((h) => h.padStart(8)).join(''),
  );
  for (const h of doc.hosts) {
    const cells = (['shown', 'shortened', 'name-only', 'hidden', 'shadowed', 'refused', 'not-discovered'] as const).map(
      (v) => String(count(h, v)).padStart(8),
    );
    out.push(clip(padEndWidth(h.host, 14) + cells.join('')));
    if (h.budget) {
      const names =
        h.budget.namesLimit === undefined
          ? ''
          : `; names ${h.budget.namesUsed ?? 0}/${h.budget.namesLimit.toLocaleString('en')}`;
      out.push(
        clip(
          `${' '.repeat(14)}budget ${h.budget.used.toLocaleString('en')}/${h.budget.limit.toLocaleString('en')}` +
            ` ${h.budget.unit}${names}`,
        ),
      );
    }
  }
  out.push('', ...matrix(doc));
  const warnings = doc.hosts.flatMap((h) => h.warnings.map((w) => `${h.host}: ${w}`));
  if (warnings.length > 0) out.push('', 'not fixed by the agent:', ...warnings.flatMap((w) => wrap(w, WIDTH, '  ')));
  const overlaps = doc.hosts.flatMap((h, i) =>
    (doc.overlaps[i] ?? []).map((p) => `${h.host}: ${p.a.name} ~ ${p.b.name} (${p.score}: ${p.terms.join(', ')})`),
  );
  if (overlaps.length > 0)
    out.push(
      '',
      'competing for the same requests (routing.overlap):',
      ...overlaps.flatMap((w) => wrap(w, WIDTH, '  ')),
    );
  if (doc.unreachable.length > 0)
    out.push(
      '',
      `listed by none of these agents: ${doc.unreachable.length}`,
      ...doc.unreachable.map((p) => clip(`  ${shownPath(p, doc)}`)),
    );
  return `${out.join('\n')}\n`;
}

/** One row per canonical file. */
function matrix(doc: HostsDocument): string[] {
  const rows = new Map<string, { path: string; marks: Map<string, string> }>();
  for (const h of doc.hosts) {
    for (const s of h.skills) {
      if (s.bundled || s.real === undefined) continue;
      const row = rows.get(s.real) ?? { path: s.path, marks: new Map<string, string>() };
      const mark = VERDICT_MARKS[s.verdict];
      // A file reached by two paths keeps the agent's best verdict.
      const prev = row.marks.get(h.host);
      if (prev === undefined || rank(mark) < rank(prev)) row.marks.set(h.host, mark);
      rows.set(s.real, row);
    }
  }
  if (rows.size === 0) return ['no skill files found'];
  const nameWidth = WIDTH - 3 * doc.hosts.length;
  const head =
    padEndWidth('skill', nameWidth) + doc.hosts.map((h) => ` ${SHORT[h.host] ?? h.host.slice(0, 2)}`).join('');
  const body = [...rows.values()]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(
      (r) =>
        padEndWidth(cutToWidth(shownPath(r.path, doc).replace(/\/SKILL\.md$/, ''), nameWidth - 1), nameWidth) +
        doc.hosts.map((h) => `  ${r.marks.get(h.host) ?? '.'}`).join(''),
    );
  const legend = 'S shown, s shortened, n name only, h hidden, x shadowed, r refused, . unseen';
  return [head, ...body, '', legend];
}

const ORDER = 'Ssnhxr.';
function rank(mark: string): number {
  return ORDER.indexOf(mark);
}

/** `--why SKILL`: each agent's verdict for the skills named (or in a folder named) `skill`. */
export function whyText(doc: HostsDocument, skill: string): string {
  const matches = (s: HostSkill): boolean => s.name === skill || s.path.split('/').at(-2) === skill;
  const out: string[] = [];
  for (const h of doc.hosts) {
    const hits = h.skills.filter(matches);
    out.push(`${h.host}${h.version ? ` ${h.version}` : ' (documented)'}`);
    if (hits.length === 0) out.push(`  no skill named ${skill} in its folders`);
    for (const s of hits) {
      const where = s.bundled ? 'shipped with the agent' : shownPath(s.path, doc);
      out.push(...wrap(`${s.verdict} ${s.name || '(no name)'}: ${where}`, WIDTH, '  '));
      if (LISTED.has(s.verdict))
        out.push(...wrap(s.description ? `sees: ${s.description}` : 'sees the name only', WIDTH, '    '));
      if (s.winner) out.push(...wrap(`winner: ${shownPath(s.winner, doc)}`, WIDTH, '    '));
      if (s.nondeterministic)
        out.push(...wrap('not fixed: which copy the agent lists can change from run to run', WIDTH, '    '));
      if (s.reason) out.push(...wrap(`why: ${s.reason}${s.rule ? ` [${s.rule}]` : ''}`, WIDTH, '    '));
    }
  }
  return `${out.join('\n')}\n`;
}

function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && displayWidth(`${indent}${line} ${word}`) > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines.map((l) => clip(l, width));
}
