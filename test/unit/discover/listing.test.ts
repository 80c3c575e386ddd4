/** A folder listing is in UTF-8 byte order, whatever order readdir gives and whatever the names hold. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readListing } from '../../../src/discover/listing.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const byBytes = (names: string[]): string[] =>
  [...names].sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));

function folderWith(names: readonly string[]): string {
  dir = mkdtempSync(join(tmpdir(), 'sg-listing-'));
  for (const name of names) mkdirSync(join(dir, name));
  return dir;
}

describe('readListing order', () => {
  it('lists plain names in byte order (upper case before lower case, digits first)', () => {
    const names = ['b', 'a', 'B', '10', '9', 'a-b', 'a_b'];
    expect(readListing(folderWith(names)).subdirs).toEqual(byBytes(names));
  });

  it('puts a name with an astral character after one in U+E000–U+FFFF, as UTF-8 bytes do', () => {
    // In UTF-16 units the surrogate (D83D) sorts before U+E000 and U+FF5E; in UTF-8 (F0 … vs EE/EF …) after.
    const names = ['x\u{1F600}', 'x\uE000', 'x\uFF5E', 'xa', 'x'];
    const listed = readListing(folderWith(names)).subdirs;
    expect(listed).toEqual(byBytes(names));
    expect(listed.indexOf('x\u{1F600}')).toBeGreaterThan(listed.indexOf('x\uFF5E'));
  });

  it('orders skill-file names and leaves a single entry as it is', () => {
    const root = folderWith(['only']);
    writeFileSync(join(root, 'skill.md'), '');
    writeFileSync(join(root, 'SKILL.md'), '');
    const listing = readListing(root);
    expect(listing.subdirs).toEqual(['only']);
    expect(listing.skillNames).toEqual(['SKILL.md', 'skill.md']);
  });
});
