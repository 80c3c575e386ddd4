/**
 * `skillgraph serve --http 0` over Streamable HTTP with the SDK's client,
 * and the DNS-rebinding checks: a foreign Host or Origin is refused.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { _tree, type Tree } from './_tree.js';
import { childEnv, cliCommand, listAll, verifiedRead } from './_client.js';

function post(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/mcp',
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      }),
    );
  });
}

describe('serve over Streamable HTTP', () => {
  let t: Tree;
  let child: ChildProcess;
  let port = 0;
  let log = '';

  beforeAll(async () => {
    t = _tree();
    t.skill('project/pdf', 'pdf', 'Fill PDF forms. Use when a PDF is mentioned.');
    t.write('project/pdf/scripts/fill.py', 'print(1)\n');
    child = spawn(
      process.execPath,
      [
        ...cliCommand(),
        'serve',
        '--http',
        '0',
        '--no-cache',
        '--no-watch',
        ...t.roots.map((r) => `--root=${r.path}:${r.scope}`),
      ],
      {
        cwd: t.dir,
        env: childEnv(join(t.dir, 'home')),
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await vi.waitFor(() => expect(log).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/), {
      timeout: 60_000,
      interval: 50,
    });
    port = Number(/127\.0\.0\.1:(\d+)\/mcp/.exec(log)![1]);
  }, 90_000);

  afterAll(() => {
    child?.kill('SIGTERM');
    t?.cleanup();
  });

  it('serves a session to the SDK client on 127.0.0.1, every file verified', async () => {
    const client = new Client({ name: 'skillgraph-test-host', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    expect(client.getServerCapabilities()?.extensions).toEqual({
      'io.modelcontextprotocol/skills': { directoryRead: true },
    });
    const { entries } = await listAll(client);
    expect(entries.map((e) => e.uri)).toEqual(['skill://pdf/SKILL.md']);
    for (const f of entries[0]!.resources) await verifiedRead(client, entries[0]!, f.uri);
    const loaded = await client.callTool({ name: 'load_skill', arguments: { skill_name: 'pdf' } });
    expect(loaded.structuredContent).toMatchObject({ status: 'loaded', skill_name: 'pdf' });
    await client.close();
  });

  it('refuses a foreign Host or Origin (DNS rebinding) and answers a loopback one', async () => {
    expect(await post(port, { host: `evil.example:${port}` })).toBe(403);
    expect(await post(port, { host: `127.0.0.1:${port}`, origin: 'http://evil.example' })).toBe(403);
    expect(await post(port, { host: `localhost:${port}`, origin: `http://localhost:${port}` })).toBe(200);
  });
});
