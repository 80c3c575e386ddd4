// The walk asks a `ListingSource`, so the engine can answer an unchanged folder from its directory table.
import { readdirSync, type Stats } from 'node:fs';
import { byteOrder } from '../model/order.js';
import { isSkillFileName, isSkippedDirName, isVcsDirName } from './paths.js';

/** A classified folder listing. Plain data; every list in byte order. */
export interface DirListing {
  /** Subfolders the walk may enter. */
  readonly subdirs: readonly string[];
  /** Regular files named SKILL.md in any letter case. */
  readonly skillNames: readonly string[];
  /** Resolved by the walk on every run: their targets live elsewhere. */
  readonly links: readonly string[];
  /** Only looked into for SKILL.md files to report; version-control stores are not listed at all. */
  readonly skipped: readonly string[];
  /** Entries named SKILL.md that are neither files, folders nor links (FIFO, socket, device): never opened. */
  readonly special: readonly string[];
}

/** Where the walk gets listings from. `list` throws what `readdirSync` throws. */
export interface ListingSource {
  list(dir: string): DirListing;
  /** Told each symlink's target stat (undefined when dangling or looping). */
  linkSeen?(link: string, target: Stats | undefined): void;
}

const NONE: readonly string[] = Object.freeze([]);

/** Read and classify one folder (throws `readdirSync`'s errors). */
export function readListing(dir: string): DirListing {
  let subdirs: string[] | undefined;
  let skillNames: string[] | undefined;
  let links: string[] | undefined;
  let skipped: string[] | undefined;
  let special: string[] | undefined;
  const entries = readdirSync(dir, { withFileTypes: true });
  // Perf: an indexed loop (no iterator per folder).
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const name = entry.name;
    if (entry.isDirectory()) {
      if (!isSkippedDirName(name)) (subdirs ??= []).push(name);
      else if (!isVcsDirName(name)) (skipped ??= []).push(name);
    } else if (entry.isFile()) {
      if (isSkillFileName(name)) (skillNames ??= []).push(name);
    } else if (entry.isSymbolicLink()) {
      (links ??= []).push(name);
    } else if (isSkillFileName(name)) {
      // Classified by its Dirent type, never opened.
      (special ??= []).push(name);
    }
  }
  // readdir order differs across file systems and the walk's budget cut depends on order.
  return {
    subdirs: subdirs ? subdirs.sort(byteOrder) : NONE,
    skillNames: skillNames ? skillNames.sort(byteOrder) : NONE,
    links: links ? links.sort(byteOrder) : NONE,
    skipped: skipped ? skipped.sort(byteOrder) : NONE,
    special: special ? special.sort(byteOrder) : NONE,
  };
}

export const READ_LISTINGS: ListingSource = Object.freeze({ list: readListing });
