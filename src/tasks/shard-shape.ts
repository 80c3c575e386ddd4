/**
 * The shape a shard document's parse results, walk and folder seals must
 * have before `skillgraph merge` builds anything from them. A shard document
 * comes from another job and is untrusted: a value of the wrong type would
 * otherwise surface as a crash deep in sealing or resolving. Checked after
 * the keys are renamed back to the library's (camelCase), reported as the
 * document spells them; the documents keep their own objects, the schemas
 * only judge them.
 */
import type * as Zod from 'zod';
import { AUDIT_VERDICTS, type AuditVerdict } from '../audit/audit.js';
import { SEVERITIES } from '../model/diagnostics.js';
import { once, zod } from '../model/zod.js';
import { SKIP_REASONS } from './validate-path.js';
import { PROFILE_NAMES, UNICODE_POLICIES } from '../parse/profiles.js';
import { FAIL_ON } from '../report/formats.js';
import { snakeKey } from './shard-catalog.js';
import { MAX_SHARDS } from './shard.js';

/** `sha256:` and 64 lowercase hex digits. */
export const SHA256 = /^sha256:[0-9a-f]{64}$/;

function build(z: typeof Zod.z) {
  const text = z.string();
  const count = z.number().int().min(0);
  const texts = z.array(text);
  const Diagnostic = z.strictObject({ code: text, severity: z.enum(SEVERITIES), message: text, file: text, line: count, column: count, hint: text });
  const ToolRef = z.strictObject({ name: text, writes: z.boolean(), description: text.optional() });
  const Composition = z.strictObject({
    includes: z.array(z.strictObject({ skill: text, scope: text.optional(), overrides: z.record(text, z.strictObject({ writes: z.boolean().optional(), description: text.optional() })) })),
    tools: z.array(ToolRef),
    inlineTools: z.array(z.strictObject({ name: text.optional(), description: text, writes: z.boolean(), inputSchema: z.record(text, z.unknown()).optional() })),
    mcp: z.array(z.strictObject({ server: text, tools: z.array(ToolRef) })),
    agentSkills: texts,
  });
  const Descriptor = z.strictObject({
    id: text,
    name: text,
    description: text,
    version: text,
    license: text.optional(),
    compatibility: z.union([text, z.strictObject({ os: texts.optional(), programs: texts.optional(), env: texts.optional() })]).optional(),
    metadata: z.record(text, text),
    allowedTools: texts,
    modelInvocable: z.boolean(),
    dependencies: z.strictObject({ tools: texts, mcp_servers: texts }).optional(),
    source: z.strictObject({ scope: text, precedence: z.number().int(), root: text, locator: text }),
    digest: z.string().regex(SHA256),
  });
  const Package = z.strictObject({
    descriptor: Descriptor,
    body: text,
    bodyLine: z.number().int().min(1),
    composition: Composition,
    frontmatter: z.record(text, z.unknown()),
    diagnostics: z.array(Diagnostic),
  });
  const Result = z.strictObject({ locator: text, package: Package.optional(), diagnostics: z.array(Diagnostic) });
  const Walk = z.strictObject({
    discovered: z.strictObject({
      diagnostics: z.array(Diagnostic),
      roots: z.array(
        z.strictObject({ path: text, scope: text, precedence: z.number().int(), required: z.boolean(), status: z.enum(['searched', 'missing']), dirs: count, skills: count }),
      ),
      complete: z.boolean(),
      limits: z.array(z.strictObject({ root: text, limit: z.enum(['max-dirs', 'depth']), value: count, unsearched: count, flag: z.enum(['--max-dirs', '--depth']) })),
      notCatalogued: z.record(text, count),
      sameFile: count,
      reachedTwice: z.array(z.strictObject({ locator: text, via: text })),
    }),
    seal: z.union([z.null(), z.strictObject({ resourceId: text.optional(), conflictOrder: z.enum(['name', 'candidate']).optional(), strict: z.boolean().optional() })]),
    backend: text,
  });
  const FileSurface = z.strictObject({
    scripts: z.array(z.strictObject({ path: text, digest: z.union([z.string().regex(SHA256), z.literal('unread')]) })),
    hosts: texts,
    audit: z.enum(AUDIT_VERDICTS as [AuditVerdict, ...AuditVerdict[]]),
  });
  const Folder = z.union([
    z.strictObject({ ok: z.literal(true), tree: z.string().regex(SHA256), files: FileSurface }),
    z.strictObject({ ok: z.literal(false), diagnostic: Diagnostic }),
  ]);
  const Candidate = z.strictObject({
    position: count,
    result: Result,
    place: z.strictObject({ root: text, inRoot: text }).optional(),
    folder: Folder.optional(),
  });
  return { Walk, Candidate };
}

/** A `validate --shard i/n --json` document's entries and shard block. */
function buildValidate(z: typeof Zod.z) {
  const text = z.string();
  const count = z.number().int().min(0);
  const Diagnostic = z.strictObject({
    code: text,
    severity: z.enum(SEVERITIES),
    message: text,
    file: text.optional(),
    line: count,
    column: count,
    hint: text,
  });
  const Entry = z.strictObject({
    dir: text,
    file: text,
    name: text.nullable(),
    valid: z.boolean(),
    skipped: z.enum(SKIP_REASONS.map((r) => r.replaceAll('-', '_')) as [string, ...string[]]).optional(),
    link_to: text.optional(),
    diagnostics: z.array(Diagnostic),
  });
  const Options = z.strictObject({
    profile: z.enum(PROFILE_NAMES as unknown as [string, ...string[]]),
    unicode: z.enum(UNICODE_POLICIES as unknown as [string, ...string[]]).nullable(),
    rules: z.array(z.strictObject({ code: text, level: z.enum(['off', 'info', 'warning', 'error']) })),
    paths: z.array(text).min(1),
    fail_on: z.enum(FAIL_ON),
    max_warnings: count.nullable(),
    overlap_threshold: z.number().min(0).nullable(),
  });
  const Level = z.enum(['off', 'info', 'warning', 'error']);
  const Routing = z.strictObject({
    threshold: z.number().min(0).nullable(),
    levels: z.record(text, Level),
    skills: z.array(z.record(text, z.unknown())),
  });
  const Shard = z.strictObject({
    index: z.number().int().min(1),
    count: z.number().int().min(1).max(MAX_SHARDS),
    total: count,
    positions: z.array(count),
    shown: z.array(text.nullable()),
    root: text,
    options: Options,
    routing: Routing.optional(),
  });
  return { Entry, Shard };
}

const shapes = once(() => build(zod()));
const validateShapes = once(() => buildValidate(zod()));

/**
 * Why a `validate --shard` document's shard block or entries do not have their shape (the
 * first problem, with its path), or undefined when they do.
 *
 * @example validateShardProblem(doc.shard, doc.skills) // 'shard.options.profile: Invalid option: …'
 */
export function validateShardProblem(shard: unknown, skills: unknown): string | undefined {
  const { Entry, Shard } = validateShapes();
  const s = Shard.safeParse(shard);
  if (!s.success) return issueText('shard', s.error.issues[0]!);
  const e = zod().array(Entry).safeParse(skills);
  return e.success ? undefined : issueText('skills', e.error.issues[0]!);
}

/**
 * Why `walk` or `candidates` do not have a shard document's shape (the first problem, with its
 * path), or undefined when they do.
 *
 * @example shardShapeProblem(walk, candidates) // 'candidates.0.result.package.body: expected string, received number'
 */
export function shardShapeProblem(walk: unknown, candidates: unknown): string | undefined {
  const { Walk, Candidate } = shapes();
  const w = Walk.safeParse(walk);
  if (!w.success) return issueText('walk', w.error.issues[0]!);
  const c = zod().array(Candidate).safeParse(candidates);
  return c.success ? undefined : issueText('candidates', c.error.issues[0]!);
}

function issueText(at: string, issue: { readonly path: readonly PropertyKey[]; readonly message: string }): string {
  return `${[at, ...issue.path.map((k) => snakeKey(String(k)))].join('.')}: ${issue.message}`;
}
