/**
 * `skillgraph serve` as a child process over stdio, driven by the SDK's own
 * Client as a host drives it: capabilities, list/get/read with every file
 * verified, shadowed copies, pagination, directory reads, refused URIs, an
 * edit during the session, load_skill. Waits are bounded; nothing is timed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { _tree, type Tree } from './_tree.js';
import {
  childEnv,
  cliCommand,
  getSkill,
  listAll,
  readBytes,
  readDir,
  rpcCode,
  sha,
  verifiedRead,
  type Entry,
} from './_client.js';

describe('serve over stdio, with the SDK client', () => {
  let t: Tree;
  let client: Client;
  let changes = 0;
  let log = '';

  beforeAll(async () => {
    t = _tree();
    t.skill('global/review', 'review', 'Review code. Use when asked for a review.');
    t.skill('project/review', 'review', 'Review code the project way. Use when asked for a review.');
    t.skill(
      'project/pdf',
      'pdf',
      'Fill PDF forms. Use when a PDF is mentioned.',
      '# PDF\n\nPick a template from templates/.\n',
      'license: MIT\nmetadata:\n  version: "2.1.0"\n',
    );
    t.write('project/pdf/templates/invoice.md', '# Invoice\n');
    t.write('project/pdf/templates/regional/eu.md', '# EU\n');
    t.write('project/pdf/scripts/fill.py', 'print("fill")\n');
    t.skill('local/alpha', 'alpha', 'Alpha. Use when alpha.');
    t.skill('local/beta', 'beta', 'Beta. Use when beta.');
    t.write('project/secret.txt', 'not a skill file');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        ...cliCommand(),
        'serve',
        '--no-cache',
        '--page-size',
        '2',
        ...t.roots.map((r) => `--root=${r.path}:${r.scope}`),
      ],
      cwd: t.dir,
      env: childEnv(join(t.dir, 'home')),
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    client = new Client({ name: 'skillgraph-test-host', version: '1.0.0' });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => void changes++);
    await client.connect(transport);
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    t?.cleanup();
  });

  it('declares resources and the Skills extension with directoryRead', () => {
    const caps = client.getServerCapabilities();
    expect(caps?.resources).toBeDefined();
    expect(caps?.extensions).toEqual({ 'io.modelcontextprotocol/skills': { directoryRead: true } });
    expect(client.getServerVersion()?.name).toBe('skillgraph');
  });

  it('lists the winners page by page, and every listed file reads back with its digest and size', async () => {
    const { entries, pages } = await listAll(client);
    expect(pages).toBe(2);
    expect(entries.map((e) => e.uri)).toEqual([
      'skill://alpha/SKILL.md',
      'skill://beta/SKILL.md',
      'skill://pdf/SKILL.md',
      'skill://review/SKILL.md',
    ]);
    for (const entry of entries) {
      expect(entry.uri.split('/').at(-2)).toBe(entry.frontmatter.name);
      for (const file of entry.resources) await verifiedRead(client, entry, file.uri);
    }
    const pdf = entries.find((e) => e.frontmatter.name === 'pdf')!;
    expect(pdf.frontmatter).toEqual({
      name: 'pdf',
      description: 'Fill PDF forms. Use when a PDF is mentioned.',
      license: 'MIT',
      metadata: { version: '2.1.0' },
    });
    expect(pdf.resources.map((r) => r.uri)).toEqual([
      'skill://pdf/SKILL.md',
      'skill://pdf/scripts/fill.py',
      'skill://pdf/templates/invoice.md',
      'skill://pdf/templates/regional/eu.md',
    ]);
    // A host builds its registry from entries alone; resources/list shows SKILL.md files to hosts without the extension.
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['skill://alpha/SKILL.md', 'skill://beta/SKILL.md']);
  });

  it('answers skills/get for winners and shadowed copies, and -32602 for anything else', async () => {
    const shadowed = await getSkill(client, 'skill://shadowed/global/review/SKILL.md');
    expect(shadowed.frontmatter.description).toBe('Review code. Use when asked for a review.');
    await verifiedRead(client, shadowed, 'skill://shadowed/global/review/SKILL.md');
    const { entries } = await listAll(client);
    expect(entries.map((e) => e.uri)).not.toContain(shadowed.uri);
    expect(await rpcCode(() => getSkill(client, 'skill://nope/SKILL.md'))).toBe(-32602);
    expect(await rpcCode(() => getSkill(client, 'skill://pdf/templates/invoice.md'))).toBe(-32602);
    expect(await rpcCode(() => client.request({ method: 'skills/get', params: {} }, z.any()))).toBe(-32602);
  });

  it('reads directories one level at a time', async () => {
    expect((await readDir(client, 'skill://pdf')).map((r) => [r.name, r.mimeType])).toEqual([
      ['SKILL.md', 'text/markdown'],
      ['scripts', 'inode/directory'],
      ['templates', 'inode/directory'],
    ]);
    expect((await readDir(client, 'skill://pdf/templates')).map((r) => r.uri)).toEqual([
      'skill://pdf/templates/invoice.md',
      'skill://pdf/templates/regional',
    ]);
    expect(await rpcCode(() => readDir(client, 'skill://pdf/SKILL.md'))).toBe(-32602);
  });

  it('refuses traversal, encoded traversal, unlisted files and other schemes', async () => {
    for (const uri of [
      'skill://pdf/../secret.txt',
      'skill://pdf/%2e%2e/secret.txt',
      'skill://pdf/%2E%2E%2Fsecret.txt',
      'skill://pdf/..%5Csecret.txt',
      'skill://pdf/nope.md',
      `file://${join(t.dir, 'project/secret.txt')}`,
      'skill://secret.txt',
    ]) {
      expect(await rpcCode(() => client.readResource({ uri }))).toBe(-32602);
    }
    // A malformed request is an error, and the server still answers afterwards.
    expect(
      await rpcCode(() => client.request({ method: 'resources/directory/read', params: { uri: 7 } }, z.any())),
    ).toBe(-32602);
    expect(await rpcCode(() => client.request({ method: 'skills/list', params: { cursor: 'bogus' } }, z.any()))).toBe(
      -32602,
    );
    expect((await client.listTools()).tools.map((x) => x.name)).toEqual(['load_skill', 'search_skills']);
  });

  it('load_skill takes skill_name and answers loaded, then already_loaded', async () => {
    const first = await client.callTool({ name: 'load_skill', arguments: { skill_name: 'pdf' } });
    expect(first.structuredContent).toMatchObject({
      status: 'loaded',
      skill_name: 'pdf',
      path: 'skill://pdf',
      body: '# PDF\n\nPick a template from templates/.\n',
    });
    const again = await client.callTool({ name: 'load_skill', arguments: { skill_name: 'pdf' } });
    expect(again.structuredContent).toEqual({ status: 'already_loaded', skill_name: 'pdf', path: 'skill://pdf' });
    const found = await client.callTool({ name: 'search_skills', arguments: { query: 'pdf forms' } });
    expect((found.structuredContent as { skills: { skill_name: string }[] }).skills[0]!.skill_name).toBe('pdf');
  });

  it('sees an edit during the session: list-changed, a new digest, and no read that differs from what was listed', async () => {
    const before = await getSkill(client, 'skill://pdf/SKILL.md');
    const file = join(t.dir, 'project/pdf/templates/invoice.md');
    const seen = changes;
    for (let i = 0; i < 8; i++) {
      writeFileSync(file, `# Invoice v${i}\n${'line\n'.repeat(i)}`);
      // Read at once, before or after the server noticed: a read either fails or matches a digest the server listed.
      const listedBefore = (await getSkill(client, before.uri)).resources.find((r) =>
        r.uri.endsWith('invoice.md'),
      )!.digest;
      let bytes: Buffer | undefined;
      try {
        bytes = await readBytes(client, 'skill://pdf/templates/invoice.md');
      } catch (error) {
        expect((error as { code: number }).code).toBe(-32602);
      }
      const listedAfter = (await getSkill(client, before.uri)).resources.find((r) =>
        r.uri.endsWith('invoice.md'),
      )!.digest;
      if (bytes) expect([listedBefore, listedAfter]).toContain(sha(bytes));
    }
    await vi.waitFor(() => expect(changes).toBeGreaterThan(seen), { timeout: 20_000, interval: 50 });
    let current: Entry | undefined;
    await vi.waitFor(
      async () => {
        current = await getSkill(client, before.uri);
        expect(current.resources.find((r) => r.uri.endsWith('invoice.md'))!.digest).toBe(sha(readFileSync(file)));
      },
      { timeout: 20_000, interval: 50 },
    );
    // The held entry is stale now: a host's verification fails, and the refreshed one verifies.
    await expect(verifiedRead(client, before, 'skill://pdf/templates/invoice.md')).rejects.toThrow(
      'verification failed',
    );
    expect((await verifiedRead(client, current!, 'skill://pdf/templates/invoice.md')).toString()).toBe(
      readFileSync(file, 'utf8'),
    );
    // An edit to SKILL.md is served too, with its new frontmatter.
    const skillFile = join(t.dir, 'project/pdf/SKILL.md');
    writeFileSync(skillFile, readFileSync(skillFile, 'utf8').replace('Fill PDF forms.', 'Fill and sign PDF forms.'));
    await vi.waitFor(
      async () =>
        expect((await getSkill(client, before.uri)).frontmatter.description).toBe(
          'Fill and sign PDF forms. Use when a PDF is mentioned.',
        ),
      { timeout: 20_000, interval: 50 },
    );
    const edited = await getSkill(client, before.uri);
    expect((await verifiedRead(client, edited, edited.uri)).toString()).toBe(readFileSync(skillFile, 'utf8'));
    expect(log).toContain('watching the roots');
  });
});
