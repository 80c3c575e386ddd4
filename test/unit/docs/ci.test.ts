/**
 * The GitHub Action and the CI recipes call the CLI as it is: action.yml is a
 * composite action whose inputs are all used, and every `skillgraph` command
 * its script (action/run.mjs) and docs/ci.md run names a verb and flags the CLI declares.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { COMMON_FLAGS } from '../../../src/cli/args.js';
import { VERBS } from '../../../src/cli/main.js';
import { codeBlocks, read, REPO } from './_markdown.js';

interface Action {
  runs: { using: string; steps: { run?: string; uses?: string; with?: Record<string, string> }[] };
  inputs: Record<string, { description: string; default?: string }>;
}

const actionText = readFileSync(join(REPO, 'action.yml'), 'utf8');
const action = parseYaml(actionText) as Action;

/** Every `npx --yes skillgraph@… VERB args` in a text: verb and flag names. */
function invocations(text: string): { verb: string; flags: string[]; line: string }[] {
  const out: { verb: string; flags: string[]; line: string }[] = [];
  for (const line of text.split('\n')) {
    const m = /npx --yes "?skillgraph@[^\s"]+"?\s+([a-z]+)\b(.*)$/.exec(line);
    if (!m) continue;
    out.push({
      verb: m[1]!,
      flags: [...m[2]!.matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)].map((f) => f[1]!),
      line: line.trim(),
    });
  }
  return out;
}

async function unknownFlags(found: { verb: string; flags: string[]; line: string }[]): Promise<string[]> {
  const bad: string[] = [];
  for (const { verb, flags, line } of found) {
    const load = VERBS[verb];
    if (!load) {
      bad.push(`${line}: no verb ${verb}`);
      continue;
    }
    const { spec } = await load();
    for (const flag of flags) if (!(flag in spec.flags) && !(flag in COMMON_FLAGS)) bad.push(`${line}: --${flag}`);
  }
  return bad;
}

describe('action.yml', () => {
  it('is a composite action whose steps run action/run.mjs, caching its build and uploading with upload-sarif v4', () => {
    expect(action.runs.using).toBe('composite');
    const uses = action.runs.steps.map((s) => s.uses).filter(Boolean);
    expect(uses).toEqual([
      'actions/cache@v5',
      'github/codeql-action/upload-sarif@v4',
      'github/codeql-action/upload-sarif@v4',
    ]);
    expect(actionText).not.toMatch(/npx|skillgraph@\$|@latest/);
  });

  it('uses every input it declares', () => {
    for (const input of Object.keys(action.inputs)) expect(actionText, input).toContain(`inputs.${input}`);
  });

  it('calls the CLI with verbs and flags it has', async () => {
    const script = readFileSync(join(REPO, 'action', 'run.mjs'), 'utf8');
    const calls = [...script.matchAll(/skillgraph\(\s*cli,\s*\[\s*'([a-z]+)'([^\]]*)\]/g)].map((m) => ({
      verb: m[1]!,
      rest: m[2]!,
    }));
    expect(calls.map((c) => c.verb).sort()).toEqual(['audit', 'check', 'hosts', 'merge', 'validate', 'validate']);
    // The flags the helpers add (the gate, the outputs) go to validate, merge and audit.
    const shared = [...(/function gateArgs[\s\S]*?\n}\n/.exec(script)?.[0] ?? '').matchAll(/'--([a-z-]+)'/g)].map(
      (m) => m[1]!,
    );
    const outs = [...(/const outs = \[[^\]]*\]/.exec(script)?.[0] ?? '').matchAll(/'--([a-z-]+)'/g)].map((m) => m[1]!);
    expect([...shared, ...outs].sort()).toEqual(['fail-on', 'format', 'max-warnings', 'output', 'output', 'output']);
    const found = calls
      .filter((c) => c.verb !== 'hosts' || Object.hasOwn(VERBS, 'hosts'))
      .map((c) => ({
        verb: c.verb,
        flags: [...c.rest.matchAll(/'--([a-z-]+)'/g)]
          .map((m) => m[1]!)
          .concat(['validate', 'merge', 'audit'].includes(c.verb) ? [...shared, ...outs] : []),
        line: `${c.verb}${c.rest}`,
      }));
    expect(await unknownFlags(found)).toEqual([]);
  });
});

describe('docs/ci.md', () => {
  it('calls the CLI with verbs and flags it has, in every recipe', async () => {
    const text = codeBlocks('docs/ci.md', read('docs/ci.md'))
      .map((b) => b.code)
      .join('\n');
    const found = invocations(text);
    expect(found.length).toBeGreaterThan(8);
    expect(await unknownFlags(found)).toEqual([]);
  });
});
