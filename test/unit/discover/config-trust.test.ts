/**
 * The upward config search must not pick up a `skillgraph.config.yaml` that
 * another user could plant above the working folder (a shared `/tmp`): such a
 * file would add roots, i.e. skills an agent reads. A folder with that name is
 * passed over instead of failing every run below it.
 */
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findConfigFile } from '../../../src/discover/config.js';

const scratch = mkdtempSync(join(tmpdir(), 'skillgraph-config-trust-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

describe('findConfigFile trust', () => {
  it('finds a config the current user owns in an ancestor', () => {
    const top = join(scratch, 'own');
    mkdirSync(join(top, 'a', 'b'), { recursive: true });
    writeFileSync(join(top, 'skillgraph.config.yaml'), 'roots: [skills]\n');
    expect(findConfigFile(join(top, 'a', 'b'))).toBe(join(top, 'skillgraph.config.yaml'));
  });

  it('passes over a folder named skillgraph.config.yaml', () => {
    const top = join(scratch, 'folder');
    mkdirSync(join(top, 'skillgraph.config.yaml'), { recursive: true });
    mkdirSync(join(top, 'work'));
    expect(findConfigFile(join(top, 'work'))).toBe(findConfigFile(scratch));
  });

  // Changing a file's owner needs root; CI runners that are not root skip this one.
  it.skipIf(!isRoot)('ignores a config owned by another (non-root) user', () => {
    const top = join(scratch, 'planted');
    mkdirSync(join(top, 'work'), { recursive: true });
    const file = join(top, 'skillgraph.config.yaml');
    writeFileSync(file, 'roots: [/evil]\n');
    chownSync(file, 4242, 4242);
    expect(findConfigFile(join(top, 'work'))).toBe(findConfigFile(scratch));
    chownSync(file, 0, 0);
    expect(findConfigFile(join(top, 'work'))).toBe(file);
  });
});
