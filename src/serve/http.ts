// `serve --http PORT`: Streamable HTTP on 127.0.0.1 only. Against DNS rebinding (as the MCP transport
// spec advises) a foreign `Host` or non-loopback `Origin` gets 403 before the SDK sees it.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { LiveCatalog } from './live.js';
import { createSession, type SessionOptions } from './server.js';

export const MCP_PATH = '/mcp';
/** A JSON-RPC request to this server is small. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Sessions open at once; an `initialize` past it is refused (503). */
export const MAX_SESSIONS = 64;

export interface HttpServing {
  /** The port bound (the OS's choice for 0). */
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

/** Listen on 127.0.0.1:`port` and serve sessions over `live`. */
export async function serveHttp(
  live: LiveCatalog,
  port: number,
  options: SessionOptions,
  register: (server: Server) => () => void,
): Promise<HttpServing> {
  const sessions = new Map<string, { transport: StreamableHTTPServerTransport; unregister: () => void }>();
  let bound = port;
  const http: HttpServer = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) reply(res, 500, 'internal error');
      else res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const refusal = checkOrigin(req, bound);
    if (refusal) return reply(res, 403, refusal);
    if ((req.url ?? '').split('?')[0] !== MCP_PATH) return reply(res, 404, `the MCP endpoint is ${MCP_PATH}`);
    const id = req.headers['mcp-session-id'];
    const existing = typeof id === 'string' ? sessions.get(id) : undefined;
    if (req.method !== 'POST') {
      if (!existing) return reply(res, 400, 'no such session');
      return existing.transport.handleRequest(req, res);
    }
    const body = await readBody(req);
    if (body === undefined) return reply(res, 413, `request bodies are limited to ${MAX_BODY_BYTES} bytes`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return rpcError(res, -32700, 'Parse error: the body is not JSON');
    }
    if (existing) return existing.transport.handleRequest(req, res, parsed);
    if (typeof id === 'string') return reply(res, 404, 'no such session (it may have been closed)');
    if (!isInitializeRequest(parsed)) return rpcError(res, -32600, 'Bad request: start a session with initialize');
    if (sessions.size >= MAX_SESSIONS) return reply(res, 503, `at most ${MAX_SESSIONS} sessions at once`);
    const server = createSession(live, options);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (sid) => void sessions.set(sid, { transport, unregister }),
      // Defence in depth: the SDK checks the same headers again.
      enableDnsRebindingProtection: true,
      allowedHosts: hostsFor(bound),
      allowedOrigins: originsFor(bound),
    });
    const unregister = register(server);
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
      unregister();
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, parsed);
  }

  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => {
      http.off('error', reject);
      resolve();
    });
  });
  bound = (http.address() as AddressInfo).port;
  return {
    port: bound,
    url: `http://127.0.0.1:${bound}${MCP_PATH}`,
    async close(): Promise<void> {
      for (const { transport } of [...sessions.values()]) await transport.close().catch(() => undefined);
      await new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
    },
  };
}

/** Why a request is refused as a possible DNS-rebinding attack, or undefined when it is fine. */
export function checkOrigin(req: Pick<IncomingMessage, 'headers'>, port: number): string | undefined {
  const host = req.headers.host;
  if (host === undefined || !hostsFor(port).includes(host.toLowerCase()))
    return `Host '${host ?? ''}' is not this server (127.0.0.1:${port})`;
  const origin = req.headers.origin;
  if (origin !== undefined && !originsFor(port).includes(origin.toLowerCase()))
    return `Origin '${origin}' may not call this server`;
  return undefined;
}

function hostsFor(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

function originsFor(port: number): string[] {
  return hostsFor(port).map((h) => `http://${h}`);
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function reply(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(`${message}\n`);
}

function rpcError(res: ServerResponse, code: number, message: string): void {
  res
    .writeHead(400, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
