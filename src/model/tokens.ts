// o200k tokens from gpt-tokenizer, an optional peer loaded on first use: only a run that counts tokens pays its
// load time and memory.
import { loadTokenCounter } from './vendor.js';

let counter: ((text: string) => number) | undefined;

/** o200k tokens in `text` (special-token text counted as plain text). */
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
