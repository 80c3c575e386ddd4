/**
 * The MCP server: one SDK `Server` per session over the live catalog. This
 * is the only module (with `http.ts`) that loads `@modelcontextprotocol/sdk`,
 * and only `skillgraph serve` imports it (dynamically), so the library and
 * every other verb never pay for it.
 *
 * Capabilities: `resources` (list-changed), `tools`, `logging` (what is left
 * out, and why), and the Skills extension with `directoryRead`. Every handler checks its own params and
 * answers a bad request with a JSON-RPC error, never a crash.
 */
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
  /** Entries per page of `skills/list`, `resources/list` and `resources/directory/read`. */
  readonly pageSize: number;
  /** When set, the instructions also carry the skill listing, rendered with these options (budget included). */
  readonly listing?: ServeListing;
}

/** What a host is told on `initialize`. */
const INSTRUCTIONS =
  'This server serves Agent Skills. Hosts that implement the io.modelcontextprotocol/skills extension: list them with skills/list, ' +
  'verify every resources/read against the listed digest and size. Others: call search_skills to find a skill by task, then load_skill ' +
  'with its skill_name; read the files it lists with resources/read.';

// The extension's methods, as the SDK dispatches them: the method name only; params are checked by
// the handlers, so a malformed request is -32602 with a message, not a schema failure.
const loose = z.unknown().optional();
const SkillsListRequest = z.object({ method: z.literal('skills/list'), params: loose });
const SkillsGetRequest = z.object({ method: z.literal('skills/get'), params: loose });
const DirectoryReadRequest = z.object({ method: z.literal('resources/directory/read'), params: loose });

/**
 * The instructions a session gives on `initialize`: the fixed text, then (with
 * a listing) the lazy-mode listing of the catalog, fitted so the WHOLE text
 * holds in the budget. Omitted skills stay findable through `search_skills`,
 * and the listing says so. Throws `options.invalid` when the budget cannot
 * hold even the guidance.
 *
 * @example serverInstructions(catalog, { budget: '2000t' }).length <= 8000
 */
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

/**
 * A server for one session over `live`. Its loads (`already_loaded`) are its own.
 *
 * @example const server = createSession(live, { pageSize: 100 }); await server.connect(new StdioServerTransport());
 */
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

/**
 * Tell sessions, as a log message a host can show, which skills are not served and why (nothing
 * when every SKILL.md is served); the full list is the `skillgraph://left-out` resource.
 */
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

/**
 * Serve one session over stdin/stdout until the host closes it.
 *
 * @example await serveStdio(live, { pageSize: 100 }, (s) => sessions.add(s));
 */
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
  // stdin ending is the host going away: close the session (the SDK transport waits for it otherwise).
  process.stdin.once('end', () => void transport.close());
  await server.connect(transport);
  await closed;
  unregister();
}

/** Tell every session the served resources changed; a session that has gone is skipped. */
export function notifyListChanged(servers: Iterable<Server>): void {
  for (const server of servers) {
    server.sendResourceListChanged().catch(() => undefined);
  }
}

/**
 * A JSON-RPC error as the SDK sends it: its numeric `code` and `message` go
 * on the wire as they are (an `McpError` would prefix the message with its code).
 */
class RpcFailure extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'RpcFailure';
    this.code = code;
  }
}

/** Run a handler, turning a coded skillgraph error into the JSON-RPC error it names. */
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
