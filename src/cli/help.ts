// Help is built from a verb's declaration, so a new flag or verb is laid out the same way.
import type { FlagSpec, VerbSpec } from './args.js';
import { displayWidth, padEndWidth, terminalWidth, wrapToWidth } from './width.js';

export const HELP_COLUMNS = 80;

const DESCRIPTION_AT = 30;

/** The terminal's width when narrower than 80 columns (not under 40). */
export function helpWidth(stream: { readonly isTTY?: boolean; readonly columns?: number }): number {
  return Math.max(40, Math.min(HELP_COLUMNS, terminalWidth(stream)));
}

/** `usage` split at its top-level spaces, so `[--changed [REF]]` stays whole. */
export function usageWords(usage: string): string[] {
  const words: string[] = [];
  let depth = 0;
  let word = '';
  for (const ch of usage) {
    if (ch === '[') depth++;
    else if (ch === ']') depth = Math.max(0, depth - 1);
    if (ch === ' ' && depth === 0) {
      if (word) words.push(word);
      word = '';
    } else word += ch;
  }
  if (word) words.push(word);
  return words;
}

function flow(lead: string, words: readonly string[], indent: number, width: number): string[] {
  const lines: string[] = [];
  let line = lead;
  let used = displayWidth(lead);
  // A bracket group wider than a whole line is broken at its own spaces.
  const fitted = words.flatMap((word) =>
    indent + displayWidth(word) > width ? wrapToWidth(word, width - indent) : [word],
  );
  for (const word of fitted) {
    const w = displayWidth(word);
    const fresh = line.trim().length === 0 || line === lead;
    if (!fresh && used + 1 + w > width) {
      lines.push(line);
      line = ' '.repeat(indent) + word;
      used = indent + w;
    } else {
      line += `${fresh && line.endsWith(' ') ? '' : ' '}${word}`;
      used = displayWidth(line);
    }
  }
  lines.push(line);
  return lines;
}

function optionRows(name: string, flag: FlagSpec, width: number): string[] {
  const value = flag.type === 'string' ? ` ${flag.value ?? 'VALUE'}` : '';
  const left = `  ${flag.short ? `-${flag.short}, ` : '    '}--${name}${value}`;
  const text = `${flag.description}${flag.multiple ? ' (repeatable)' : ''}`;
  const body = wrapToWidth(text, width - DESCRIPTION_AT);
  const pad = ' '.repeat(DESCRIPTION_AT);
  if (displayWidth(left) > DESCRIPTION_AT - 2) {
    // A long flag takes a line of its own (cut only past the whole width).
    return [...wrapToWidth(left.trimStart(), width - 2).map((l) => `  ${l}`), ...body.map((l) => pad + l)];
  }
  return [padEndWidth(left, DESCRIPTION_AT) + body[0]!, ...body.slice(1).map((l) => pad + l)];
}

/** The `--help` text of a verb, every line within `width` columns. */
export function helpText(spec: VerbSpec, common: Readonly<Record<string, FlagSpec>>, width = HELP_COLUMNS): string {
  const flags: Record<string, FlagSpec> = { ...spec.flags, ...common };
  const head = wrapToWidth(`skillgraph ${spec.name} — ${spec.summary}`, width);
  const usage = flow(`usage: skillgraph ${spec.name}`, usageWords(spec.usage), 9, width);
  const options = Object.entries(flags).flatMap(([k, f]) => optionRows(k, f, width));
  const examples = (spec.examples ?? []).flatMap((e) => flow('  ', usageWords(e), 6, width));
  const parts = [head.join('\n'), usage.join('\n'), `options:\n${options.join('\n')}`];
  if (examples.length > 0) parts.push(`examples:\n${examples.join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

/** The overview of `skillgraph --help`: each verb with its summary wrapped beside it. */
export function overviewRows(verbs: readonly (readonly [string, string])[], width = HELP_COLUMNS): string[] {
  const at = 16;
  return verbs.flatMap(([name, summary]) => {
    const body = wrapToWidth(summary, width - at);
    return [padEndWidth(`  ${name}`, at) + body[0]!, ...body.slice(1).map((l) => ' '.repeat(at) + l)];
  });
}
