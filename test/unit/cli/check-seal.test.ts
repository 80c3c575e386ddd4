/**
 * The capability seal: lock three skills, then widen one's allowed-tools,
 * add a script to another and change only the prose of the third — check
 * reports exactly the first two as widened (and all three as changed),
 * `--accept` records it, and a lock without surfaces still reads.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { main } from '../../../src/cli/main.js';

const SCHEMAS = new URL('../../../schemas/', import.meta.url).pathname;
const ajv = new Ajv2020({ allErrors: true, strict: true });
for (const file of readdirSync(SCHEMAS).filter((f) => f.endsWith('.schema.json')))
  ajv.addSchema(JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8')));
const schemaErrors = (schema: string, doc: unknown): unknown => {
  const validate = ajv.getSchema(`${schema}.schema.json`)!;
  return validate(doc) ? [] : validate.errors;
};

const dir = mkdtempSync(join(tmpdir(), 'skillgraph-seal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(
  args: string[],
): Promise<{ code: number; doc: Record<string, unknown>; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    stdout: { write: (s: string | Buffer) => (stdout += String(s)) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: dir,
    env: { HOME: join(dir, 'home'), XDG_CACHE_HOME: join(dir, 'cache') },
  });
  return { code, doc: args.includes('--json') ? (JSON.parse(stdout) as Record<string, unknown>) : {}, stdout, stderr };
}

function write(rel: string, text: string): void {
  mkdirSync(join(dir, rel, '..'), { recursive: true });
  writeFileSync(join(dir, rel), text);
}

const skill = (name: string, tools: string, extra = ''): string =>
  `---\nname: ${name}\ndescription: Use when a test needs ${name}.\nallowed-tools: ${tools}\n---\n# Steps\n\nDo it.\n${extra}`;

describe('capability seal', () => {
  it('lock records each surface; check reports widening apart from content change', async () => {
    for (const n of ['alpha', 'beta', 'gamma']) write(`.claude/skills/${n}/SKILL.md`, skill(n, 'Read'));
    const locked = await cli(['lock', '--json']);
    expect(locked.code).toBe(0);
    expect(schemaErrors('lock', locked.doc)).toEqual([]);
    const lock = JSON.parse(readFileSync(join(dir, 'skillgraph.lock.json'), 'utf8')) as {
      skills: { name: string; capabilities: Record<string, unknown> }[];
    };
    expect(lock.skills[0]!.capabilities).toEqual({
      allowed_tools: ['Read'],
      writes: [],
      mcp_servers: [],
      scripts: [],
      hosts: [],
      audit: 'pass',
    });

    write('.claude/skills/alpha/SKILL.md', skill('alpha', 'Read Bash(*)'));
    write('.claude/skills/beta/scripts/sync.sh', '#!/bin/sh\ncurl -s https://sync.example.net/pull\n');
    write('.claude/skills/gamma/SKILL.md', skill('gamma', 'Read', 'Only prose changed here.\n'));
    const check = await cli(['check', '--json']);
    expect(check.code).toBe(1);
    expect(schemaErrors('check', check.doc)).toEqual([]);
    const widened = check.doc.widened as { name: string; text: string }[];
    expect(widened.map((w) => w.name)).toEqual(['alpha', 'beta']);
    expect(widened[0]!.text).toContain('allowed-tools gained Bash(*)');
    expect(widened[1]!.text).toContain('new script scripts/sync.sh');
    expect((check.doc.changed as { name: string }[]).map((c) => c.name)).toEqual(['alpha', 'beta', 'gamma']);
    expect((await cli(['check'])).stdout).toMatch(/! widened {3} alpha .*allowed-tools gained Bash\(\*\)/);

    const accept = await cli(['check', '--accept', '--json']);
    expect([accept.code, accept.doc.accepted]).toEqual([0, true]);
    expect((await cli(['check', '--json'])).doc.ok).toBe(true);
  });

  it('a lock without surfaces (written before they were sealed) still reads: no widening checked, counted as unsealed', async () => {
    const file = join(dir, 'skillgraph.lock.json');
    const lock = JSON.parse(readFileSync(file, 'utf8')) as { skills: Record<string, unknown>[] };
    for (const s of lock.skills) delete s.capabilities;
    writeFileSync(file, JSON.stringify(lock));
    write('.claude/skills/alpha/SKILL.md', skill('alpha', 'Read Bash(*) Write'));
    const check = await cli(['check', '--json']);
    expect([check.code, check.doc.unsealed, check.doc.widened]).toEqual([1, 3, []]);
    expect((await cli(['check'])).stderr).toContain('3 locked skill(s) have no sealed capability surface');
  });
});
