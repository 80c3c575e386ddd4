// The MCP server, one SDK `Server` per session. Only `serve` imports this (with http.ts), so nothing
// else loads the SDK. Every handler checks its own params: a bad request is a JSON-RPC error, not a crash.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type Result,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { isSkillgraphError } from '../model/errors.js';
import { VERSION } from '../model/version.js';
import { renderContext, type ContextPaths } from '../context/render.js';
import type { Catalog } from '../model/catalog.js';
import type { LiveCatalog } from './live.js';
import { leftOutJson, leftOutLine } from '../context/left-out.js';
import type { ServeListing } from './serving.js';
import { LEFT_OUT_URI, getSkill, listResources, listSkills, readDirectory, readResource } from './methods.js';
import { SERVE_TOOLS, callTool, type SessionLoads } from './tools.js';

export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

export interface SessionOptions {
  /** Per page of `skills/list`, `resources/list` and `resources/directory/read`. */
  readonly pageSize: number;
  /** Also put the skill listing in the instructions, rendered with these options. */
  readonly listing?: ServeListing;
}

const INSTRUCTIONS =
  'This server serves Agent Skills. Hosts that implement the io.modelcontextprotocol/skills extension: ' +
  'list them with skills/list, verify every resources/read against the listed digest and size. ' +
  'Others: call search_skills to find a skill by task, then load_skill with its skill_name; ' +
  'read the files it lists with resources/read.';

// Params are checked by the handlers, so a malformed request is -32602 with a message, not a schema failure.
const loose = z.unknown().optional();
const SkillsListRequest = z.object({ method: z.literal('skills/list'), params: loose });
const SkillsGetRequest = z.object({ method: z.literal('skills/get'), params: loose });
const DirectoryReadRequest = z.object({ method: z.literal('resources/directory/read'), params: loose });

/** The `initialize` instructions, with the listing fitted so the whole text holds in the budget. */
export function serverInstructions(catalog: Catalog, listing: ServeListing | undefined): string {
  if (listing === undefined) return INSTRUCTIONS;
  const lead = `${INSTRUCTIONS}\n\n`;
  const rendered = renderContext(catalog, {
    mode: 'lazy',
    budget: listing.budget,
    paths: listing.paths ?? 'uri',
    digests: listing.digests ?? true,
    relativeTo: listing.relativeTo ?? null,
    omittedHint: 'mcp',
    reserved: Buffer.byteLength(lead, 'utf8'),
  });
  return rendered.text === '' ? INSTRUCTIONS : `${lead}${rendered.text}`;
}

/** A server for one session over `live`; its loads (`already_loaded`) are its own. */
export function createSession(live: LiveCatalog, options: SessionOptions): Server {
  const server = new Server(
    { name: 'skillgraph', version: VERSION },
    {
      capabilities: {
        resources: { listChanged: true },
        tools: {},
        logging: {},
        extensions: { [SKILLS_EXTENSION]: { directoryRead: true } },
      },
      instructions: serverInstructions(live.catalog, options.listing),
    },
  );
  const loads: SessionLoads = new Map();
  const { pageSize } = options;
  server.setRequestHandler(SkillsListRequest, (req) => answer(() => listSkills(live, cursorOf(req.params), pageSize)));
  server.setRequestHandler(SkillsGetRequest, (req) => answer(() => getSkill(live, field(req.params, 'uri'))));
  server.setRequestHandler(ListResourcesRequestSchema, (req) =>
    answer(() => listResources(live, req.params?.cursor, pageSize)),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (req) => answer(() => readResource(live, req.params.uri)));
  server.setRequestHandler(DirectoryReadRequest, (req) =>
    answer(() => readDirectory(live, field(req.params, 'uri'), cursorOf(req.params), pageSize)),
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...SERVE_TOOLS] }));
  server.setRequestHandler(CallToolRequestSchema, (req) =>
    answer(() => callTool(live, loads, req.params.name, req.params.arguments ?? {})),
  );
  server.oninitialized = () => notifyLeftOut([server], live);
  return server;
}

/** Tell sessions, as a log message, which skills are not served and why. */
export function notifyLeftOut(servers: Iterable<Server>, live: LiveCatalog): void {
  const report = live.leftOut();
  const line = leftOutLine(report);
  if (line === '') return;
  for (const server of servers) {
    server
      .sendLoggingMessage({
        level: 'warning',
        logger: 'skillgraph',
        data: { message: `${line}; read ${LEFT_OUT_URI} for each with its findings`, ...leftOutJson(report) },
      })
      .catch(() => undefined);
  }
}

/** Serve one session over stdin/stdout until the host closes it. */
export async function serveStdio(
  live: LiveCatalog,
  options: SessionOptions,
  register: (server: Server) => () => void,
): Promise<void> {
  const server = createSession(live, options);
  const unregister = register(server);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  const transport = new StdioServerTransport();
  // The SDK transport would otherwise wait for stdin's end to be acknowledged.
  process.stdin.once('end', () => void transport.close());
  await server.connect(transport);
  await closed;
  unregister();
}

/** A session that has gone is skipped. */
export function notifyListChanged(servers: Iterable<Server>): void {
  for (const server of servers) {
    server.sendResourceListChanged().catch(() => undefined);
  }
}

// Sent as is; an `McpError` would prefix the message with its code.
class RpcFailure extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'RpcFailure';
    this.code = code;
  }
}

function answer(run: () => object): Result {
  try {
    return run() as Result;
  } catch (error) {
    if (error instanceof RpcFailure) throw error;
    if (isSkillgraphError(error)) {
      const rpc = typeof error.details.rpc === 'number' ? error.details.rpc : ErrorCode.InternalError;
      throw new RpcFailure(rpc, error.message);
    }
    throw new RpcFailure(ErrorCode.InternalError, error instanceof Error ? error.message : String(error));
  }
}

function field(params: unknown, key: string): unknown {
  return typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[key] : undefined;
}

function cursorOf(params: unknown): string | undefined {
  const cursor = field(params, 'cursor');
  if (cursor === undefined || cursor === null) return undefined;
  if (typeof cursor !== 'string') throw new RpcFailure(ErrorCode.InvalidParams, "'cursor' must be a string");
  return cursor;
}
