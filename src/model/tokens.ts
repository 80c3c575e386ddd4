/**
 * Token counts with a real tokenizer: o200k (the encoding of OpenAI's current
 * models), from gpt-tokenizer, an optional peer dependency required on first use,
 * so nothing pays its load (~0.3 s, 2 MB of merge ranks) or its install but a run
 * that counts tokens.
 */
import { loadTokenCounter } from './vendor.js';

let counter: ((text: string) => number) | undefined;

/**
 * o200k tokens in `text` (special-token text counted as plain text).
 *
 * @example countTokens('Hello, world!') // 4
 */
export function countTokens(text: string): number {
  counter ??= loadCounter();
  return counter(text);
}

function loadCounter(): (text: string) => number {
  const { countTokens: count } = loadTokenCounter();
  // A skill's text may hold `<|endoftext|>`: it is text to count, not a control token.
  const plain = { disallowedSpecial: new Set<string>() };
  return (text) => count(text, plain);
}
