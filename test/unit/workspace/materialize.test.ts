import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEMP_PREFIX } from '../../../src/workspace/atomic.js';
import { createLazyWorkspace, materialize } from '../../../src/workspace/materialize.js';
import { _sandbox, _tree, type Sandbox } from './_fixtures.js';

describe('materialize', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = _sandbox();
    sb.skill('skills/pdf-tools', 'pdf-tools', 'Fill PDF forms. Use when a PDF is mentioned.');
    sb.write('skills/pdf-tools/scripts/fill.py', '#!/usr/bin/env python3\nprint("fill")\n', 0o755);
    sb.write('skills/pdf-tools/references/forms.md', '# Forms\n');
    sb.write('skills/pdf-tools/assets/logo.svg', '<svg/>\n');
    sb.write('skills/pdf-tools/LICENSE.txt', 'MIT\n');
    sb.skill('skills/review', 'review', 'Review code. Use when asked for a review.');
    sb.skill('skills/secret', 'secret', 'Internal. Use when told to.', undefined, 'disable-model-invocation: true\n');
  });
  afterEach(() => sb.cleanup());

  it('copies every skill folder under <dir>/<name>/, files and modes intact', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const out = materialize(catalog, join(sb.dir, 'ws'));
    expect(out.skills.map((s) => [s.name, s.status])).toEqual([
      ['pdf-tools', 'loaded'],
      ['review', 'loaded'],
      ['secret', 'loaded'],
    ]);
    expect(_tree(join(sb.dir, 'ws'))).toEqual([
      'pdf-tools/LICENSE.txt',
      'pdf-tools/SKILL.md',
      'pdf-tools/assets/logo.svg',
      'pdf-tools/references/forms.md',
      'pdf-tools/scripts/fill.py',
      'review/SKILL.md',
      'secret/SKILL.md',
    ]);
    const script = join(sb.dir, 'ws/pdf-tools/scripts/fill.py');
    expect(readFileSync(script, 'utf8')).toContain('print("fill")');
    expect(statSync(script).mode & 0o100).toBe(0o100);
    expect(out.skills[0]!.files).toEqual([
      'LICENSE.txt',
      'SKILL.md',
      'assets/logo.svg',
      'references/forms.md',
      'scripts/fill.py',
    ]);
  });

  it('leaves no temp files and writes nothing outside the target', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const before = _tree(join(sb.dir, 'skills'));
    materialize(catalog, join(sb.dir, 'ws'));
    materialize(catalog, join(sb.dir, 'ws')); // again, over the same files
    expect(_tree(join(sb.dir, 'ws')).filter((f) => f.includes(TEMP_PREFIX))).toEqual([]);
    expect(_tree(join(sb.dir, 'skills'))).toEqual(before);
    expect(_tree(sb.dir).filter((f) => !f.startsWith('skills/') && !f.startsWith('ws/'))).toEqual([]);
  });

  it('leaves out a skill whose workspace file holds other content, naming it, and copies the others; force replaces it', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const ws = join(sb.dir, 'ws');
    sb.write('ws/review/SKILL.md', 'OLD CONTENT\n');
    const out = materialize(catalog, ws);
    expect(out.skills.map((s) => s.name)).toEqual(['pdf-tools', 'secret']);
    expect(_failed(out)).toEqual([['review', 'workspace.exists', `${ws}/review/SKILL.md`]]);
    expect(readFileSync(join(ws, 'review/SKILL.md'), 'utf8')).toBe('OLD CONTENT\n');
    expect(existsSync(join(ws, 'pdf-tools/SKILL.md'))).toBe(true);
    // Same length, other bytes: still other content.
    const sameSize = readFileSync(join(sb.dir, 'skills/review/SKILL.md'), 'utf8').replace('Review', 'Wreck!');
    sb.write('ws/review/SKILL.md', sameSize);
    expect(_failed(materialize(catalog, ws, { names: ['review'] }))).toEqual([
      ['review', 'workspace.exists', `${ws}/review/SKILL.md`],
    ]);
    expect(materialize(catalog, ws, { names: ['review'], force: true }).skills[0]!.status).toBe('loaded');
    expect(readFileSync(join(ws, 'review/SKILL.md'), 'utf8')).toContain('Instructions for review.');
    // A file the skill does not have is left alone, and is no conflict.
    sb.write('ws/review/NOTES.md', 'mine\n');
    expect(materialize(catalog, ws, { names: ['review'] }).skills[0]!.files).toEqual(['SKILL.md']);
    expect(readFileSync(join(ws, 'review/NOTES.md'), 'utf8')).toBe('mine\n');
  });

  it('leaves out a skill whose file is a link in the workspace unless forced', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const ws = join(sb.dir, 'ws');
    mkdirSync(join(ws, 'review'), { recursive: true });
    symlinkSync(join(sb.dir, 'skills/review/SKILL.md'), join(ws, 'review/SKILL.md'));
    expect(_failed(materialize(catalog, ws, { names: ['review'] }))).toEqual([
      ['review', 'workspace.exists', `${ws}/review/SKILL.md`],
    ]);
    materialize(catalog, ws, { names: ['review'], force: true });
    expect(statSync(join(ws, 'review/SKILL.md')).isFile()).toBe(true);
  });

  it('lazy staging refuses other content too, and loadSkill answers in the SDK shape', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const ws = join(sb.dir, 'ws');
    sb.write('ws/pdf-tools/scripts/fill.py', 'print("mine")\n');
    const lazy = createLazyWorkspace(catalog, ws);
    expect(() => lazy.loadSkill({ skill_name: 'pdf-tools' })).toThrow(
      expect.objectContaining({
        code: 'workspace.exists',
        details: expect.objectContaining({ path: `${ws}/pdf-tools/scripts/fill.py` }),
      }),
    );
    expect(existsSync(join(ws, 'pdf-tools/SKILL.md'))).toBe(false);
    expect(lazy.loadSkill('{"name":"review"}')).toEqual({
      status: 'loaded',
      skill_name: 'review',
      path: `${ws}/review`,
    });
    expect(lazy.loadSkill({ skill_name: 'review' })).toEqual({
      status: 'already_loaded',
      skill_name: 'review',
      path: `${ws}/review`,
    });
    expect(createLazyWorkspace(catalog, ws, { force: true }).loadSkill({ skill_name: 'pdf-tools' }).status).toBe(
      'loaded',
    );
    expect(readFileSync(join(ws, 'pdf-tools/scripts/fill.py'), 'utf8')).toContain('print("fill")');
  });

  it('copies only the named skills; unknown or repeated names are errors', () => {
    const catalog = sb.catalog(['skills', 'project']);
    expect(materialize(catalog, join(sb.dir, 'ws'), { names: ['review'] }).skills.map((s) => s.name)).toEqual([
      'review',
    ]);
    expect(_tree(join(sb.dir, 'ws'))).toEqual(['review/SKILL.md']);
    expect(() => materialize(catalog, join(sb.dir, 'ws2'), { names: ['reveiw'] })).toThrow(
      expect.objectContaining({
        code: 'skill.not-found',
        details: expect.objectContaining({ suggestions: ['review'] }),
      }),
    );
    expect(() => materialize(catalog, join(sb.dir, 'ws3'), { names: ['review', 'project/review'] })).toThrow(
      expect.objectContaining({
        code: 'path.duplicate',
        details: expect.objectContaining({ field: 'names', path: 'review' }),
      }),
    );
  });

  it('leaves out a skill edited since sealing, and writes nothing for it', () => {
    const catalog = sb.catalog(['skills', 'project']);
    sb.skill('skills/review', 'review', 'Review code. Use when asked for a review.', '# changed\n');
    const out = materialize(catalog, join(sb.dir, 'ws'));
    expect(_failed(out).map(([name, code]) => [name, code])).toEqual([['review', 'skill.changed']]);
    expect(out.skills.map((s) => s.name)).toEqual(['pdf-tools', 'secret']);
    expect(existsSync(join(sb.dir, 'ws/review'))).toBe(false);
  });

  it('checks each skill before its first write: one whose listing is not portable is left out, the others copied', () => {
    sb.write('skills/review/odd\\name.txt', 'a POSIX name with a backslash');
    const catalog = sb.catalog(['skills', 'project']);
    const out = materialize(catalog, join(sb.dir, 'ws'));
    expect(_failed(out).map(([name, code]) => [name, code])).toEqual([['review', 'workspace.name']]);
    expect(_tree(join(sb.dir, 'ws')).filter((f) => f.startsWith('review/'))).toEqual([]);
    expect(existsSync(join(sb.dir, 'ws/pdf-tools/scripts/fill.py'))).toBe(true);
  });

  it('leaves out a skill whose workspace folder is a symlink to elsewhere, writing nothing there', () => {
    const catalog = sb.catalog(['skills', 'project']);
    mkdirSync(join(sb.dir, 'ws'));
    mkdirSync(join(sb.dir, 'elsewhere'));
    symlinkSync(join(sb.dir, 'elsewhere'), join(sb.dir, 'ws/review'));
    expect(
      _failed(materialize(catalog, join(sb.dir, 'ws'), { names: ['review'] })).map(([name, code]) => [name, code]),
    ).toEqual([['review', 'workspace.exists']]);
    expect(_tree(join(sb.dir, 'elsewhere'))).toEqual([]);
  });

  it('refuses a workspace that is, holds or lies inside a skill root or a skill folder', () => {
    const catalog = sb.catalog(['skills', 'project']);
    for (const ws of ['skills', 'skills/review', 'skills/review/ws', '.', 'skills/new']) {
      expect(() => materialize(catalog, join(sb.dir, ws)), ws).toThrow(
        expect.objectContaining({
          code: 'path.invalid',
          details: expect.objectContaining({ reason: 'overlaps-source' }),
        }),
      );
      expect(() => createLazyWorkspace(catalog, join(sb.dir, ws)), ws).toThrow(
        expect.objectContaining({ code: 'path.invalid' }),
      );
    }
    expect(existsSync(join(sb.dir, 'skills/new'))).toBe(false);
  });
});

/** [name, code, file] of each skill a materialize call could not copy. */
function _failed(out: ReturnType<typeof materialize>): [string | null, string, string][] {
  return out.leftOut
    .filter((s) => s.reason === 'failed')
    .map((s) => [s.name, s.diagnostics[0]!.code, s.diagnostics[0]!.file]);
}

describe('lazy workspace', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = _sandbox();
    sb.skill('skills/pdf-tools', 'pdf-tools', 'Fill PDF forms. Use when a PDF is mentioned.');
    sb.write('skills/pdf-tools/scripts/fill.py', 'print(1)\n');
    sb.skill('skills/review', 'review', 'Review code. Use when asked for a review.');
    sb.skill('skills/secret', 'secret', 'Internal. Use when told to.', undefined, 'disable-model-invocation: true\n');
  });
  afterEach(() => sb.cleanup());

  it('stages nothing up front, then one skill per load', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const out = materialize(catalog, join(sb.dir, 'ws'), { lazy: true });
    expect(out.skills).toEqual([]);
    expect(_tree(join(sb.dir, 'ws'))).toEqual([]);
    const ws = out.workspace!;
    expect(ws.names).toEqual(['pdf-tools', 'review', 'secret']);
    const first = ws.load('pdf-tools');
    expect(first).toMatchObject({ status: 'loaded', name: 'pdf-tools', files: ['SKILL.md', 'scripts/fill.py'] });
    expect(_tree(join(sb.dir, 'ws'))).toEqual(['pdf-tools/SKILL.md', 'pdf-tools/scripts/fill.py']);
    expect(ws.load('pdf-tools')).toMatchObject({ status: 'already_loaded', files: [] });
    expect(ws.loaded.names()).toEqual(['pdf-tools']);
  });

  it('sees a skill staged by an earlier process as already loaded, edited or not, and restages it only when forced', () => {
    const catalog = sb.catalog(['skills', 'project']);
    createLazyWorkspace(catalog, join(sb.dir, 'ws')).load('review');
    const again = createLazyWorkspace(catalog, join(sb.dir, 'ws'));
    expect(again.load('review').status).toBe('already_loaded');
    // The agent edited its copy: still already loaded, and the edit is kept.
    writeFileSync(join(sb.dir, 'ws/review/SKILL.md'), 'tampered');
    expect(createLazyWorkspace(catalog, join(sb.dir, 'ws')).load('review').status).toBe('already_loaded');
    expect(readFileSync(join(sb.dir, 'ws/review/SKILL.md'), 'utf8')).toBe('tampered');
    expect(createLazyWorkspace(catalog, join(sb.dir, 'ws'), { force: true }).load('review').status).toBe('loaded');
    expect(readFileSync(join(sb.dir, 'ws/review/SKILL.md'), 'utf8')).toContain('name: review');
  });

  it('checks every target of a skill before staging its first file', () => {
    const catalog = sb.catalog(['skills', 'project']);
    // SKILL.md is written first; the folder in scripts/fill.py's place must stop the load before that.
    mkdirSync(join(sb.dir, 'ws/pdf-tools/scripts/fill.py'), { recursive: true });
    expect(() => createLazyWorkspace(catalog, join(sb.dir, 'ws')).load('pdf-tools')).toThrow(
      expect.objectContaining({
        code: 'path.invalid',
        details: expect.objectContaining({ field: 'resources', reason: 'not-file' }),
      }),
    );
    expect(existsSync(join(sb.dir, 'ws/pdf-tools/SKILL.md'))).toBe(false);
  });

  it('checks the sealed digest before answering already_loaded', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const ws = createLazyWorkspace(catalog, join(sb.dir, 'ws'));
    ws.load('review');
    const edited = sb.skill('skills/review', 'review', 'Review code. Use when asked for a review.', '# edited\n');
    writeFileSync(join(sb.dir, 'ws/review/SKILL.md'), readFileSync(edited));
    expect(() => createLazyWorkspace(catalog, join(sb.dir, 'ws')).load('review')).toThrow(
      expect.objectContaining({ code: 'skill.digest-changed' }),
    );
  });

  it('offers only the named skills, and hides model-hidden ones from model loads', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const ws = createLazyWorkspace(catalog, join(sb.dir, 'ws'), { names: ['review'] });
    expect(() => ws.load('pdf-tools')).toThrow(expect.objectContaining({ code: 'skill.not-found' }));
    const model = createLazyWorkspace(catalog, join(sb.dir, 'ws2'), { modelOnly: true });
    expect(() => model.load('secret')).toThrow(expect.objectContaining({ code: 'skill.not-found' }));
  });
});
