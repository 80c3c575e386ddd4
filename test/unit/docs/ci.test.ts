/**
 * The GitHub Action and the CI recipes call the CLI as it is: action.yml is a
 * composite action whose inputs are all used, and every `skillgraph` command
 * in it and in docs/ci.md names a verb and flags the CLI declares.
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
    out.push({ verb: m[1]!, flags: [...m[2]!.matchAll(/(?:^|\s)--([a-z][a-z-]*)/g)].map((f) => f[1]!), line: line.trim() });
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
  it('is a composite action that validates, checks, uploads SARIF and gates', () => {
    expect(action.runs.using).toBe('composite');
    const uses = action.runs.steps.map((s) => s.uses).filter(Boolean);
    expect(uses).toEqual(['github/codeql-action/upload-sarif@v3']);
    const verbs = invocations(actionText).map((i) => i.verb);
    expect(verbs).toEqual(['validate', 'validate', 'check']);
    expect(actionText).toContain('--format github');
    expect(actionText).toContain('--format sarif');
  });

  it('uses every input it declares', () => {
    for (const input of Object.keys(action.inputs)) expect(actionText, input).toContain(`inputs.${input}`);
  });

  it('calls the CLI with flags it has', async () => {
    expect(await unknownFlags(invocations(actionText))).toEqual([]);
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
