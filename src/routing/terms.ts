// Routing text is what a host shows the model to pick a skill by: name, description and Claude
// Code's `when_to_use`. The body is never shown before the pick, so it is not routing text.
import type { SkillPackage } from '../model/package.js';

export interface RoutingText {
  /** The name's words (`pdf-forms` → `pdf forms`). */
  readonly name: string;
  readonly text: string;
}

/** Frontmatter fields appended to the description in a host's listing. */
export const ROUTING_EXTRA_FIELDS = ['when_to_use'] as const;

/** The routing text of a package. */
export function routingText(pkg: SkillPackage): RoutingText {
  let text = pkg.descriptor.description;
  for (const key of ROUTING_EXTRA_FIELDS) {
    const value = pkg.frontmatter[key];
    if (typeof value === 'string') text += `\n${value}`;
  }
  return { name: pkg.descriptor.name.replace(/[-_.]+/g, ' '), text };
}

// "Do not use for X", "not signup forms", "For X, see Y": requests this skill turns away.
const NEGATIVE_START =
  String.raw`\b(?:not|never|except|excluding|instead of|rather than|` +
  String.raw`(?:for|with) [^.;:!?()\n]{1,80}?,? (?:see|use|try) (?:the )?)\b`;
const NEGATIVE_CLAUSE = new RegExp(`${NEGATIVE_START}[^.;:!?()\\n\\u2014\\u2013]*`, 'gi');

/** `text` without its negative-trigger clauses. */
export function withoutNegativeTriggers(text: string): string {
  return NEGATIVE_HINT.test(text) ? text.replace(NEGATIVE_CLAUSE, ' ') : text;
}

// Perf: what a clause needs anywhere in the text, tested before the pattern (slow at each "for" and "with") runs.
const NEGATIVE_HINT = /n(?:ot|ever)|ex(?:cept|cluding)|instead of|rather than|(?:for|with) .* (?:see|use|try)/is;

// Function words and routing boilerplate ("Use this skill when the user asks…") decide no request.
const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing done down during each either etc eg for from ' +
    'further had has have having he her here hers him his how i ie if in into is it its itself just may ' +
    'me might more most must my no nor not now of off on once only or other our ours out over own per ' +
    'same shall she should so some such than that the their theirs them then there these they this those ' +
    'through to too under until up upon us very via was we were what when whenever where whether which ' +
    'while who whom whose why will with within without would yet you your yours use used uses using skill ' +
    'skills user users ask asks asked asking request requests requested need needs want wants trigger ' +
    'triggers triggered triggering invoke invokes invoked mention mentions mentioned help helps including ' +
    'include includes like e g i e one ones something anything everything'
  ).split(' '),
);

/** Longer tokens are hashes, base64 or run-together text, not words. */
const MAX_TERM_LENGTH = 40;
const SPLIT = /[^\p{L}\p{N}]+/u;
const ASCII = /^[\x00-\x7f]*$/;
const SPLIT_ASCII = /[^A-Za-z0-9]+/;

/** Harman's S-stemmer (`queries` → `query`, `class` stays): light, so it never merges meanings. */
export function foldPlural(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return /[ae]ies$/.test(word) ? word : `${word.slice(0, -3)}y`;
  if (/(?:ss|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('es')) return /[aeo]es$/.test(word) ? word : word.slice(0, -1);
  return word.endsWith('s') && !/(?:ss|us|is)$/.test(word) ? word.slice(0, -1) : word;
}

/** One token as an index term, or null (a stop word, a number, too long). */
export function routingTerm(token: string): string | null {
  const lower = token.toLowerCase();
  if (lower.length < 2 || lower.length > MAX_TERM_LENGTH || STOPWORDS.has(lower) || /^\p{N}+$/u.test(lower))
    return null;
  const term = foldPlural(lower);
  return STOPWORDS.has(term) ? null : term;
}

/** The tokens of a text that may be terms (NFKC, cut at whatever is not a letter or digit), in order. */
export function routingTokens(text: string): string[] {
  return splitTokens(text).filter(isToken);
}

/** `routingTokens` with the empty and overlong pieces still in (`isToken` tells them apart). */
export function splitTokens(text: string): string[] {
  // Perf: ASCII text is its own NFKC form, and its letters and digits are these.
  return ASCII.test(text) ? text.split(SPLIT_ASCII) : text.normalize('NFKC').split(SPLIT);
}

export const isToken = (piece: string): boolean => piece !== '' && piece.length <= MAX_TERM_LENGTH;

// Descriptions repeat their words across a catalog: each token is folded once (bounded, then reset).
const termOf = new Map<string, string | null>();
const TERM_MEMO_MAX = 1 << 16;

/** The terms of a text, in order, repeats kept. */
export function routingTerms(text: string): string[] {
  const out: string[] = [];
  for (const token of routingTokens(text)) {
    let term = termOf.get(token);
    if (term === undefined) {
      if (termOf.size >= TERM_MEMO_MAX) termOf.clear();
      term = routingTerm(token);
      termOf.set(token, term);
    }
    if (term !== null) out.push(term);
  }
  return out;
}
