import { createHash } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '../../../src/model/diagnostics.js';
import { getSkill, listResources, listSkills, readDirectory, readResource } from '../../../src/serve/methods.js';
import { callTool } from '../../../src/serve/tools.js';
import { _tree, type Tree } from './_tree.js';

const sha = (b: Uint8Array | string): string => `sha256:${createHash('sha256').update(b).digest('hex')}`;

/** The JSON-RPC code a method call failed with (the test fails when it did not fail). */
function rpcCode(run: () => unknown): number {
  try {
    run();
  } catch (error) {
    return (error as { details: { rpc: number } }).details.rpc;
  }
  throw new Error('expected the call to fail');
}

describe('the live catalog behind serve', () => {
  let t: Tree;
  beforeEach(() => {
    t = _tree();
    t.skill('global/review', 'review', 'Review code. Use when asked for a review.');
    t.skill('project/review', 'review', 'Review code the project way. Use when asked for a review.');
    t.skill('project/pdf', 'pdf', 'Fill PDF forms. Use when a PDF is mentioned.', '# PDF\n\nRun scripts/fill.py.\n');
    t.write('project/pdf/scripts/fill.py', 'print("fill")\n');
    t.write('project/pdf/templates/regional/eu.md', '# EU\n');
    t.write('project/pdf/templates/invoice.md', '# Invoice\n');
    t.write('project/pdf/assets/logo.bin', new Uint8Array([0, 255, 1, 254]));
  });
  afterEach(() => t.cleanup());

  it('lists the winners with the frontmatter as written and every file with its raw digest and size', async () => {
    const live = await t.open();
    const { skills } = listSkills(live, undefined);
    expect(skills.map((s) => s.uri)).toEqual(['skill://pdf/SKILL.md', 'skill://review/SKILL.md']);
    const pdf = skills[0]!;
    expect(pdf.frontmatter).toEqual({ name: 'pdf', description: 'Fill PDF forms. Use when a PDF is mentioned.' });
    expect(pdf.resources.map((r) => r.uri)).toEqual([
      'skill://pdf/SKILL.md',
      'skill://pdf/assets/logo.bin',
      'skill://pdf/scripts/fill.py',
      'skill://pdf/templates/invoice.md',
      'skill://pdf/templates/regional/eu.md',
    ]);
    for (const r of pdf.resources) {
      const bytes = readFileSync(join(t.dir, 'project/pdf', r.uri.slice('skill://pdf/'.length)));
      expect(r).toEqual({ uri: r.uri, digest: sha(bytes), size: bytes.length });
    }
    // The last segment of the skill path is the name; the project copy won.
    expect(skills[1]!.frontmatter.description).toBe('Review code the project way. Use when asked for a review.');
  });

  it('serves the shadowed copy only under skill://shadowed/<scope>/, never as a winner', async () => {
    const live = await t.open();
    const shadowed = getSkill(live, 'skill://shadowed/global/review/SKILL.md').skill;
    expect(shadowed.frontmatter.description).toBe('Review code. Use when asked for a review.');
    expect(shadowed.resources[0]!.uri).toBe('skill://shadowed/global/review/SKILL.md');
    expect(listSkills(live, undefined).skills.map((s) => s.uri)).not.toContain(
      'skill://shadowed/global/review/SKILL.md',
    );
    expect(listResources(live, undefined).resources.map((r) => r.uri)).toEqual([
      'skill://pdf/SKILL.md',
      'skill://review/SKILL.md',
    ]);
    expect(rpcCode(() => getSkill(live, 'skill://shadowed/project/review/SKILL.md'))).toBe(-32602); // the winner is not a shadowed copy
  });

  it('pages skills/list with an opaque cursor; every entry is whole', async () => {
    t.skill('local/alpha', 'alpha', 'A. Use when a.');
    const live = await t.open();
    const first = listSkills(live, undefined, 2);
    expect(first.skills.map((s) => s.frontmatter.name)).toEqual(['alpha', 'pdf']);
    const second = listSkills(live, first.nextCursor, 2);
    expect(second.skills.map((s) => s.frontmatter.name)).toEqual(['review']);
    expect(second.nextCursor).toBeUndefined();
    expect(rpcCode(() => listSkills(live, 'not-a-cursor'))).toBe(-32602);
    expect(first).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' });
  });

  it('reads listed files (text as text, other bytes as base64) and nothing else', async () => {
    const live = await t.open();
    const md = readResource(live, 'skill://pdf/SKILL.md').contents[0]!;
    expect(md).toMatchObject({ uri: 'skill://pdf/SKILL.md', mimeType: 'text/markdown' });
    expect('text' in md && md.text).toBe(readFileSync(join(t.dir, 'project/pdf/SKILL.md'), 'utf8'));
    const bin = readResource(live, 'skill://pdf/assets/logo.bin').contents[0]!;
    expect('blob' in bin && Buffer.from(bin.blob, 'base64')).toEqual(Buffer.from([0, 255, 1, 254]));
    t.write('project/outside.txt', 'secret');
    for (const uri of [
      'skill://pdf/../outside.txt',
      'skill://pdf/%2e%2e/outside.txt',
      'skill://pdf/scripts',
      'skill://pdf/nope.md',
      'file:///etc/passwd',
      'skill://nope/SKILL.md',
      'skill://pdf\\..\\outside.txt',
    ]) {
      expect(rpcCode(() => readResource(live, uri))).toBe(-32602);
    }
    expect(rpcCode(() => readResource(live, 42))).toBe(-32602);
  });

  it('answers resources/directory/read with direct children, folders as inode/directory', async () => {
    const live = await t.open();
    expect(readDirectory(live, 'skill://pdf', undefined).resources).toEqual([
      { uri: 'skill://pdf/SKILL.md', name: 'SKILL.md', mimeType: 'text/markdown' },
      { uri: 'skill://pdf/assets', name: 'assets', mimeType: 'inode/directory' },
      { uri: 'skill://pdf/scripts', name: 'scripts', mimeType: 'inode/directory' },
      { uri: 'skill://pdf/templates', name: 'templates', mimeType: 'inode/directory' },
    ]);
    expect(readDirectory(live, 'skill://pdf/templates', undefined).resources.map((r) => r.name)).toEqual([
      'invoice.md',
      'regional',
    ]);
    const paged = readDirectory(live, 'skill://pdf', undefined, 3);
    expect(readDirectory(live, 'skill://pdf', paged.nextCursor, 3).resources.map((r) => r.name)).toEqual(['templates']);
    expect(rpcCode(() => readDirectory(live, 'skill://pdf/SKILL.md', undefined))).toBe(-32602);
    expect(rpcCode(() => readDirectory(live, 'skill://pdf/nope', undefined))).toBe(-32602);
  });

  it('never serves bytes that differ from the listed digest: a changed file is an error and the catalog is re-sealed', async () => {
    const live = await t.open();
    const before = getSkill(live, 'skill://pdf/SKILL.md').skill;
    const file = t.write('project/pdf/scripts/fill.py', 'print("changed")\n');
    expect(rpcCode(() => readResource(live, 'skill://pdf/scripts/fill.py'))).toBe(-32602);
    const after = getSkill(live, 'skill://pdf/SKILL.md').skill;
    const listed = after.resources.find((r) => r.uri.endsWith('fill.py'))!;
    expect(listed.digest).toBe(sha(readFileSync(file)));
    expect(listed.digest).not.toBe(before.resources.find((r) => r.uri.endsWith('fill.py'))!.digest);
    const read = readResource(live, 'skill://pdf/scripts/fill.py').contents[0]!;
    expect('text' in read && sha(read.text)).toBe(listed.digest);
  });

  it('re-seals an edited SKILL.md in place and reports the change', async () => {
    const changes: string[] = [];
    const sealed: string[] = [];
    const live = await t.open({ onChange: (e) => changes.push(e.kind), onSealed: (d) => sealed.push(d) });
    const digest = live.catalog.digest;
    const skillFile = join(live.winners()[0]!.dir, 'SKILL.md');
    writeFileSync(skillFile, readFileSync(skillFile, 'utf8').replace('Fill PDF forms.', 'Fill and sign PDF forms.'));
    live.changed([skillFile]);
    expect(changes).toEqual(['files']);
    expect(getSkill(live, 'skill://pdf/SKILL.md').skill.frontmatter.description).toBe(
      'Fill and sign PDF forms. Use when a PDF is mentioned.',
    );
    await vi.waitFor(() => expect(sealed).toHaveLength(1), { timeout: 10_000 });
    expect(live.catalog.digest).not.toBe(digest);
    expect(live.catalog.get('pdf')!.descriptor.description).toBe(
      'Fill and sign PDF forms. Use when a PDF is mentioned.',
    );
  });

  it('walks again when a skill is added, removed or renamed', async () => {
    const live = await t.open();
    t.skill('local/fresh', 'fresh', 'New. Use when new.');
    live.changed([join(t.dir, 'local/fresh')]);
    await live.reload();
    expect(live.winners().map((s) => s.pkg.descriptor.name)).toEqual(['fresh', 'pdf', 'review']);
    rmSync(join(t.dir, 'project/pdf'), { recursive: true });
    live.changed([join(t.dir, 'project/pdf')]);
    await live.reload();
    expect(live.winners().map((s) => s.pkg.descriptor.name)).toEqual(['fresh', 'review']);
    expect(rpcCode(() => getSkill(live, 'skill://pdf/SKILL.md'))).toBe(-32602);
    renameSync(join(t.dir, 'project/review'), join(t.dir, 'project/review-old'));
    live.changed([join(t.dir, 'project/review'), join(t.dir, 'project/review-old')]);
    await live.reload();
    // The project copy moved folder (its name no longer matches: not a skill any more); the global one wins.
    expect(getSkill(live, 'skill://review/SKILL.md').skill.frontmatter.description).toBe(
      'Review code. Use when asked for a review.',
    );
  });

  it('reports skills past the extension limits and leaves them out of the listing', async () => {
    for (let i = 0; i < 512; i++) t.write(`project/pdf/many/f${i}.txt`, 'x');
    const found: Diagnostic[] = [];
    const live = await t.open({ onDiagnostic: (d) => found.push(d) });
    expect(listSkills(live, undefined).skills.map((s) => s.frontmatter.name)).toEqual(['review']);
    expect(found.map((d) => d.code)).toEqual(['mcp.too-many-files']);
    expect(found[0]!.file.endsWith('project/pdf/SKILL.md')).toBe(true);
    expect(rpcCode(() => getSkill(live, 'skill://pdf/SKILL.md'))).toBe(-32602);
  });
});

describe('tools for hosts without the extension', () => {
  let t: Tree;
  beforeEach(() => {
    t = _tree();
    t.skill('project/pdf-forms', 'pdf-forms', 'Fill PDF forms. Use when a form must be filled.', '# Forms\n');
    t.write('project/pdf-forms/scripts/fill.py', 'print(1)\n');
    t.skill('project/pdf', 'pdf', 'Read PDF files. Use when a PDF is mentioned.');
    t.skill('project/release', 'release', 'Ship a release. Use when a release is due.');
    t.skill(
      'project/hidden',
      'hidden',
      'Only people run it. Use when asked.',
      '# Hidden\n',
      'disable-model-invocation: true\n',
    );
    t.skill('global/Upper', 'upper', 'Upper one. Use when upper.');
    t.skill('local/UPPER', 'upper-two', 'Other upper. Use when upper.');
  });
  afterEach(() => t.cleanup());

  it('load_skill takes skill_name (or name), answers loaded with body, base URI and files, then already_loaded', async () => {
    const live = await t.open();
    const loads = new Map<string, string>();
    const first = callTool(live, loads, 'load_skill', { skill_name: 'pdf-forms' });
    expect(first.isError).toBeUndefined();
    expect(first.structuredContent).toMatchObject({
      status: 'loaded',
      skill_name: 'pdf-forms',
      path: 'skill://pdf-forms',
      uri: 'skill://pdf-forms/SKILL.md',
      body: '# Forms\n',
    });
    expect((first.structuredContent.files as { uri: string }[]).map((f) => f.uri)).toEqual([
      'skill://pdf-forms/SKILL.md',
      'skill://pdf-forms/scripts/fill.py',
    ]);
    expect(JSON.parse(first.content[0]!.text)).toEqual(first.structuredContent);
    expect(callTool(live, loads, 'load_skill', { name: 'pdf-forms' }).structuredContent).toEqual({
      status: 'already_loaded',
      skill_name: 'pdf-forms',
      path: 'skill://pdf-forms',
    });
    // Another session has its own loads.
    expect(callTool(live, new Map(), 'load_skill', { skill_name: 'pdf-forms' }).structuredContent.status).toBe(
      'loaded',
    );
  });

  it('load_skill fails as a tool result for unknown, hidden, ambiguous or malformed requests', async () => {
    const live = await t.open();
    const loads = new Map<string, string>();
    const unknown = callTool(live, loads, 'load_skill', { skill_name: 'pdf-form' });
    expect(unknown.isError).toBe(true);
    expect(unknown.structuredContent).toMatchObject({ code: 'skill.not-found', suggestions: ['pdf-forms', 'pdf'] });
    expect(callTool(live, loads, 'load_skill', { skill_name: 'hidden' }).structuredContent.code).toBe(
      'skill.not-found',
    );
    // Under the lenient profile a folder may differ from its name: two skills answer 'UPPER'.
    const lenient = await t.open({ load: { roots: t.roots, profile: 'lenient' } });
    expect(callTool(lenient, loads, 'load_skill', { skill_name: 'UPPER' }).structuredContent.code).toBe(
      'skill.ambiguous',
    );
    expect(callTool(live, loads, 'load_skill', {}).isError).toBe(true);
    expect(callTool(live, loads, 'load_skill', { skill_name: 7 }).isError).toBe(true);
    expect(callTool(live, loads, 'nope', {}).isError).toBe(true);
    expect(loads.size).toBe(0);
  });

  it('search_skills ranks names over descriptions and leaves hidden skills out', async () => {
    const live = await t.open();
    const hits = callTool(live, new Map(), 'search_skills', { query: 'pdf forms' }).structuredContent.skills as {
      skill_name: string;
      uri: string;
    }[];
    expect(hits.map((h) => h.skill_name)).toEqual(['pdf-forms', 'pdf']);
    expect(hits[0]!.uri).toBe('skill://pdf-forms/SKILL.md');
    expect(
      (callTool(live, new Map(), 'search_skills', { query: 'people' }).structuredContent.skills as unknown[]).length,
    ).toBe(0);
    expect(
      callTool(live, new Map(), 'search_skills', { query: 'pdf', limit: 1 }).structuredContent.skills,
    ).toHaveLength(1);
    expect(callTool(live, new Map(), 'search_skills', { query: '' }).isError).toBe(true);
    expect(callTool(live, new Map(), 'search_skills', { query: 'pdf', limit: 0 }).isError).toBe(true);
  });
});
