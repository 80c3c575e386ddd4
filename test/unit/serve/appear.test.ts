/**
 * `skillgraph serve` started before its skills folder exists (the usual
 * order: `claude mcp add`, then install skills): a real stdio session with
 * the SDK client. The log names the missing root and the parent watched; the
 * folder created later (several levels at once) is picked up, re-sealed and
 * announced with list_changed; removed and created again, it is found again.
 * Run with fs.watch events, with stat rescans and with a cache. Waits are bounded; nothing is timed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { childEnv, cliCommand, listAll } from './_client.js';

const WAIT = { timeout: 20_000, interval: 50 };
const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function skill(root: string, name: string): void {
  mkdirSync(join(root, name), { recursive: true });
  writeFileSync(
    join(root, name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: The ${name} skill. Use when testing.\n---\n# ${name}\n`,
  );
}

async function session(
  flags: string[],
): Promise<{ dir: string; root: string; client: Client; changes: () => number; log: () => string }> {
  const dir = mkdtempSync(join(tmpdir(), 'skillgraph-serve-appear-'));
  const extra = flags.map((f) => f.replace('CACHE', join(dir, 'cache')));
  scratch.push(dir);
  mkdirSync(join(dir, 'project'));
  mkdirSync(join(dir, 'home'));
  // Two levels are missing: `.claude` and `.claude/skills`.
  const root = join(dir, 'project', '.claude', 'skills');
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...cliCommand(), 'serve', ...extra, `--root=${root}:project`],
    cwd: join(dir, 'project'),
    env: childEnv(join(dir, 'home')),
    stderr: 'pipe',
  });
  let log = '';
  transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  let changes = 0;
  const client = new Client({ name: 'skillgraph-appear-host', version: '1.0.0' });
  client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void changes++);
  await client.connect(transport);
  return { dir, root, client, changes: () => changes, log: () => log };
}

const names = async (client: Client): Promise<string[]> =>
  (await listAll(client)).entries.map((e) => String(e.frontmatter.name));

describe.each([
  ['fs.watch events', ['--no-cache']],
  ['stat rescans', ['--no-cache', '--poll']],
  // The cache's recorded runs must not answer for a root that was missing when they were recorded.
  ['fs.watch events, with a cache', ['--cache', 'CACHE']],
])('serve picks up a skills folder created after it started (%s)', (_mode, extra) => {
  it('names the missing root and the parent it watches, then serves the folder once it appears', async () => {
    const s = await session(extra);
    try {
      expect(await names(s.client)).toEqual([]);
      await vi.waitFor(
        () => expect(s.log()).toMatch(/serve: root .*\.claude\/skills is missing; watching .*project for it/),
        WAIT,
      );
      // Installed as an installer does it: the whole path at once, then the skill.
      const before = s.changes();
      skill(s.root, 'installed');
      await vi.waitFor(async () => expect(await names(s.client)).toEqual(['installed']), WAIT);
      await vi.waitFor(() => expect(s.changes()).toBeGreaterThan(before), WAIT);
      expect(s.log()).toMatch(/serve: root .*\.claude\/skills appeared; watching it/);
      // Later skills in the new root are seen as in any root.
      skill(s.root, 'second');
      await vi.waitFor(async () => expect(await names(s.client)).toEqual(['installed', 'second']), WAIT);
      // Removed and created again, it is found again.
      rmSync(join(s.dir, 'project', '.claude'), { recursive: true, force: true });
      await vi.waitFor(async () => expect(await names(s.client)).toEqual([]), WAIT);
      skill(s.root, 'again');
      await vi.waitFor(async () => expect(await names(s.client), s.log()).toEqual(['again']), WAIT);
    } finally {
      await s.client.close();
    }
  }, 90_000);
});
