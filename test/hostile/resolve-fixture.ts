/**
 * Include chains for the resolve hostile tests: `chain-00000` includes
 * `chain-00001`, … each declaring one tool (`tool-NNNNN`; the head's writes),
 * written beside the two normal skills of a hostile project.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { HostileProject } from './_harness.js';

/** The name of link `i` of a chain. */
export function chainName(i: number): string {
  return `chain-${String(i).padStart(5, '0')}`;
}

/**
 * Write an `n`-long include chain into the project's skill root (~220 bytes a skill).
 *
 * @example writeChain(hostileProject(), 10_000);
 */
export function writeChain(p: HostileProject, n: number): void {
  for (let i = 0; i < n; i++) {
    const name = chainName(i);
    const dir = join(p.root, name);
    mkdirSync(dir, { recursive: true });
    const include = i + 1 < n ? `includes:\n  - ${chainName(i + 1)}\n` : '';
    const tool = i === 0 ? `  - { name: tool-${String(i).padStart(5, '0')}, writes: true }` : `  - tool-${String(i).padStart(5, '0')}`;
    writeFileSync(join(dir, 'SKILL.md'), `---\nname: ${name}\ndescription: Use when a test needs link ${i} of an include chain.\n${include}tools:\n${tool}\n---\nBody.\n`);
  }
}
