/**
 * Imitations of the host's own markup in prose: chat-template tokens
 * (`<|im_start|>`, `[INST]`, `<<SYS>>`), `<system>` turns, fake tool calls
 * and a fake `<available_skills>` listing. Only the host writes these; in
 * a skill they try to pass text off as the system's or a tool's. A line
 * that explains a template format is a quotation. Pure.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { finding, quote } from './input.js';
import type { Located } from './markdown.js';
import { holds, needleGroup } from './needles.js';
import { firstOfAny, insideQuotes } from './scan.js';

const MARKUP: readonly RegExp[] = [
  /<\|(?:im_start|im_end|im_sep|system|user|assistant|endoftext|eot_id|start_header_id|end_header_id|begin_of_text)\|>/i,
  /\[\/?INST\]|<<\/?SYS>>/,
  /<\/?(?:system|system-reminder|system_prompt|system-prompt|developer_message|sys)\s{0,2}>/i,
  /<\/?(?:available_skills|function_calls|antml:invoke|tool_call|tool_use|tool_result|function_results)\b[^>\n]{0,80}>/i,
  /"(?:type|role)"\s{0,2}:\s{0,2}"(?:tool_use|tool_call|function_call|system)"|"tool_calls"\s{0,2}:\s{0,2}\[/,
];
const MARKUP_NEEDLES = needleGroup(MARKUP);

/** Words of a line that explains a format rather than uses it. */
const EXPLAINS =
  /\b(?:template|tokens?|tokenizer|format(?:s|ted|ting)?|chatml|llama|mistral|fine-?tun\w*|dataset|schema|parse[sd]?|example|e\.g\.|such as|like|syntax|role|roles|render(?:s|ed)?)\b/i;

/**
 * Host markup in prose lines; errors in SKILL.md, warnings in reference documents.
 *
 * @example
 * markupFindings([{ line: 4, column: 1, text: '<|im_start|>system' }], 's/SKILL.md',
 * false)[0].code // 'security.host-markup'
 */
export function markupFindings(
  lines: readonly Located[],
  file: string,
  docs: boolean,
  // `needlesIn` of the file the lines are from: without the markup's words, only turns are looked for.
  needles?: number,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  // A forged exchange: a user turn answered by an assistant turn, written into the skill.
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.text.includes(':') || !/^\s{0,4}(?:User|Human)\s{0,2}:\s\S/.test(lines[i]!.text)) continue;
    const answer = lines.slice(i + 1, i + 4).find((l) => /^\s{0,4}Assistant\s{0,2}:\s\S/.test(l.text));
    if (answer && !EXPLAINS.test(`${lines[i]!.text} ${answer.text}`))
      out.push(
        finding(
          'security.host-markup',
          file,
          lines[i]!.line,
          lines[i]!.column,
          `a user turn and an assistant turn written into the skill: "${quote(lines[i]!.text, 60)}"`,
          docs ? 'warning' : 'error',
        ),
      );
  }
  if (!holds(needles, MARKUP_NEEDLES)) return out;
  for (const l of lines) {
    if (!/[<[{"]|:\s/.test(l.text)) continue;
    const m = firstOfAny(l.text, MARKUP);
    if (!m || insideQuotes(l.text, m.index) || EXPLAINS.test(l.text)) continue;
    out.push(
      finding(
        'security.host-markup',
        file,
        l.line,
        l.column + m.index,
        `this line imitates the host's markup: "${quote(m.text, 60)}"`,
        docs ? 'warning' : 'error',
      ),
    );
  }
  return out;
}
