/**
 * The reference scan written the plain way, as the oracle for src/routing/references.ts: every line is
 * cut out and searched with the same patterns, fences toggled as they come.
 */
import type { Reference } from '../../src/routing/index.js';

const INLINE_LINK = /\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g;
const REF_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s.*)?$/;
const FENCE = /^\s{0,3}(```|~~~)/;
const NAME = '[a-z0-9]+(?:-[a-z0-9]+)*';
const SIGIL_MENTION = new RegExp(`(?<=^|[\\s(\\[\`"'*_])((?:[/$]|${NAME}:)(${NAME}))(?![\\w/-]|\\.\\w)`, 'g');
const PROSE_MENTION = new RegExp(`(?:\\bthe\\s+[\`*"']{0,2}(${NAME})[\`*"']{0,2}|\`(${NAME})\`)\\s+skill\\b`, 'gi');
const LINE_LIMIT = 16 * 1024;

export function _lineScan(text: string): Reference[] {
  const out: Reference[] = [];
  let inFence = false;
  text.split('\n').forEach((raw, i) => {
    if (FENCE.test(raw)) {
      inFence = !inFence;
      return;
    }
    if (inFence || raw.length > LINE_LIMIT) return;
    const s = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const line = i + 1;
    const found: Reference[] = [];
    for (const m of s.matchAll(INLINE_LINK))
      found.push({ kind: 'link', target: m[1]!, text: m[1]!, line, column: m.index + m[0].indexOf(m[1]!) + 1 });
    const def = REF_DEFINITION.exec(s);
    if (def) found.push({ kind: 'link', target: def[1]!, text: def[1]!, line, column: s.indexOf(def[1]!) + 1 });
    for (const m of s.matchAll(SIGIL_MENTION)) {
      if (s[m.index - 1] === '(' && s[m.index - 2] === ']') continue;
      if (!m[1]!.startsWith('$') && !m[2]!.includes('-')) continue;
      found.push({ kind: 'mention', target: m[2]!, text: m[1]!, line, column: m.index + 1 });
    }
    for (const m of s.matchAll(PROSE_MENTION))
      found.push({ kind: 'mention', target: (m[1] ?? m[2]!).toLowerCase(), text: m[0], line, column: m.index + 1 });
    out.push(...found.sort((a, b) => a.column - b.column));
  });
  return out;
}
