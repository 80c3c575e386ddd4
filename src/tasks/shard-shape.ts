// A shard document comes from another job and is untrusted: a wrong type would otherwise crash deep
// in sealing. Checked after the keys are renamed back; the schemas judge, the documents keep their objects.
import { AUDIT_VERDICTS, type AuditVerdict } from '../audit/audit.js';
import { SEVERITIES } from '../model/diagnostics.js';
import { once, zod, type Zod } from '../model/zod.js';
import { SKIP_REASONS } from './validate-path.js';
import { PROFILE_NAMES, UNICODE_POLICIES } from '../parse/profiles.js';
import { FAIL_ON } from '../report/formats.js';
import { snakeKey } from './shard-catalog.js';
import { MAX_SHARDS } from './shard.js';

export const SHA256 = /^sha256:[0-9a-f]{64}$/;

function build(z: Zod) {
  const text = z.string();
  const opt = z.optional;
  const count = z.int().check(z.gte(0));
  const whole = z.int();
  const flag = z.boolean();
  const texts = z.array(text);
  const digest = z.string().check(z.regex(SHA256));
  const Diagnostic = z.strictObject({
    code: text,
    severity: z.enum(SEVERITIES),
    message: text,
    file: text,
    line: count,
    column: count,
    hint: text,
  });
  const ToolRef = z.strictObject({ name: text, writes: flag, description: opt(text) });
  const Override = z.strictObject({ writes: opt(flag), description: opt(text) });
  const Composition = z.strictObject({
    includes: z.array(z.strictObject({ skill: text, scope: opt(text), overrides: z.record(text, Override) })),
    tools: z.array(ToolRef),
    inlineTools: z.array(
      z.strictObject({
        name: opt(text),
        description: text,
        writes: flag,
        inputSchema: opt(z.record(text, z.unknown())),
      }),
    ),
    mcp: z.array(z.strictObject({ server: text, tools: z.array(ToolRef) })),
    agentSkills: texts,
  });
  const Descriptor = z.strictObject({
    id: text,
    name: text,
    description: text,
    version: text,
    license: opt(text),
    compatibility: opt(z.union([text, z.strictObject({ os: opt(texts), programs: opt(texts), env: opt(texts) })])),
    metadata: z.record(text, text),
    allowedTools: texts,
    modelInvocable: flag,
    dependencies: opt(z.strictObject({ tools: texts, mcp_servers: texts })),
    source: z.strictObject({ scope: text, precedence: whole, root: text, locator: text }),
    digest,
  });
  const Package = z.strictObject({
    descriptor: Descriptor,
    body: text,
    bodyLine: z.int().check(z.gte(1)),
    composition: Composition,
    frontmatter: z.record(text, z.unknown()),
    diagnostics: z.array(Diagnostic),
  });
  const Result = z.strictObject({ locator: text, package: opt(Package), diagnostics: z.array(Diagnostic) });
  const Walk = z.strictObject({
    discovered: z.strictObject({
      diagnostics: z.array(Diagnostic),
      roots: z.array(
        z.strictObject({
          path: text,
          scope: text,
          precedence: whole,
          required: flag,
          status: z.enum(['searched', 'missing']),
          dirs: count,
          skills: count,
        }),
      ),
      complete: flag,
      limits: z.array(
        z.strictObject({
          root: text,
          limit: z.enum(['max-dirs', 'depth']),
          value: count,
          unsearched: count,
          flag: z.enum(['--max-dirs', '--depth']),
        }),
      ),
      notCatalogued: z.record(text, count),
      sameFile: count,
      reachedTwice: z.array(z.strictObject({ locator: text, via: text })),
    }),
    seal: z.union([
      z.null(),
      z.strictObject({ resourceId: opt(text), conflictOrder: opt(z.enum(['name', 'candidate'])), strict: opt(flag) }),
    ]),
    backend: text,
  });
  const FileSurface = z.strictObject({
    scripts: z.array(z.strictObject({ path: text, digest: z.union([digest, z.literal('unread')]) })),
    hosts: texts,
    audit: z.enum(AUDIT_VERDICTS as [AuditVerdict, ...AuditVerdict[]]),
  });
  const Folder = z.union([
    z.strictObject({ ok: z.literal(true), tree: digest, files: FileSurface }),
    z.strictObject({ ok: z.literal(false), diagnostic: Diagnostic }),
  ]);
  const Candidate = z.strictObject({
    position: count,
    result: Result,
    place: opt(z.strictObject({ root: text, inRoot: text })),
    folder: opt(Folder),
  });
  return { Walk, Candidate };
}

function buildValidate(z: Zod) {
  const text = z.string();
  const opt = z.optional;
  const count = z.int().check(z.gte(0));
  const Level = z.enum(['off', 'info', 'warning', 'error']);
  const Diagnostic = z.strictObject({
    code: text,
    severity: z.enum(SEVERITIES),
    message: text,
    file: opt(text),
    line: count,
    column: count,
    hint: text,
  });
  const Entry = z.strictObject({
    dir: text,
    file: text,
    name: z.nullable(text),
    valid: z.boolean(),
    skipped: opt(z.enum(SKIP_REASONS.map((r) => r.replaceAll('-', '_')) as [string, ...string[]])),
    link_to: opt(text),
    diagnostics: z.array(Diagnostic),
  });
  const Options = z.strictObject({
    profile: z.enum(PROFILE_NAMES as unknown as [string, ...string[]]),
    unicode: z.nullable(z.enum(UNICODE_POLICIES as unknown as [string, ...string[]])),
    rules: z.array(z.strictObject({ code: text, level: Level })),
    paths: z.array(text).check(z.minLength(1)),
    fail_on: z.enum(FAIL_ON),
    max_warnings: z.nullable(count),
    overlap_threshold: z.nullable(z.number().check(z.gte(0))),
  });
  const Routing = z.strictObject({
    threshold: z.nullable(z.number().check(z.gte(0))),
    levels: z.record(text, Level),
    skills: z.array(z.record(text, z.unknown())),
  });
  const Shard = z.strictObject({
    index: z.int().check(z.gte(1)),
    count: z.int().check(z.gte(1), z.lte(MAX_SHARDS)),
    total: count,
    positions: z.array(count),
    shown: z.array(z.nullable(text)),
    root: text,
    options: Options,
    routing: opt(Routing),
  });
  return { Entry, Shard };
}

const shapes = once(() => build(zod()));
const validateShapes = once(() => buildValidate(zod()));

/** The first problem (with its path) of a validate shard's block or entries, or undefined. */
export function validateShardProblem(shard: unknown, skills: unknown): string | undefined {
  const { Entry, Shard } = validateShapes();
  const s = Shard.safeParse(shard);
  if (!s.success) return issueText('shard', s.error.issues[0]!);
  const e = zod().array(Entry).safeParse(skills);
  return e.success ? undefined : issueText('skills', e.error.issues[0]!);
}

/** The first problem (with its path) of a shard's walk or candidates, or undefined. */
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
