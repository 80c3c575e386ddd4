// `serve`, whole. stdout belongs to the protocol; progress and findings are log lines on stderr.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { LoadCatalogOptions } from '../engine/catalog-pipeline.js';
import type { EngineOptions } from '../engine/engine.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { ContextPaths } from '../context/render.js';
import { DEFAULT_PAGE_SIZE } from './entries.js';
import { serveHttp } from './http.js';
import { LiveCatalog, type ChangeEvent } from './live.js';
import { leftOutLine } from '../context/left-out.js';
import { LEFT_OUT_URI } from './methods.js';
import { notifyLeftOut, notifyListChanged, serveStdio, serverInstructions } from './server.js';
import { watchRoots, type RootWatcher } from './watch.js';

export interface ServeListing {
  /** `N` bytes or `Nt` tokens for the whole instructions text. */
  readonly budget: string | number | null;
  /** Default `uri`, what `resources/read` takes. */
  readonly paths?: ContextPaths;
  readonly digests?: boolean;
  /** Required with `paths: 'relative'`. */
  readonly relativeTo?: string;
}

export interface ServeOptions {
  readonly load: LoadCatalogOptions;
  readonly engine?: Partial<EngineOptions>;
  /** Streamable HTTP on 127.0.0.1 at this port (0: any free port) instead of stdio. */
  readonly http?: number;
  readonly pageSize?: number;
  readonly listing?: ServeListing;
  /** Watch the roots and re-seal on change (default true). */
  readonly watch?: boolean;
  /** Stat rescans instead of fs.watch. */
  readonly poll?: boolean;
  readonly log: (line: string) => void;
  readonly signal?: AbortSignal;
}

/** Serve until the host goes (stdio) or `signal` aborts. */
export async function serveSkills(options: ServeOptions): Promise<void> {
  const sessions = new Set<Server>();
  const log = options.log;
  let lastLeftOut = '';
  const reportLeftOut = (): void => {
    const line = leftOutLine(live.leftOut());
    if (line === lastLeftOut) return;
    lastLeftOut = line;
    log(line === '' ? 'serve: nothing left out' : `serve: ${line}; ${LEFT_OUT_URI} lists each with its findings`);
    notifyLeftOut(sessions, live);
  };
  const live = await LiveCatalog.open({
    load: options.load,
    ...(options.engine ? { engine: options.engine } : {}),
    onChange: (event) => {
      log(changeLine(event));
      notifyListChanged(sessions);
      reportLeftOut();
    },
    onSealed: (digest) => log(`serve: sealed · ${digest}`),
    onDiagnostic: (d) => log(diagnosticLine(d)),
    onError: (error) =>
      log(
        'serve: re-sealing failed, the last catalog is still served: ' +
          (error instanceof Error ? error.message : String(error)),
      ),
  });
  let watcher: RootWatcher | undefined;
  try {
    if (options.watch !== false) {
      watcher = watchRoots(
        options.load.roots.map((r) => r.path),
        (paths) => live.changed(paths),
        {
          ...(options.poll === true ? { poll: true } : {}),
          onRootAppeared: (root) => log(`serve: root ${root} appeared; watching it`),
          onRootGone: (root, parent) => log(`serve: root ${root} is gone; watching ${parent} for it`),
        },
      );
    }
    const c = live.catalog;
    const watching = watcher ? `watching the roots (${watcher.mode})` : 'not watching';
    log(
      `serve: ${c.skills.length} skill(s), ${c.conflicts.length} shadowed, ` +
        `from ${options.load.roots.length} root(s) · ${c.digest} · ${watching}`,
    );
    for (const m of watcher?.missing ?? []) log(`serve: root ${m.root} is missing; watching ${m.watching} for it`);
    reportLeftOut();
    const register = (server: Server): (() => void) => {
      sessions.add(server);
      return () => void sessions.delete(server);
    };
    // A budget the guidance alone overflows is refused before any host connects.
    if (options.listing)
      log(
        `serve: instructions ${Buffer.byteLength(serverInstructions(c, options.listing), 'utf8')} ` +
          'bytes with the listing',
      );
    const session = {
      pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
      ...(options.listing ? { listing: options.listing } : {}),
    };
    if (options.http !== undefined) {
      const http = await serveHttp(live, options.http, session, register);
      log(`serve: listening on ${http.url}`);
      await aborted(options.signal);
      await http.close();
    } else {
      await Promise.race([serveStdio(live, session, register), aborted(options.signal)]);
    }
  } finally {
    watcher?.close();
    for (const s of sessions) await s.close().catch(() => undefined);
    await live.close();
  }
}

function aborted(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return new Promise(() => undefined);
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

function changeLine(event: ChangeEvent): string {
  const what = event.kind === 'reload' ? 'roots walked again' : 'changed';
  const where =
    event.paths.length === 0
      ? ''
      : `: ${event.paths.slice(0, 3).join(', ')}${event.paths.length > 3 ? ` and ${event.paths.length - 3} more` : ''}`;
  return `serve: ${what}${where}`;
}

function diagnosticLine(d: Diagnostic): string {
  return `${d.file}: ${d.severity} ${d.code} ${d.message}`;
}
