import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JS_HASHER } from '../../../src/catalog/hasher.js';
import { LoadedSet } from '../../../src/context/loaded-set.js';
import type { HashBackend } from '../../../src/model/backend.js';
import { readForContext, verifySealed } from '../../../src/workspace/read.js';
import { _catalog, _pkg } from '../context/_fixtures.js';
import { _sandbox, type Sandbox } from './_fixtures.js';

describe('readForContext', () => {
  let sb: Sandbox;
  beforeEach(() => {
    sb = _sandbox();
    sb.skill(
      'skills/pdf-tools',
      'pdf-tools',
      'Fill PDF forms. Use when a PDF is mentioned.',
      '# PDF\n\nRun scripts/fill.py.\n',
    );
    sb.write('skills/pdf-tools/scripts/fill.py', 'print("fill")\n');
    sb.write('skills/pdf-tools/references/forms.md', '# Forms\n');
    sb.skill('skills/review', 'review', 'Review code. Use when asked for a review.');
  });
  afterEach(() => sb.cleanup());

  it('returns body, base folder, resources and digest on the first read', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const r = readForContext(catalog, 'pdf-tools', LoadedSet.EMPTY);
    expect(r.status).toBe('loaded');
    if (r.status !== 'loaded') return;
    expect(r.body).toBe('# PDF\n\nRun scripts/fill.py.\n');
    expect(r.baseDir.endsWith(join('skills', 'pdf-tools'))).toBe(true);
    expect(r.resources.map((x) => x.path)).toEqual(['SKILL.md', 'references/forms.md', 'scripts/fill.py']);
    expect(r.digest).toBe(catalog.get('pdf-tools')!.descriptor.digest);
    expect(r.loaded.names()).toEqual(['pdf-tools']);
  });

  it('answers already_loaded on a second read in the same run, without the body', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const first = readForContext(catalog, 'pdf-tools');
    const second = readForContext(catalog, 'pdf-tools', first.loaded);
    expect(second.status).toBe('already_loaded');
    expect('body' in second).toBe(false);
    expect(second.loaded).toBe(first.loaded);
  });

  it('rejects a run that loaded the same name with another digest', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const stale = LoadedSet.EMPTY.with('pdf-tools', 'sha256:0000');
    expect(() => readForContext(catalog, 'pdf-tools', stale)).toThrow(
      expect.objectContaining({
        code: 'skill.digest-changed',
        details: expect.objectContaining({ name: 'pdf-tools', expected: 'sha256:0000' }),
      }),
    );
  });

  it('re-reads the file: an edit since sealing is a digest-changed error', () => {
    const catalog = sb.catalog(['skills', 'project']);
    sb.skill(
      'skills/pdf-tools',
      'pdf-tools',
      'Fill PDF forms. Use when a PDF is mentioned.',
      '# PDF\n\nNow do something else.\n',
    );
    expect(() => readForContext(catalog, 'pdf-tools')).toThrow(
      expect.objectContaining({
        code: 'skill.digest-changed',
        details: expect.objectContaining({ expected: catalog.get('pdf-tools')!.descriptor.digest }),
      }),
    );
  });

  it('reports a deleted or broken SKILL.md as changed too', () => {
    const catalog = sb.catalog(['skills', 'project']);
    writeFileSync(join(sb.dir, 'skills/review/SKILL.md'), 'no frontmatter at all');
    expect(() => verifySealed(catalog.get('review')!)).toThrow(
      expect.objectContaining({ code: 'skill.digest-changed' }),
    );
    rmSync(join(sb.dir, 'skills/pdf-tools/SKILL.md'));
    expect(() => readForContext(catalog, 'pdf-tools')).toThrow(
      expect.objectContaining({ code: 'skill.digest-changed' }),
    );
  });

  it('accepts an unchanged file whose only change is CRLF line endings in the body', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const file = join(sb.dir, 'skills/review/SKILL.md');
    writeFileSync(
      file,
      '---\nname: review\ndescription: Review code. Use when asked for a review.\n---\n# review\r\n\r\nInstructions for review.\r\n',
    );
    expect(readForContext(catalog, 'review').status).toBe('loaded');
  });

  it('re-hashes with the hasher it is given', () => {
    const catalog = sb.catalog(['skills', 'project']);
    const seen: number[] = [];
    const hasher: HashBackend = {
      name: 'js',
      hashBatch: (inputs) => (seen.push(inputs.length), JS_HASHER.hashBatch(inputs)),
    };
    expect(() => verifySealed(catalog.get('review')!, { hasher })).not.toThrow();
    expect(seen).toEqual([1]);
    const wrong: HashBackend = { name: 'js', hashBatch: (inputs) => inputs.map(() => '0'.repeat(64)) };
    expect(() => verifySealed(catalog.get('review')!, { hasher: wrong })).toThrow(
      expect.objectContaining({
        code: 'skill.digest-changed',
        details: expect.objectContaining({ actual: `sha256:${'0'.repeat(64)}` }),
      }),
    );
  });

  it('suggests close names for an unknown one', () => {
    const catalog = sb.catalog(['skills', 'project']);
    expect(() => readForContext(catalog, 'pdf-tool')).toThrow(
      expect.objectContaining({ code: 'skill.not-found', details: { name: 'pdf-tool', suggestions: ['pdf-tools'] } }),
    );
  });

  it('reports scope/name as ambiguous when two roots of that scope hold different copies', () => {
    sb.skill('other/review', 'review', 'Other review. Use when asked for a review.', '# other\n');
    const catalog = sb.catalog(['skills', 'project'], ['other', 'project']);
    expect(readForContext(catalog, 'review').status).toBe('loaded');
    expect(() => readForContext(catalog, 'project/review')).toThrow(
      expect.objectContaining({ code: 'skill.ambiguous' }),
    );
  });

  it('serves a shadowed copy through scope/name and the winner otherwise', () => {
    sb.skill('local/review', 'review', 'Local review. Use when asked for a review.', '# local review\n');
    const catalog = sb.catalog(['skills', 'project'], ['local', 'local']);
    const winner = readForContext(catalog, 'review');
    const pinned = readForContext(catalog, 'project/review');
    expect(winner.status === 'loaded' && winner.body).toBe('# local review\n');
    expect(pinned.status === 'loaded' && pinned.body).toBe('# review\n\nInstructions for review.\n');
  });
});

describe('readForContext without a file behind the package', () => {
  it('serves an in-memory package when verification is turned off, and refuses it otherwise', () => {
    const catalog = _catalog([_pkg({ name: 'mem', locator: 'configured:/skills/mem/SKILL.md' })]);
    expect(() => readForContext(catalog, 'mem')).toThrow(expect.objectContaining({ code: 'skill.digest-changed' }));
    const r = readForContext(catalog, 'mem', LoadedSet.EMPTY, { verify: false });
    expect(r.status === 'loaded' && r.resources).toEqual([]);
    expect(r.status === 'loaded' && r.body).toContain('BODY-SENTINEL-mem');
  });
});
