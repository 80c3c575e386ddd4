// Which copy of a name an agent keeps. For a race a representative is chosen and reported as not fixed.
import { byteOrder } from '../model/order.js';
import type { HostRead } from './dialect.js';
import type { HostFile, HostSkill } from './evaluate.js';
import type { ResolvedRoot } from './roots.js';
import type { HostModel } from './types.js';

export interface Copy {
  readonly file: HostFile;
  readonly read: Extract<HostRead, { ok: true }>;
  readonly root: ResolvedRoot;
}

/** `at`: the copy whose place in the load order it takes (Gemini keeps the first place). */
export interface Winner {
  readonly copy: Copy;
  readonly at: Copy;
  readonly nondeterministic: boolean;
}

export interface Chosen {
  readonly winners: readonly Winner[];
  readonly shadowed: readonly HostSkill[];
  readonly unlisted: readonly HostSkill[];
  readonly warnings: readonly string[];
}

const loadOrder = (a: Copy, b: Copy): number => a.file.root - b.file.root || byteOrder(a.file.inRoot, b.file.inRoot);

/** The copies `model` keeps, in load order. */
export function chooseCopies(model: HostModel, copies: readonly Copy[]): Chosen {
  const rule = model.precedence.rule;
  const byName = new Map<string, Copy[]>();
  for (const c of [...copies].sort(loadOrder)) {
    const list = byName.get(c.read.name) ?? [];
    list.push(c);
    byName.set(c.read.name, list);
  }
  const winners: Winner[] = [];
  const shadowed: HostSkill[] = [];
  const unlisted: HostSkill[] = [];
  const warnings: string[] = [];
  for (const [name, list] of byName) {
    if (rule === 'all' || list.length === 1) {
      for (const c of list) winners.push({ copy: c, at: c, nondeterministic: false });
      continue;
    }
    const winner = rule === 'last' ? list.at(-1)! : list[0]!;
    const sameRoot = list.filter((c) => c.file.root === winner.file.root).length > 1;
    const nondeterministic = rule === 'race' || (model.precedence.withinRoot === 'filesystem' && sameRoot);
    winners.push({ copy: winner, at: rule === 'last' ? list[0]! : winner, nondeterministic });
    if (nondeterministic) {
      const why =
        rule === 'race'
          ? 'every copy is parsed at once and the last to finish wins'
          : 'copies in one folder are read in file-system order';
      warnings.push(`${name}: ${list.length} copies, and which one the agent lists is not fixed (${why})`);
    }
    for (const c of list) {
      if (c === winner) continue;
      const identical = c.file.real === winner.file.real || (c.file.text !== null && c.file.text === winner.file.text);
      shadowed.push({
        name,
        path: c.file.path,
        verdict: 'shadowed',
        description: '',
        winner: winner.file.path,
        rule: 'precedence',
        reason:
          `${rule === 'last' ? 'a later' : rule === 'race' ? 'another' : 'an earlier'} copy of ${name} wins` +
          (identical ? ' (an identical copy)' : ''),
        ...(nondeterministic ? { nondeterministic: true } : {}),
        real: c.file.real,
      });
    }
  }
  const kept = winners.filter((w) => !w.copy.read.unlisted);
  for (const w of winners) {
    if (!w.copy.read.unlisted) continue;
    const reason = 'loaded without a description, which keeps it out of the listing';
    unlisted.push({
      name: w.copy.read.name,
      path: w.copy.file.path,
      verdict: 'refused',
      description: '',
      rule: 'description.missing',
      reason,
      real: w.copy.file.real,
    });
  }
  return { winners: kept.sort((a, b) => loadOrder(a.at, b.at)), shadowed, unlisted, warnings };
}
