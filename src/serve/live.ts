// The live catalog behind `serve`, and the one place that decides what is served. An edit to a
// catalogued SKILL.md re-seals from the packages held (no walk, milliseconds at 10,000 skills);
// anything else runs the engine again, whose parse cache answers every unchanged file.
import { realpathSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { buildCatalog } from '../catalog/build.js';
import { JS_HASHER } from '../catalog/hasher.js';
import { isInside, isSkillFileName } from '../discover/paths.js';
import type { SkillRoot } from '../discover/roots.js';
import type { LoadCatalogOptions, ParseItem } from '../engine/catalog-pipeline.js';
import { DEFAULT_PLAN_PROFILE } from '../engine/catalog-pipeline.js';
import { createEngine, type Engine, type EngineOptions } from '../engine/engine.js';
import { parseItem, parseItemBytes } from '../engine/parse-files.js';
import {
  catalogLeftOut,
  leftOutPackage,
  leftOutReport,
  type LeftOut,
  type LeftOutSkill,
  type WalkAccountView,
} from '../context/left-out.js';
import type { Catalog } from '../model/catalog.js';
import type { Diagnostic } from '../model/diagnostics.js';
import type { SkillPackage } from '../model/package.js';
import { isProfileName, type ProfileName } from '../parse/profiles.js';
import { fileDiagnostic } from '../discover/file-messages.js';
import { buildManifest, readVerified, type ManifestFile, type ManifestResult } from './manifest.js';
import { SHADOWED_PREFIX, SKILL_FILE, fileUri, skillPath, type SkillAddress } from './uri.js';

export interface ServedSkill {
  readonly address: SkillAddress;
  readonly pkg: SkillPackage;
  readonly dir: string;
  readonly uri: string;
}

export interface ChangeEvent {
  /** `reload`: the roots were walked again; `files`: files changed. */
  readonly kind: 'reload' | 'files';
  readonly paths: readonly string[];
}

export interface LiveOptions {
  readonly load: LoadCatalogOptions;
  readonly engine?: Partial<EngineOptions>;
  readonly onChange?: (event: ChangeEvent) => void;
  readonly onSealed?: (digest: string) => void;
  readonly onDiagnostic?: (diagnostic: Diagnostic) => void;
  /** A reload that failed (a required root gone): the last sealed catalog stays served. */
  readonly onError?: (error: unknown) => void;
}

/** A save is often several writes: the seal waits for this quiet time. */
const SEAL_DELAY_MS = 50;

/** Codes `buildCatalog` adds itself: dropped before a re-seal so they are not doubled. */
const SEAL_CODES: ReadonlySet<string> = new Set(['catalog.conflict', 'catalog.duplicate-file', 'catalog.confusable']);

export class LiveCatalog {
  readonly #options: LiveOptions;
  readonly #engine: Engine;
  readonly #profile: ProfileName;
  /** Again on each reload: a root may appear. */
  #roots: readonly { readonly root: SkillRoot; readonly real: string }[] = [];
  #catalog!: Catalog;
  /** Winners and shadowed copies by locator: what a re-seal seals. */
  #candidates = new Map<string, SkillPackage>();
  #dirs = new Map<string, SkillPackage[]>();
  /** Without the codes sealing adds; files re-parsed since replace theirs. */
  #baseDiagnostics: readonly Diagnostic[] = [];
  #fileDiagnostics = new Map<string, readonly Diagnostic[]>();
  #sealPending = false;
  /** Served paths by locator: an edit swaps in place. */
  #keysOf = new Map<string, string[]>();
  #winnerIndex = new Map<string, number>();
  #aliases: { locator: string; via: string }[] = [];
  #winners: ServedSkill[] = [];
  #byPath = new Map<string, ServedSkill>();
  #manifests = new Map<string, ManifestResult>();
  #walk: WalkAccountView | undefined;
  /** Skills whose folder could not be listed or passes the extension's limits. */
  #refused = new Map<string, LeftOutSkill>();
  #generation = 0;
  #reloading: Promise<void> | undefined;
  #again = false;
  #closed = false;

  private constructor(options: LiveOptions) {
    this.#options = options;
    this.#engine = createEngine(options.engine ?? {});
    const profile = options.load.profile ?? DEFAULT_PLAN_PROFILE;
    this.#profile = isProfileName(profile) ? profile : DEFAULT_PLAN_PROFILE;
  }

  /** Seal the catalog `options.load` describes and start answering for it. */
  static async open(options: LiveOptions): Promise<LiveCatalog> {
    const live = new LiveCatalog(options);
    try {
      await live.#reloadOnce();
    } catch (error) {
      await live.close();
      throw error;
    }
    return live;
  }

  get catalog(): Catalog {
    return this.#catalog;
  }

  /** What is not served, and why (refused skills are known once a listing or read met them). */
  leftOut(): LeftOut {
    return leftOutReport([...catalogLeftOut(this.#catalog), ...this.#refused.values()], this.#walk, this.#catalog);
  }

  get generation(): number {
    return this.#generation;
  }

  winners(): readonly ServedSkill[] {
    return this.#winners;
  }

  /** The served skill at `name` or `shadowed/<scope>/<name>` (decoded segments). */
  skillAt(segments: readonly string[]): ServedSkill | undefined {
    return this.#byPath.get(segments.join('/'));
  }

  /** Skill and file of decoded URI segments; shadowed first, yet a winner named `shadowed` stays reachable. */
  locate(segments: readonly string[]): { readonly skill: ServedSkill; readonly file: string } | undefined {
    if (segments[0] === SHADOWED_PREFIX && segments.length >= 3) {
      const skill = this.#byPath.get(segments.slice(0, 3).join('/'));
      if (skill) return { skill, file: segments.slice(3).join('/') };
    }
    const skill = this.#byPath.get(segments[0] ?? '');
    return skill ? { skill, file: segments.slice(1).join('/') } : undefined;
  }

  /** Built on first use; an edited SKILL.md re-seals first, so the entry describes the bytes it lists. */
  manifest(skill: ServedSkill): { readonly skill: ServedSkill; readonly result: ManifestResult } {
    let current = skill;
    for (let attempt = 0; ; attempt++) {
      const key = manifestKey(current);
      const cached = this.#manifests.get(key);
      if (cached) return { skill: current, result: cached };
      const result = buildManifest(current.address, current.dir, current.pkg.descriptor.source.locator);
      if (result.ok && attempt < 2 && !this.#describes(current, result.manifest.skillFile)) {
        this.#resealFile(current.pkg.descriptor.source.locator);
        const next = this.#byPath.get(addressKey(current.address));
        if (next === undefined)
          return {
            skill: current,
            result: {
              ok: false,
              diagnostic: changedDiagnostic(
                current.pkg.descriptor.source.locator,
                `no skill is served at ${current.uri} any more`,
              ),
            },
          };
        current = next;
        continue;
      }
      const locator = current.pkg.descriptor.source.locator;
      const problems = result.ok ? result.manifest.limits : [result.diagnostic];
      for (const d of problems) this.#options.onDiagnostic?.(d);
      if (problems.length === 0 || current.address.scope !== undefined) this.#refused.delete(locator);
      else this.#refused.set(locator, leftOutPackage(current.pkg, 'failed', problems));
      this.#manifests.set(key, result);
      return { skill: current, result };
    }
  }

  /** A listed file's bytes, while they match; a mismatch re-seals first so the next `skills/get` is current. */
  read(
    skill: ServedSkill,
    file: ManifestFile,
  ): { readonly ok: true; readonly bytes: Uint8Array } | { readonly ok: false; readonly why: string } {
    const read = readVerified(file);
    if (read.ok) return read;
    this.changed([file.abs]);
    return read;
  }

  /** Paths changed on disk: drop their folders' manifests and re-seal (in place for a catalogued SKILL.md). */
  changed(paths: readonly string[]): void {
    if (this.#closed || paths.length === 0) return;
    let reload = false;
    const edited = new Set<string>();
    let dropped = false;
    for (const path of paths) {
      const owners = this.#owners(path);
      if (owners.length === 0) {
        reload = true;
        continue;
      }
      for (const key of [...this.#manifests.keys()]) {
        if (owners.some((o) => key.endsWith(`\u0000${o.descriptor.source.locator}`))) {
          this.#manifests.delete(key);
          dropped = true;
        }
      }
      const own = owners.find((o) => o.descriptor.source.locator === path);
      if (own) edited.add(path);
      else if (isSkillFileName(basename(path)) || owners.some((o) => !exists(o.descriptor.source.locator)))
        reload = true;
    }
    if (!reload) {
      for (const locator of edited) if (!this.#resealFile(locator)) reload = true;
    }
    if (reload) {
      void this.reload();
      return;
    }
    if (dropped || edited.size > 0) this.#changedNow('files', paths);
  }

  /** Run the engine again (coalesced: one more run at most while one is going). */
  reload(): Promise<void> {
    if (this.#reloading) {
      this.#again = true;
      return this.#reloading;
    }
    const run = async (): Promise<void> => {
      do {
        this.#again = false;
        try {
          await this.#reloadOnce();
          this.#changedNow('reload', []);
          this.#options.onSealed?.(this.#catalog.digest);
        } catch (error) {
          this.#options.onError?.(error);
        }
      } while (this.#again && !this.#closed);
    };
    this.#reloading = run().finally(() => {
      this.#reloading = undefined;
    });
    return this.#reloading;
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#reloading?.catch(() => undefined);
    await this.#engine.close();
  }

  async #reloadOnce(): Promise<void> {
    if (this.#closed) return;
    this.#roots = this.#options.load.roots.flatMap((root) => {
      try {
        return [{ root, real: realpathSync(root.path) }];
      } catch {
        return []; // a missing optional root: nothing in it to find until it appears
      }
    });
    const { catalog, walk } = await this.#engine.loadCatalog(this.#options.load);
    this.#walk = walk;
    this.#refused.clear();
    const candidates = new Map(catalog.skills.map((p) => [p.descriptor.source.locator, p]));
    const aliases: { locator: string; via: string }[] = [];
    for (const c of catalog.conflicts) {
      if (realOr(c.shadowed) === c.selected && c.shadowed !== c.selected) {
        aliases.push({ locator: c.selected, via: c.shadowed });
        continue;
      }
      const pkg = this.#parse(c.shadowed);
      if (pkg) candidates.set(c.shadowed, pkg);
    }
    this.#candidates = candidates;
    this.#aliases = aliases;
    this.#baseDiagnostics = catalog.diagnostics.filter((d) => !SEAL_CODES.has(d.code));
    this.#fileDiagnostics.clear();
    this.#manifests.clear();
    this.#install(catalog);
  }

  // False when a reload is needed. Perf: an unchanged name is served at once and the catalog re-sealed
  // after, so an edit is visible within 100 ms; a rename can change winners, so it re-seals first.
  #resealFile(locator: string): boolean {
    const old = this.#candidates.get(locator);
    if (!old) return false;
    const fresh = this.#parse(locator, old);
    if (!fresh) return false;
    for (const key of [...this.#manifests.keys()]) if (key.endsWith(`\u0000${locator}`)) this.#manifests.delete(key);
    if (fresh.descriptor.digest === old.descriptor.digest) return true;
    this.#candidates.set(locator, fresh);
    this.#fileDiagnostics.set(locator, fresh.diagnostics);
    if (fresh.descriptor.name !== old.descriptor.name) {
      this.#sealNow();
      return true;
    }
    for (const key of this.#keysOf.get(locator) ?? []) {
      const before = this.#byPath.get(key)!;
      const after = served(before.address, fresh);
      this.#byPath.set(key, after);
      const i = this.#winnerIndex.get(locator);
      if (i !== undefined && before.address.scope === undefined) this.#winners[i] = after;
    }
    if (!this.#sealPending) {
      this.#sealPending = true;
      setTimeout(() => this.#sealNow(), SEAL_DELAY_MS);
    }
    return true;
  }

  #sealNow(): void {
    this.#sealPending = false;
    if (this.#closed) return;
    const diagnostics = [
      ...this.#baseDiagnostics.filter((d) => !this.#fileDiagnostics.has(d.file)),
      ...[...this.#fileDiagnostics.values()].flat(),
    ];
    const catalog = buildCatalog([...this.#candidates.values()], {
      hasher: JS_HASHER,
      trustDigests: true,
      diagnostics,
      aliases: this.#aliases,
    });
    this.#install(catalog);
    this.#options.onSealed?.(catalog.digest);
  }

  #describes(skill: ServedSkill, bytes: Uint8Array): boolean {
    const item = this.#item(skill.pkg.descriptor.source.locator, skill.pkg);
    const fresh = item && parseItemBytes(item, bytes, JS_HASHER).package;
    return fresh !== undefined && fresh.descriptor.digest === skill.pkg.descriptor.digest;
  }

  /** Parsed as the walk would have; undefined when it does not parse or lies in no root. */
  #parse(locator: string, like?: SkillPackage): SkillPackage | undefined {
    const item = this.#item(locator, like);
    return item ? parseItem(item, JS_HASHER).package : undefined;
  }

  #item(locator: string, like?: SkillPackage): ParseItem | undefined {
    const source = like?.descriptor.source ?? this.#rootOf(locator);
    if (!source) return undefined;
    return {
      path: locator,
      locator,
      dirName: basename(dirname(locator)),
      scope: source.scope,
      precedence: source.precedence,
      root: source.root,
      profile: this.#profile,
    };
  }

  #rootOf(path: string): { scope: string; precedence: number; root: string } | undefined {
    // Highest precedence first: the root the walk would have credited.
    const found = [...this.#roots]
      .sort((a, b) => b.root.precedence - a.root.precedence)
      .find((r) => isInside(r.real, path) || isInside(r.root.path, path));
    return (
      found && { scope: found.root.scope, precedence: found.root.precedence, root: found.root.path.replace(/\\/g, '/') }
    );
  }

  /** A nested skill's files belong to its parent too. */
  #owners(path: string): SkillPackage[] {
    const out: SkillPackage[] = [];
    // Perf: the path's ancestors looked up in a map, not every candidate tested.
    for (let dir = path; ;) {
      const held = this.#dirs.get(dir);
      if (held) out.push(...held);
      const up = dirname(dir);
      if (up === dir) return out;
      dir = up;
    }
  }

  #install(catalog: Catalog): void {
    this.#catalog = catalog;
    const winners = catalog.skills.map((pkg) => served({ name: pkg.descriptor.name }, pkg));
    const byPath = new Map<string, ServedSkill>(winners.map((s) => [addressKey(s.address), s]));
    const winning = new Set(catalog.skills.map((p) => p.descriptor.source.locator));
    for (const c of catalog.conflicts) {
      const pkg = winning.has(c.shadowed) ? undefined : this.#candidates.get(c.shadowed);
      if (!pkg) continue;
      const address = { name: pkg.descriptor.name, scope: pkg.descriptor.source.scope };
      // Conflicts come strongest first: the first copy of a scope is the one served.
      if (!byPath.has(addressKey(address))) byPath.set(addressKey(address), served(address, pkg));
    }
    const dirs = new Map<string, SkillPackage[]>();
    for (const p of this.#candidates.values()) {
      const dir = dirname(p.descriptor.source.locator);
      const held = dirs.get(dir);
      if (held) held.push(p);
      else dirs.set(dir, [p]);
    }
    const keysOf = new Map<string, string[]>();
    for (const [key, skill] of byPath) {
      const locator = skill.pkg.descriptor.source.locator;
      const held = keysOf.get(locator);
      if (held) held.push(key);
      else keysOf.set(locator, [key]);
    }
    this.#winners = winners;
    this.#winnerIndex = new Map(winners.map((s, i) => [s.pkg.descriptor.source.locator, i]));
    this.#byPath = byPath;
    this.#keysOf = keysOf;
    this.#dirs = dirs;
    this.#generation++;
  }

  #changedNow(kind: ChangeEvent['kind'], paths: readonly string[]): void {
    this.#generation++;
    this.#options.onChange?.({ kind, paths });
  }
}

function served(address: SkillAddress, pkg: SkillPackage): ServedSkill {
  return Object.freeze({
    address,
    pkg,
    dir: dirname(pkg.descriptor.source.locator),
    uri: fileUri(address, SKILL_FILE),
  });
}

function manifestKey(skill: ServedSkill): string {
  return `${skillPath(skill.address)}\u0000${skill.pkg.descriptor.source.locator}`;
}

function exists(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function realOr(path: string): string {
  try {
    return realpathSync(path).replace(/\\/g, '/');
  } catch {
    return path;
  }
}

function addressKey(address: SkillAddress): string {
  return address.scope === undefined ? address.name : `${SHADOWED_PREFIX}/${address.scope}/${address.name}`;
}

function changedDiagnostic(file: string, what: string): Diagnostic {
  return fileDiagnostic('resource.changed', file, { path: file, what });
}
