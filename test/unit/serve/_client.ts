/**
 * Drive `skillgraph serve` as a host would: a child process (the built CLI
 * when dist/ is current, else src/ through tsx) and the SDK's own `Client`,
 * with a read that verifies digest and size as the extension asks of hosts.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import * as z from 'zod';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `node` arguments that run the CLI: dist/ when it is newer than every serve source, else src/ through tsx. */
export function cliCommand(): string[] {
  const built = join(REPO, 'dist/skillgraph.cjs');
  const sources = readdirSync(join(REPO, 'src/serve')).map((f) => statSync(join(REPO, 'src/serve', f)).mtimeMs);
  try {
    if (statSync(built).mtimeMs >= Math.max(...sources)) return [join(REPO, 'bin/skillgraph.js')];
  } catch {
    // not built
  }
  const dir = mkdtempSync(join(tmpdir(), 'skillgraph-serve-cli-'));
  const file = join(dir, 'cli.mjs');
  writeFileSync(
    file,
    `import { main, processIo } from ${JSON.stringify(pathToFileURL(join(REPO, 'src/cli/main.ts')).href)};\nmain(process.argv.slice(2), processIo()).then((c) => { process.exitCode = c; });\n`,
  );
  return [`--import=${pathToFileURL(join(REPO, 'node_modules/tsx/dist/loader.mjs')).href}`, file];
}

/**
 * The child's environment: ours, with HOME moved and without NODE_OPTIONS
 * (a `--import=tsx` there resolves against the child's working folder;
 * `cliCommand` names the loader by absolute path instead).
 */
export function childEnv(home: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'NODE_OPTIONS') env[k] = v;
  return { ...env, HOME: home };
}

export const sha = (b: Uint8Array | string): string => `sha256:${createHash('sha256').update(b).digest('hex')}`;

export interface EntryFile {
  uri: string;
  digest: string;
  size: number;
}
export interface Entry {
  uri: string;
  frontmatter: Record<string, unknown>;
  resources: EntryFile[];
}

const ListResult = z.object({ skills: z.array(z.any()), nextCursor: z.string().optional() }).passthrough();
const GetResult = z.object({ skill: z.any() }).passthrough();
const DirResult = z.object({ resources: z.array(z.any()), nextCursor: z.string().optional() }).passthrough();

export async function listAll(client: Client): Promise<{ entries: Entry[]; pages: number }> {
  const entries: Entry[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.request({ method: 'skills/list', params: cursor ? { cursor } : {} }, ListResult);
    pages++;
    entries.push(...(page.skills as Entry[]));
    cursor = page.nextCursor;
  } while (cursor !== undefined && pages < 1000);
  return { entries, pages };
}

export async function getSkill(client: Client, uri: string): Promise<Entry> {
  return (await client.request({ method: 'skills/get', params: { uri } }, GetResult)).skill as Entry;
}

/** Every child of a directory resource, following its pages. */
export async function readDir(client: Client, uri: string): Promise<{ uri: string; name: string; mimeType: string }[]> {
  const out: { uri: string; name: string; mimeType: string }[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000; pages++) {
    const page = await client.request(
      { method: 'resources/directory/read', params: cursor ? { uri, cursor } : { uri } },
      DirResult,
    );
    out.push(...page.resources);
    cursor = page.nextCursor;
    if (cursor === undefined) break;
  }
  return out;
}

/** The raw bytes of a read (text re-encoded as UTF-8, blobs decoded). */
export async function readBytes(client: Client, uri: string): Promise<Buffer> {
  const { contents } = await client.readResource({ uri });
  const c = contents[0]!;
  return 'text' in c && typeof c.text === 'string'
    ? Buffer.from(c.text, 'utf8')
    : Buffer.from(String((c as { blob: string }).blob), 'base64');
}

/** A host's read: the bytes only when they match the held entry's digest and size, else an error. */
export async function verifiedRead(client: Client, entry: Entry, uri: string): Promise<Buffer> {
  const listed = entry.resources.find((r) => r.uri === uri);
  if (!listed) throw new Error(`${uri} is not in the held entry: a host must not read it`);
  const bytes = await readBytes(client, uri);
  if (bytes.length !== listed.size || sha(bytes) !== listed.digest) throw new Error(`${uri}: verification failed`);
  return bytes;
}

/** The JSON-RPC code a request failed with. */
export async function rpcCode(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
  } catch (error) {
    return (error as { code: number }).code;
  }
  throw new Error('expected the request to fail');
}
