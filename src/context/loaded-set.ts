// Loaded instructions are context of one run: a later run starts empty. A log line:
// {"run_id":"r1","event":"skill_loaded","name":"pdf","digest":"sha256:…"}
import { cmp } from '../model/diagnostics.js';
import { DIGEST_PATTERN } from '../catalog/digest.js';
import { SkillgraphError } from '../model/errors.js';

/** The event a load appends to a session log. */
export interface SkillLoadedEvent {
  readonly run_id: string;
  readonly event: 'skill_loaded';
  readonly name: string;
  readonly digest: string;
}

// `private` binds TypeScript only: a plain-JS `new LoadedSet()` would hold no map.
const FACTORY: unique symbol = Symbol('skillgraph.loaded-set');

/** An immutable name → digest set; the same name with another digest is `skill.digest-changed`. */
export class LoadedSet {
  static readonly EMPTY = new LoadedSet(new Map(), FACTORY);

  readonly #digests: ReadonlyMap<string, string>;

  private constructor(digests: ReadonlyMap<string, string>, token?: typeof FACTORY) {
    if (token !== FACTORY) {
      throw new SkillgraphError(
        'options.invalid',
        'build a LoadedSet with LoadedSet.EMPTY, LoadedSet.of(pairs) or replayLoadedSet(log, runId)',
        { field: 'LoadedSet' },
      );
    }
    this.#digests = digests;
    Object.freeze(this);
  }

  /** A set holding these pairs (later pairs must agree with earlier ones). */
  static of(pairs: Iterable<readonly [name: string, digest: string]>): LoadedSet {
    let set = LoadedSet.EMPTY;
    for (const [name, digest] of pairs) set = set.with(name, digest);
    return set;
  }

  get size(): number {
    return this.#digests.size;
  }

  has(name: string): boolean {
    return this.#digests.has(name);
  }

  digestOf(name: string): string | undefined {
    return this.#digests.get(name);
  }

  names(): string[] {
    return [...this.#digests.keys()].sort(cmp);
  }

  /** This set plus `name`; unchanged when already there with the same digest. */
  with(name: string, digest: string): LoadedSet {
    const previous = this.#digests.get(name);
    if (previous === digest) return this;
    if (previous !== undefined) throw digestChanged(name, previous, digest);
    const next = new Map(this.#digests);
    next.set(name, digest);
    return new LoadedSet(next, FACTORY);
  }

  toJSON(): { name: string; digest: string }[] {
    return this.names().map((name) => ({ name, digest: this.#digests.get(name)! }));
  }
}

/** The error for a skill whose content differs from what was sealed or loaded. */
export function digestChanged(name: string, expected: string, actual: string, reason = 'changed'): SkillgraphError {
  return new SkillgraphError(
    'skill.digest-changed',
    `skill '${name}' changed: expected ${expected}, found ${actual}${reason === 'changed' ? '' : ` (${reason})`}`,
    { name, expected, actual, reason },
  );
}

/** The event for loading `name` at `digest` in `runId`. */
export function skillLoadedEvent(runId: string, name: string, digest: string): SkillLoadedEvent {
  return { run_id: runId, event: 'skill_loaded', name, digest };
}

/** One log line (with its newline), keys in a fixed order. */
export function formatEvent(event: SkillLoadedEvent): string {
  return `${JSON.stringify({ run_id: event.run_id, event: event.event, name: event.name, digest: event.digest })}\n`;
}

/** Every `skill_loaded` event of a JSON-lines log, in order; a malformed one is `log.invalid` naming the line. */
export function parseEventLog(text: string, file = '<log>'): SkillLoadedEvent[] {
  const events: SkillLoadedEvent[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line) as unknown;
    } catch (error) {
      throw badLine(file, i + 1, `not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw badLine(file, i + 1, 'not a JSON object');
    const record = value as Record<string, unknown>;
    if (record.event !== 'skill_loaded') continue;
    for (const field of ['run_id', 'name', 'digest'] as const) {
      if (typeof record[field] !== 'string' || record[field] === '') {
        throw badLine(file, i + 1, `skill_loaded event needs a non-empty string '${field}'`);
      }
    }
    // A digest that is not a sealed one could never match a catalog: the log is damaged.
    if (!DIGEST_PATTERN.test(record.digest as string))
      throw badLine(file, i + 1, "skill_loaded event's 'digest' is not sha256: and 64 lower-case hex digits");
    events.push(skillLoadedEvent(record.run_id as string, record.name as string, record.digest as string));
  }
  return events;
}

/** The loaded set of run `runId`, rebuilt from a log (other runs' events ignored). */
export function replayLoadedSet(text: string, runId: string, file = '<log>'): LoadedSet {
  let set = LoadedSet.EMPTY;
  for (const event of parseEventLog(text, file)) {
    if (event.run_id === runId) set = set.with(event.name, event.digest);
  }
  return set;
}

function badLine(file: string, line: number, message: string): SkillgraphError {
  return new SkillgraphError('log.invalid', `${file}:${line}: ${message}`, { file, line });
}
