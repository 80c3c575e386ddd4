// The fields are the wire names: metadata extends `CapabilitySummary`, so `toJSON()` is a plain copy.
import type { output } from 'zod/mini';
import { once, zod } from '../zod.js';
import { ENTRY_KINDS, type CapabilitySummary, type EntryKind, type ResolvedToolEntry } from '../resolve.js';
import type { SkillPackage } from '../package.js';
import { ResolvedToolListSchema, summarizeEntries } from './entries.js';
import { FACTORY, NonEmpty, check, invalid, orThrow, requireFactory, type Validated } from './validate.js';
import { optionKeys, unknownOption } from '../option-keys.js';

/** Version reported when neither the package nor the caller names one. */
export const DEFAULT_SKILL_VERSION = '0.0.0';

/** @internal */
export const SkillMetadataJsonSchema = once(() => {
  const z = zod();
  const summary = z.strictObject({
    name: NonEmpty(),
    description: z.string(),
    version: NonEmpty(),
    read_only: z.boolean(),
    writes: z.boolean(),
    tool_count: z.int().check(z.gte(0)),
    source_types: z.array(z.enum(ENTRY_KINDS)),
  });
  return summary.check(
    z.superRefine((m, ctx) => {
      if (m.read_only === m.writes)
        ctx.addIssue({ code: 'custom', path: ['read_only'], message: 'must be the opposite of writes' });
      const order = m.source_types.map((t) => ENTRY_KINDS.indexOf(t));
      if (order.some((v, i) => i > 0 && v <= order[i - 1]!)) {
        ctx.addIssue({
          code: 'custom',
          path: ['source_types'],
          message: `must be unique, in the order ${ENTRY_KINDS.join(', ')}`,
        });
      }
      if (m.source_types.length > m.tool_count) {
        ctx.addIssue({
          code: 'custom',
          path: ['source_types'],
          message: `lists ${m.source_types.length} kinds for ${m.tool_count} tools`,
        });
      }
      if (m.tool_count === 0 && m.writes)
        ctx.addIssue({ code: 'custom', path: ['writes'], message: 'a skill without tools cannot write' });
    }),
  );
});

/** `SkillMetadata.toJSON()` output. */
export interface SkillMetadataJson extends CapabilitySummary {
  readonly name: string;
  readonly description: string;
  readonly version: string;
}

/** Options of `SkillMetadata.fromSkill`. */
export interface FromSkillOptions {
  /** Overrides the package's `descriptor.version`. */
  readonly version?: string;
}

const FROM_SKILL_KEYS = optionKeys<FromSkillOptions>('SkillMetadata.fromSkill', { version: true });

/**
 * What a host needs to list and choose a skill. Immutable.
 * @example SkillMetadata.fromSkill(catalog.get('deploy')!, resolved.entries)
 */
export class SkillMetadata implements SkillMetadataJson {
  declare readonly name: string;
  declare readonly description: string;
  declare readonly version: string;
  declare readonly read_only: boolean;
  declare readonly writes: boolean;
  declare readonly tool_count: number;
  declare readonly source_types: readonly EntryKind[];

  private constructor(m: output<ReturnType<typeof SkillMetadataJsonSchema>>, token?: typeof FACTORY) {
    requireFactory('SkillMetadata', token, 'SkillMetadata.fromSkill(…), fromSummary(…) or from(…)');
    Object.assign(this, { ...m, source_types: Object.freeze([...m.source_types]) });
    Object.freeze(this);
  }

  /** Build from a package and its resolved entries; never throws. */
  static safeFromSkill(
    pkg: SkillPackage | null | undefined,
    entries: readonly ResolvedToolEntry[] | null | undefined,
    options: FromSkillOptions = {},
  ): Validated<SkillMetadata> {
    const unknown = unknownOption(options, FROM_SKILL_KEYS);
    if (unknown) return { ok: false, error: unknown };
    if (pkg === null || pkg === undefined || typeof pkg !== 'object' || !pkg.descriptor) {
      const got = pkg === null ? 'null' : pkg === undefined ? 'undefined' : 'a value without a descriptor';
      return {
        ok: false,
        error: invalid('SkillMetadata', [{ path: '', message: `fromSkill needs a skill package, got ${got}` }]),
      };
    }
    const list = check('SkillMetadata', ResolvedToolListSchema(), entries);
    if (!list.ok) {
      const got = entries === null ? 'null' : entries === undefined ? 'undefined' : undefined;
      return got
        ? {
            ok: false,
            error: invalid('SkillMetadata', [
              { path: '', message: `fromSkill needs the resolved entries, got ${got}` },
            ]),
          }
        : list;
    }
    return SkillMetadata.safeFromSummary(pkg, summarizeEntries(list.value), options);
  }

  /** Build from a package and its resolved entries, or throw `protocol.invalid`. */
  static fromSkill(
    pkg: SkillPackage | null | undefined,
    entries: readonly ResolvedToolEntry[] | null | undefined,
    options: FromSkillOptions = {},
  ): SkillMetadata {
    return orThrow(SkillMetadata.safeFromSkill(pkg, entries, options));
  }

  /** Build from a package and the resolver's capability summary; never throws. */
  static safeFromSummary(
    pkg: SkillPackage | null | undefined,
    summary: CapabilitySummary | null | undefined,
    options: FromSkillOptions = {},
  ): Validated<SkillMetadata> {
    const unknown = unknownOption(options, FROM_SKILL_KEYS);
    if (unknown) return { ok: false, error: unknown };
    if (pkg === null || pkg === undefined || typeof pkg !== 'object' || !pkg.descriptor) {
      return {
        ok: false,
        error: invalid('SkillMetadata', [
          { path: '', message: `fromSummary needs a skill package, got ${String(pkg)}` },
        ]),
      };
    }
    if (summary === null || summary === undefined || typeof summary !== 'object') {
      return {
        ok: false,
        error: invalid('SkillMetadata', [
          { path: '', message: `fromSummary needs a capability summary, got ${String(summary)}` },
        ]),
      };
    }
    return SkillMetadata.safeFrom({
      name: pkg.descriptor.name,
      description: pkg.descriptor.description,
      version: options.version ?? (pkg.descriptor.version || DEFAULT_SKILL_VERSION),
      read_only: summary.read_only,
      writes: summary.writes,
      tool_count: summary.tool_count,
      source_types: summary.source_types,
    });
  }

  /** Build from a package and a capability summary, or throw `protocol.invalid`. */
  static fromSummary(
    pkg: SkillPackage | null | undefined,
    summary: CapabilitySummary | null | undefined,
    options: FromSkillOptions = {},
  ): SkillMetadata {
    return orThrow(SkillMetadata.safeFromSummary(pkg, summary, options));
  }

  /**
   * Internal listings only: our own resolver's summary needs no schema check.
   * Perf: the check was a visible share of `catalog --json` at 10k skills.
   */
  static fromTrustedSummary(pkg: SkillPackage, summary: CapabilitySummary): SkillMetadata {
    return new SkillMetadata(
      {
        name: pkg.descriptor.name,
        description: pkg.descriptor.description,
        version: pkg.descriptor.version || DEFAULT_SKILL_VERSION,
        read_only: summary.read_only,
        writes: summary.writes,
        tool_count: summary.tool_count,
        source_types: [...summary.source_types],
      },
      FACTORY,
    );
  }

  /** Rebuild from wire JSON; never throws. */
  static safeFrom(json: unknown): Validated<SkillMetadata> {
    const parsed = check('SkillMetadata', SkillMetadataJsonSchema(), json);
    return parsed.ok ? { ok: true, value: new SkillMetadata(parsed.value, FACTORY) } : parsed;
  }

  /** Rebuild from wire JSON, or throw. */
  static from(json: unknown): SkillMetadata {
    return orThrow(SkillMetadata.safeFrom(json));
  }

  /** The wire form: a plain copy of the fields. */
  toJSON(): SkillMetadataJson {
    return {
      name: this.name,
      description: this.description,
      version: this.version,
      read_only: this.read_only,
      writes: this.writes,
      tool_count: this.tool_count,
      source_types: [...this.source_types],
    };
  }
}
