/**
 * The run memo: the finished output of a run (e.g. `catalog --json`), kept
 * beside the parse cache and replayed when nothing it depends on changed.
 *
 * Exactly as safe as the parse cache, whose trust it extends from one file
 * to the whole run: its key (see `runKey`) covers everything the output is a
 * function of — the whole walk result (candidates, discovery findings, root
 * reports), the (size, mtime, ctime, inode) of every skill file (the parse cache's
 * own test), the identity of the parse cache file the run was answered
 * from, the engine options, the Node version and a fingerprint of every
 * file of skillgraph's own code (not only parse/model, as for the parse
 * cache: the memo also covers catalog, resolve and the CLI). A memo is only
 * written by a run that every skill file answered from the cache by stat,
 * so replaying it prints what such a run prints. Written atomically (temp +
 * rename); safe to delete at any time; `--no-cache` neither reads nor writes it.
 */
import { createHash } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Bump when the memo layout changes. */
export const MEMO_FORMAT = 1;

/** A replayed output and the exit status the run returned with it. */
export interface RunMemo {
  readonly text: string;
  readonly status: number;
  /** The text's UTF-8 bytes as stored (a replay only): written as they are, never decoded. */
  readonly bytes?: Buffer;
}

let codeFingerprint: string | undefined;

/**
 * Size and mtime of every file of skillgraph's code (the folder above this
 * module's, recursively: `dist/` when built, `src/` under tsx) and of its
 * `package.json` (which pins its dependencies' exact versions).
 *
 * @example wholeCodeFingerprint().length // 64
 */
export function wholeCodeFingerprint(): string {
  if (codeFingerprint === undefined) {
    const hash = createHash('sha256').update(`${MEMO_FORMAT}\u0000${process.version}`);
    const walk = (dir: string, rel: string): void => {
      let names: string[];
      try {
        names = readdirSync(dir).sort();
      } catch {
        return;
      }
      for (const name of names) {
        const path = join(dir, name);
        try {
          const st = statSync(path);
          if (st.isDirectory()) walk(path, `${rel}${name}/`);
          else if (!name.endsWith('.map') && !name.endsWith('.d.ts')) hash.update(`\u0000${rel}${name}\u0000${st.size}\u0000${st.mtimeMs}`);
        } catch {
          hash.update(`\u0000${rel}${name}\u0000?`);
        }
      }
    };
    walk(fileURLToPath(new URL('../', import.meta.url)), '');
    // The package manifest pins the exact versions of yaml, zod and piscina.
    try {
      const manifest = statSync(fileURLToPath(new URL('../../package.json', import.meta.url)));
      hash.update(`\u0000package.json\u0000${manifest.size}\u0000${manifest.mtimeMs}`);
    } catch {
      hash.update('\u0000package.json\u0000?');
    }
    codeFingerprint = hash.digest('hex');
  }
  return codeFingerprint;
}

function memoFile(dir: string, name: string): string {
  return join(dir, `run-memo.${name}.v${MEMO_FORMAT}.txt`);
}

/**
 * The memo `name` in `dir` when its key is `key`; anything else (absent,
 * unreadable, another key, damaged) is no memo.
 *
 * @example const memo = readRunMemo(cacheDir, 'catalog-json', key); if (memo) io.stdout.write(memo.text);
 */
export function readRunMemo(dir: string, name: string, key: string): RunMemo | undefined {
  try {
    const bytes = readFileSync(memoFile(dir, name));
    const eol = bytes.indexOf(0x0a);
    if (eol < 0) return undefined;
    const header = JSON.parse(bytes.toString('utf8', 0, eol)) as { key?: unknown; status?: unknown; length?: unknown };
    if (header.key !== key || typeof header.status !== 'number' || header.length !== bytes.length - eol - 1) return undefined;
    // Perf: the stored bytes go to stdout as they are; decoding ~11 MB to a string and
    // encoding it again for the write cost ~15–20 ms of a ~0.3 s warm run.
    const body = bytes.subarray(eol + 1);
    return {
      status: header.status,
      bytes: body,
      get text(): string {
        return body.toString('utf8');
      },
    };
  } catch {
    return undefined;
  }
}

/**
 * Record `memo` as the output for `key` (atomically; replaces the previous memo of that name).
 * Never throws: the memo is only an accelerator.
 *
 * @example writeRunMemo(cacheDir, 'catalog-json', key, { text, status: 0 });
 */
export function writeRunMemo(dir: string, name: string, key: string, memo: RunMemo): boolean {
  const file = memoFile(dir, name);
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  let fd: number | undefined;
  try {
    // Perf: header and text written straight to the file, no joined copy of an ~11 MB text.
    const header = `${JSON.stringify({ key, status: memo.status, length: Buffer.byteLength(memo.text, 'utf8') })}\n`;
    mkdirSync(dir, { recursive: true });
    fd = openSync(temp, 'w');
    writeFileSync(fd, header);
    writeFileSync(fd, memo.text);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, file);
    return true;
  } catch {
    try {
      if (fd !== undefined) closeSync(fd);
      rmSync(temp, { force: true });
    } catch {
      // nothing more to clean
    }
    return false;
  }
}
