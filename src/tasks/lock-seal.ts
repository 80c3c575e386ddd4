// A folder seal needs the folder and the package's own fields only, never the rest of the catalog,
// so a `lock --shard` job seals its part and `merge` takes the seals from the shard documents.
import { basename, dirname } from 'node:path';
import { auditSkill, auditVerdict } from '../audit/audit.js';
import { fileSurface, splitToolList, type FileSurface } from '../audit/capabilities.js';
import { auditParsers, readSkillFiles } from './audit-path.js';
import type { CodeParsers } from '../audit/code/syntax.js';
import { treeDigestResults } from './tree-digest.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { EMPTY_COMPOSITION, type Composition, type SkillPackage } from '../model/package.js';

/** A skill folder and the package fields its audit reads (no body). */
export interface FolderInput {
  readonly name: string;
  readonly dir: string;
  readonly skillFile: string;
  readonly description: string;
  readonly allowedTools: readonly string[];
  readonly composition: Composition;
}

/** Its tree digest and what its files hold, or the finding that stopped its tree digest. */
export type FolderSeal =
  | { readonly ok: true; readonly tree: string; readonly files: FileSurface }
  | { readonly ok: false; readonly diagnostic: Diagnostic };

/** What the folder seal of a package reads. */
export function folderInput(p: SkillPackage): FolderInput {
  const locator = p.descriptor.source.locator;
  return {
    name: p.descriptor.name,
    dir: dirname(locator),
    skillFile: basename(locator),
    description: p.descriptor.description,
    allowedTools: splitToolList(p.frontmatter['allowed-tools']),
    composition: p.composition,
  };
}

/** For a SKILL.md that made no package: its folder only (its tree digest makes an edit drift). */
export function brokenFolderInput(locator: string): FolderInput {
  const dir = dirname(locator);
  return {
    name: basename(dir),
    dir,
    skillFile: basename(locator),
    description: '',
    allowedTools: [],
    composition: EMPTY_COMPOSITION,
  };
}

/** Hash each folder, then read and audit its files; a folder that cannot be read costs that skill only. */
let parsers: CodeParsers | undefined;

/** Load the audit's parsers before the synchronous `sealFolders`. */
export async function prepareSeal(): Promise<void> {
  parsers ??= await auditParsers();
}

export function sealFolders(skills: readonly FolderInput[]): FolderSeal[] {
  const trees = treeDigestResults(skills.map((s) => s.dir));
  return skills.map((s, i): FolderSeal => {
    const tree = trees[i]!;
    if (!tree.ok) return tree;
    const files = readSkillFiles(s.dir);
    const { skillFile, name, description, allowedTools, composition } = s;
    const verdict = auditVerdict(
      auditSkill(
        { dir: '.', skillFile, name, description, allowedTools, composition, files },
        parsers ? { parsers } : {},
      ),
    );
    return { ok: true, tree: tree.digest, files: fileSurface(files, verdict) };
  });
}
