/**
 * The digest byte formats, recomputed here by hand (no CanonicalWriter), so a
 * change to the encoder that would break other implementations fails loudly.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JS_HASHER, buildCatalog, catalogBytes, packageBytes } from '../../../src/catalog/index.js';
import { EMPTY_COMPOSITION, type SkillPackage } from '../../../src/model/package.js';
import { _pkg } from './_pkg.js';

const u32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const str = (s: string): number[] => {
  const b = [...Buffer.from(s, 'utf8')];
  return [0x73 /* s */, ...u32(b.length), ...b];
};
const sha = (bytes: number[] | Uint8Array): string =>
  `sha256:${createHash('sha256').update(Uint8Array.from(bytes)).digest('hex')}`;

const PKG: SkillPackage = {
  descriptor: {
    id: 'local/pdf',
    name: 'pdf',
    description: 'Fills PDFs. Use when a form arrives.',
    version: '1.2.0',
    license: 'MIT',
    compatibility: 'Python 3',
    metadata: { version: '1.2.0', author: 'ä' },
    allowedTools: ['Read', 'Bash(git:*)'],
    modelInvocable: true,
    source: { scope: 'local', precedence: 30, root: '/l', locator: '/l/pdf/SKILL.md' },
    digest: '',
  },
  body: '# PDF\r\nStep 1.\n',
  bodyLine: 9,
  composition: EMPTY_COMPOSITION,
  frontmatter: {
    name: 'pdf',
    description: 'x',
    version: '1.2.0',
    tools: ['read_file', { name: 'w', writes: true }],
    zeta: null,
    'x-n': 1.5,
  },
  diagnostics: [],
};

describe('package digest', () => {
  it('matches the documented serialisation byte for byte', () => {
    const expected = [
      ...str('skillgraph/package/v1'),
      ...str('pdf'),
      ...str('Fills PDFs. Use when a form arrives.'),
      ...str('1.2.0'),
      ...str('MIT'),
      ...str('Python 3'),
      // metadata: keys in UTF-8 byte order
      0x6d,
      ...u32(2),
      ...str('author'),
      ...str('ä'),
      ...str('version'),
      ...str('1.2.0'),
      // allowed-tools
      0x61,
      ...u32(2),
      ...str('Read'),
      ...str('Bash(git:*)'),
      // model-invocable
      0x74,
      // extensions: every frontmatter key outside the normalised set, sorted
      0x6d,
      ...u32(3),
      ...str('tools'),
      0x61,
      ...u32(2),
      ...str('read_file'),
      0x6d,
      ...u32(2),
      ...str('name'),
      ...str('w'),
      ...str('writes'),
      0x74,
      ...str('x-n'),
      0x6e,
      ...u32(3),
      ...Buffer.from('1.5'),
      ...str('zeta'),
      0x7a,
      // body with CRLF folded
      ...str('# PDF\nStep 1.\n'),
    ];
    expect([...packageBytes(PKG)]).toEqual(expected);
    const catalog = buildCatalog([PKG]);
    expect(catalog.get('pdf')!.descriptor.digest).toBe(sha(expected));
  });

  it('writes extensions from the frontmatter: declared dependencies normalised, undefined left out, __proto__ kept', () => {
    const frontmatter = JSON.parse(
      '{"name": "pdf", "__proto__": "p", "dependencies": {"tools": ["Read", "Read"]}, "b": "1", "a": [true]}',
    ) as Record<string, unknown>;
    frontmatter.gone = undefined;
    const pkg: SkillPackage = {
      ...PKG,
      frontmatter,
      descriptor: { ...PKG.descriptor, dependencies: { tools: ['Read'], mcp_servers: ['gh'] } },
    };
    const extensions = [
      0x6d,
      ...u32(4),
      ...str('__proto__'),
      ...str('p'),
      ...str('a'),
      0x61,
      ...u32(1),
      0x74,
      ...str('b'),
      ...str('1'),
      ...str('dependencies'),
      0x6d,
      ...u32(2),
      ...str('mcp_servers'),
      0x61,
      ...u32(1),
      ...str('gh'),
      ...str('tools'),
      0x61,
      ...u32(1),
      ...str('Read'),
    ];
    const bytes = [...packageBytes(pkg)];
    const body = str('# PDF\nStep 1.\n');
    expect(bytes.slice(bytes.length - body.length - extensions.length)).toEqual([...extensions, ...body]);
    // Without a normalised form, the frontmatter's own value is digested.
    const raw = [...packageBytes({ ...pkg, descriptor: PKG.descriptor })];
    expect(raw).not.toEqual(bytes);
    // The allowed tools of a package built by hand as any iterable: the list of its items.
    const iterable = {
      ...PKG,
      descriptor: { ...PKG.descriptor, allowedTools: new Set(['Read', 'Bash(git:*)']) as unknown as string[] },
    };
    expect(packageBytes(iterable)).toEqual(packageBytes(PKG));
  });

  it('ignores where the file lives, so copies share a digest', () => {
    const a = _pkg({ name: 'a', scope: 'global' });
    const b = _pkg({ name: 'a', scope: 'local' });
    expect(packageBytes(a)).toEqual(packageBytes(b));
  });

  it('changes with any content: body, description, extension key', () => {
    const base = packageBytes(_pkg({ name: 'a' }));
    expect(packageBytes(_pkg({ name: 'a', body: 'other' }))).not.toEqual(base);
    expect(packageBytes(_pkg({ name: 'a', description: 'other' }))).not.toEqual(base);
    expect(packageBytes(_pkg({ name: 'a', frontmatter: { includes: ['b'] } }))).not.toEqual(base);
  });

  it('is unambiguous: moving a character between fields changes the bytes', () => {
    const x = packageBytes(_pkg({ name: 'a', description: 'ab', body: 'c' }));
    const y = packageBytes(_pkg({ name: 'a', description: 'a', body: 'bc' }));
    expect(x).not.toEqual(y);
  });
});

describe('catalog digest', () => {
  it('is SHA-256 over the (name, digest) pairs sorted by UTF-8 bytes', () => {
    const d1 = `sha256:${'1'.repeat(64)}`;
    const d2 = `sha256:${'2'.repeat(64)}`;
    const expected = [
      ...str('skillgraph/catalog/v1'),
      0x61,
      ...u32(2),
      0x61,
      ...u32(2),
      ...str('a'),
      ...str(d2),
      0x61,
      ...u32(2),
      ...str('b'),
      ...str(d1),
    ];
    expect([
      ...catalogBytes([
        ['b', d1],
        ['a', d2],
      ]),
    ]).toEqual(expected);
  });

  it('equals the hand computation for a built catalog', () => {
    const catalog = buildCatalog([_pkg({ name: 'b' }), _pkg({ name: 'a' })]);
    const pairs = catalog.skills.map((p) => [p.descriptor.name, p.descriptor.digest] as const);
    expect(catalog.digest).toBe(sha(catalogBytes(pairs)));
    expect(buildCatalog([]).digest).toBe(sha([...str('skillgraph/catalog/v1'), 0x61, ...u32(0)]));
  });

  it('JS_HASHER agrees with node:crypto on a fixed vector', () => {
    expect(JS_HASHER.hashBatch([new TextEncoder().encode('abc'), new Uint8Array()])).toEqual([
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    ]);
  });
});

describe('byteOrder', () => {
  it('agrees with UTF-8 byte comparison, including surrogates against U+E000–U+FFFF', async () => {
    const { byteOrder } = await import('../../../src/catalog/order.js');
    const { compareUtf8 } = await import('../../../src/model/diagnostics.js');
    const samples = [
      '',
      'a',
      'ab',
      'b',
      'Z',
      'é',
      '\uE000',
      '\uFFFF',
      '\u{10000}',
      '\u{1F600}x',
      'a\u{10000}',
      'a\uFFFD',
      '日本',
      '-',
      '_',
    ];
    for (const a of samples)
      for (const b of samples) expect(Math.sign(byteOrder(a, b))).toBe(Math.sign(compareUtf8(a, b)));
  });

  it('agrees with Buffer.compare of the UTF-8 bytes on random strings with shared prefixes', async () => {
    const { byteOrder } = await import('../../../src/catalog/order.js');
    const { default: fc } = await import('fast-check');
    // No high surrogate without a low one after it, no low one without a high one before it.
    const wellFormed = (s: string): boolean =>
      !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
    const unit = fc.oneof(
      fc.constantFrom('a', '/', '-', 'é', '\uE000', '\uFFFF', '\u{10000}', '\u{1F600}', '\uD800', '\uDC00'),
      fc.string({ unit: 'binary', maxLength: 3 }),
    );
    const text = fc.array(unit, { maxLength: 6 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, text, text, (prefix, x, y) => {
        const a = prefix + x;
        const b = prefix + y;
        // A lone surrogate has no UTF-8 form (Buffer would write U+FFFD): well-formed text only.
        if (!wellFormed(a) || !wellFormed(b)) return;
        expect(Math.sign(byteOrder(a, b))).toBe(
          Math.sign(Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))),
        );
      }),
      { numRuns: 5_000 },
    );
  });
});
