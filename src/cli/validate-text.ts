import { SKIP_REASONS, type SkipReason, type ValidateResult } from '../tasks/validate-path.js';
import { paint } from './io.js';

const SKIP_WORDS: Readonly<Record<SkipReason, string>> = {
  linked: 'linked, checked at the target',
  symlink: 'symlinks leaving the tree',
  'not-regular': 'not regular files',
  unreadable: 'unreadable',
  'too-large': 'too large to read',
  'input-budget': 'past the input budget',
};

/** The one-line verdict: ok or FAIL, counts of skills, errors and warnings. */
export function summaryLine(result: ValidateResult, profile: string, color: boolean): string {
  const { skills, valid, invalid, skipped, skippedBy, errors, warnings } = result.summary;
  const verdict = errors > 0 ? paint(color, 'red', 'FAIL') : paint(color, 'green', 'ok');
  const why = SKIP_REASONS.filter((r) => skippedBy[r] > 0).map((r) => `${skippedBy[r]} ${SKIP_WORDS[r]}`);
  const skippedText = skipped > 0 ? `; ${skipped} not parsed here (${why.join(', ')})` : '';
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  return (
    `${verdict} ${plural(skills, 'skill')} checked (profile ${profile}):` +
    ` ${valid} valid, ${invalid} invalid${skippedText}; ` +
    `${plural(errors, 'error')}, ${plural(warnings, 'warning')}`
  );
}
