import { describe, expect, it } from 'vitest';
import { JS_HASHER, buildCatalog } from '../../../src/catalog/index.js';
import type { HashBackend } from '../../../src/model/backend.js';
import { _pkg } from './_pkg.js';

const tree = () => [
  _pkg({ name: 'deploy', scope: 'global', body: 'global deploy' }),
  _pkg({ name: 'deploy', scope: 'project', body: 'project deploy' }),
  _pkg({ name: 'deploy', scope: 'local', body: 'local deploy' }),
  _pkg({ name: 'lint', scope: 'global' }),
  _pkg({ name: 'lint', scope: 'project', locator: '/project/copy/lint/SKILL.md' }), // identical copy
  _pkg({ name: 'notes', scope: 'project' }),
  _pkg({ name: 'zeta', scope: 'vendor', precedence: 25 }),
  _pkg({ name: 'zeta', scope: 'local', body: 'local zeta' }),
];

describe('buildCatalog: selection', () => {
  it('picks local > project > global and records every loser as a conflict', () => {
    const c = buildCatalog(tree());
    expect(c.skills.map((p) => p.descriptor.id)).toEqual([
      'local/deploy',
      'project/lint',
      'project/notes',
      'local/zeta',
    ]);
    expect(c.conflicts).toEqual([
      { name: 'deploy', selected: '/local/deploy/SKILL.md', shadowed: '/project/deploy/SKILL.md', identical: false },
      { name: 'deploy', selected: '/local/deploy/SKILL.md', shadowed: '/global/deploy/SKILL.md', identical: false },
      { name: 'lint', selected: '/project/copy/lint/SKILL.md', shadowed: '/global/lint/SKILL.md', identical: true },
      { name: 'zeta', selected: '/local/zeta/SKILL.md', shadowed: '/vendor/zeta/SKILL.md', identical: false },
    ]);
    expect(c.diagnostics.filter((d) => d.code === 'catalog.conflict')).toHaveLength(4);
  });

  it('breaks a precedence tie by the locator in UTF-8 byte order, a surrogate among the locators or not', () => {
    // U+FFFF sorts before U+10000 in UTF-8 bytes, after its surrogates in code units.
    for (const [first, second] of [
      ['/p/\uffff/SKILL.md', '/p/\u{10000}/SKILL.md'],
      ['/p/a/SKILL.md', '/p/b/SKILL.md'],
    ] as const) {
      for (const order of [
        [first, second],
        [second, first],
      ]) {
        const c = buildCatalog(order.map((locator, i) => _pkg({ name: 'same', locator, body: `body ${i}` })));
        expect(c.get('same')!.descriptor.source.locator).toBe(first);
        expect(c.conflicts.map((x) => x.shadowed)).toEqual([second]);
      }
    }
  });

  it('lists conflicts in candidate order with conflictOrder candidate, as the catalog runtime does', () => {
    const c = buildCatalog(tree(), { conflictOrder: 'candidate' });
    expect(c.conflicts.map((x) => x.shadowed)).toEqual([
      '/vendor/zeta/SKILL.md',
      '/project/deploy/SKILL.md',
      '/global/deploy/SKILL.md',
      '/global/lint/SKILL.md',
    ]);
    expect(c.digest).toBe(buildCatalog(tree()).digest);
    expect(c.excluding(['/nowhere']).conflicts).toEqual(c.conflicts);
  });

  it('refuses two packages of one name when strict', () => {
    expect(() => buildCatalog(tree(), { strict: true })).toThrow(
      expect.objectContaining({
        code: 'catalog.duplicate-name',
        details: { name: 'zeta', files: ['/local/zeta/SKILL.md', '/vendor/zeta/SKILL.md'] },
      }),
    );
    const unique = buildCatalog([_pkg({ name: 'a' }), _pkg({ name: 'b' })], { strict: true });
    expect(unique.skills).toHaveLength(2);
  });

  it('keeps a resourceId beside the digest, outside it, through excluding', () => {
    const c = buildCatalog(tree(), { resourceId: 'skills-main' });
    expect(c.resourceId).toBe('skills-main');
    expect(c.digest).toBe(buildCatalog(tree()).digest);
    expect(c.excluding(['/local/deploy/SKILL.md']).resourceId).toBe('skills-main');
    expect(buildCatalog(tree()).resourceId).toBeUndefined();
    expect(() => buildCatalog(tree(), { resourceId: ' ' })).toThrow(
      expect.objectContaining({ code: 'options.invalid' }),
    );
  });

  it('breaks precedence ties by canonical path', () => {
    const c = buildCatalog([
      _pkg({ name: 'a', locator: '/p/z/SKILL.md', body: '1' }),
      _pkg({ name: 'a', locator: '/p/b/SKILL.md', body: '2' }),
    ]);
    expect(c.get('a')!.descriptor.source.locator).toBe('/p/b/SKILL.md');
  });

  it('is independent of input order', () => {
    const a = JSON.stringify(buildCatalog(tree()));
    const b = JSON.stringify(buildCatalog(tree().reverse()));
    expect(b).toBe(a);
  });

  it('counts the same locator once', () => {
    const c = buildCatalog([_pkg({ name: 'a' }), _pkg({ name: 'a' })]);
    expect(c.skills).toHaveLength(1);
    expect(c.conflicts).toEqual([]);
    expect(c.diagnostics.map((d) => d.code)).toEqual(['catalog.duplicate-file']);
  });

  it('keeps diagnostics it was given, sorted', () => {
    const diag = {
      code: 'yaml.invalid',
      severity: 'error',
      message: 'm',
      file: '/b',
      line: 1,
      column: 1,
      hint: '',
    } as const;
    const c = buildCatalog([], { diagnostics: [{ ...diag, file: '/z' }, diag] });
    expect(c.diagnostics.map((d) => d.file)).toEqual(['/b', '/z']);
  });
});

describe('buildCatalog: lookups', () => {
  it('get by name, getScoped by scope even for losers', () => {
    const c = buildCatalog(tree());
    expect(c.get('deploy')!.body).toBe('local deploy');
    expect(c.get('missing')).toBeUndefined();
    expect(c.getScoped('global', 'deploy')!.body).toBe('global deploy');
    expect(c.getScoped('project', 'deploy')!.descriptor.source.scope).toBe('project');
    expect(c.getScoped('global', 'notes')).toBeUndefined();
  });
});

describe('buildCatalog: sealing', () => {
  it('fills digests and deeply freezes everything reachable', () => {
    const input = tree();
    const c = buildCatalog(input);
    expect(input[0]!.descriptor.digest).toBe(''); // inputs untouched
    const p = c.get('deploy')!;
    expect(p.descriptor.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    for (const value of [
      c,
      c.skills,
      c.conflicts,
      c.conflicts[0],
      c.diagnostics,
      p,
      p.descriptor,
      p.descriptor.source,
      p.descriptor.metadata,
      p.frontmatter,
      p.composition,
    ]) {
      expect(Object.isFrozen(value)).toBe(true);
    }
    expect(() => {
      (c.skills as unknown as unknown[]).push(1);
    }).toThrow(TypeError);
    expect(() => {
      (p.descriptor as { name: string }).name = 'x';
    }).toThrow(TypeError);
  });

  it('hashes every package in one hashBatch call through the given backend', () => {
    const calls: number[] = [];
    const counting: HashBackend = {
      name: 'js',
      hashBatch: (inputs) => (calls.push(inputs.length), JS_HASHER.hashBatch(inputs)),
    };
    const c = buildCatalog(tree(), { hasher: counting });
    expect(calls).toEqual([8, 1]);
    expect(c.digest).toBe(buildCatalog(tree()).digest);
  });
});

describe('excluding', () => {
  it('returns a new sealed catalog without those locators, dropping conflicts they selected', () => {
    const c = buildCatalog(tree());
    const e = c.excluding(['/local/deploy/SKILL.md', '/vendor/zeta/SKILL.md']);
    expect(e).not.toBe(c);
    expect(Object.isFrozen(e)).toBe(true);
    expect(e.get('deploy')).toBeUndefined(); // reads of an excluded skill are "not found"
    expect(e.getScoped('local', 'deploy')).toBeUndefined();
    expect(e.conflicts.map((x) => x.name)).toEqual(['lint', 'zeta']);
    expect(e.skills.map((p) => p.descriptor.name)).toEqual(['lint', 'notes', 'zeta']);
    expect(e.digest).not.toBe(c.digest);
    expect(c.get('deploy')).toBeDefined(); // the original is unchanged
  });

  it('excluding nothing gives an equal catalog', () => {
    const c = buildCatalog(tree());
    expect(JSON.stringify(c.excluding([]))).toBe(JSON.stringify(c));
  });

  it('has the digest of a catalog built without the excluded winners', () => {
    const c = buildCatalog([_pkg({ name: 'a' }), _pkg({ name: 'b' })]);
    expect(c.excluding(['/project/b/SKILL.md']).digest).toBe(buildCatalog([_pkg({ name: 'a' })]).digest);
  });
});

describe('determinism', () => {
  it('1,000 builds over a tree with conflicts give byte-identical JSON', () => {
    const packages = tree();
    const first = JSON.stringify(buildCatalog(packages));
    let same = 0;
    for (let i = 0; i < 1000; i++) {
      // Shuffle deterministically so input order varies between builds.
      const shuffled = packages
        .map((p, j) => [(j * 7919 + i * 104729) % 8, p] as const)
        .sort((a, b) => a[0] - b[0])
        .map(([, p]) => p);
      if (JSON.stringify(buildCatalog(shuffled)) === first) same++;
    }
    expect(same).toBe(1000);
  });
});

describe('buildCatalog with trustDigests', () => {
  const withDigest = (name: string, digest: string) => {
    const pkg = _pkg({ name });
    (pkg.descriptor as { digest: string }).digest = digest;
    return pkg;
  };
  const real = (name: string): string => buildCatalog([_pkg({ name })]).get(name)!.descriptor.digest;
  const forged = `sha256:${'a'.repeat(64)}`;

  it('keeps every well-formed digest as the engine wrote it', () => {
    const catalog = buildCatalog([withDigest('a', forged), withDigest('b', forged)], { trustDigests: true });
    expect(catalog.skills.map((p) => p.descriptor.digest)).toEqual([forged, forged]);
  });

  it('makes the digest of each malformed one, whatever the others hold (two digests in one, empty, upper case)', () => {
    const twoInOne = `${forged}\n${forged}`;
    const catalog = buildCatalog(
      [
        withDigest('a', forged),
        withDigest('b', twoInOne),
        withDigest('c', ''),
        withDigest('d', forged.toUpperCase()),
        withDigest('e', `${forged}\n`),
      ],
      { trustDigests: true },
    );
    expect(catalog.skills.map((p) => [p.descriptor.name, p.descriptor.digest])).toEqual([
      ['a', forged],
      ['b', real('b')],
      ['c', real('c')],
      ['d', real('d')],
      ['e', real('e')],
    ]);
  });

  it('makes them all without trust, and keeps none', () => {
    const catalog = buildCatalog([withDigest('a', forged)]);
    expect(catalog.get('a')!.descriptor.digest).toBe(real('a'));
  });
});

describe('buildCatalog look-alike names', () => {
  it('flags a name that reads like another once Cyrillic letters are mapped to Latin, on the look-alike', () => {
    const lookAlike = '\u0440df'; // Cyrillic er, then "df"
    const catalog = buildCatalog([_pkg({ name: 'pdf' }), _pkg({ name: lookAlike }), _pkg({ name: 'notes' })]);
    const found = catalog.diagnostics.filter((d) => d.code === 'catalog.confusable');
    expect(found).toHaveLength(1);
    expect(found[0]!.file).toBe(`/project/${lookAlike}/SKILL.md`);
    expect(found[0]!.message).toContain("'pdf'");
  });

  it('finds none in a catalog of ASCII names', () => {
    const catalog = buildCatalog([_pkg({ name: 'pdf' }), _pkg({ name: 'pdf-tools' }), _pkg({ name: 'notes' })]);
    expect(catalog.diagnostics.filter((d) => d.code === 'catalog.confusable')).toEqual([]);
  });
});
