/**
 * The shape of the user documentation: a README short enough to read in one
 * sitting, each section once, links that lead somewhere, and nothing a user
 * never sees (internal requirement ids, tracker numbers, the project's own
 * working files).
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFiles, prose, read, relativeLinks, REPO } from './_markdown.js';

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function headings(text: string, level?: number): string[] {
  return prose(text)
    .split('\n')
    .map((line) => /^(#{1,6}) +(.*?) *#*$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && (level === undefined || m[1]!.length === level))
    .map((m) => m[2]!);
}

/** Heading text as written, code spans kept (prose() blanks them). */
function rawHeadings(text: string): string[] {
  const kept = new Set(
    prose(text)
      .split('\n')
      .map((l, i) => (/^#{1,6} /.test(l) ? i : -1)),
  );
  return text
    .split('\n')
    .filter((_l, i) => kept.has(i))
    .map((l) => l.replace(/^#{1,6} +/, '').replace(/ *#*$/, ''));
}

const files = markdownFiles();

describe('README.md', () => {
  const readme = read('README.md');

  it('is at most 450 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(450);
  });

  it('has each ## section once', () => {
    const seen = headings(readme, 2);
    expect(seen.filter((h, i) => seen.indexOf(h) !== i)).toEqual([]);
    expect(seen.length).toBeGreaterThan(4);
  });

  it('has the two set-up commands, one line per verb and the documentation links', () => {
    expect(readme).toMatch(/^npm start\b/m);
    expect(readme).toMatch(/^npm test\b/m);
    for (const verb of [
      'validate',
      'catalog',
      'list',
      'lock',
      'check',
      'resolve',
      'graph',
      'describe',
      'context',
      'load',
      'materialize',
      'bench',
    ]) {
      expect(readme, verb).toMatch(new RegExp(`^\\| \`${verb}\\b`, 'm'));
    }
    const linked = relativeLinks(readme).map((l) => l.target);
    for (const doc of readdirSync(join(REPO, 'docs')).filter((f) => f.endsWith('.md')))
      expect(linked, doc).toContain(`docs/${doc}`);
    expect(linked).toEqual(expect.arrayContaining(['bench/RESULTS.md', 'ARCHITECTURE.md', 'LICENSE']));
  });
});

describe('every Markdown file of the documentation', () => {
  it('includes the README, ARCHITECTURE.md and the five references in docs/', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'ARCHITECTURE.md',
        'docs/cli.md',
        'docs/library.md',
        'docs/digests.md',
        'docs/engine.md',
        'docs/compat.md',
      ]),
    );
  });

  for (const file of files) {
    const text = read(file);

    it(`${file}: has no heading twice at the same level`, () => {
      for (const level of [2, 3]) {
        const seen = headings(text, level);
        expect(
          seen.filter((h, i) => seen.indexOf(h) !== i),
          `level ${level}`,
        ).toEqual([]);
      }
    });

    it(`${file}: every relative link names a file (and heading) that exists`, () => {
      const broken: string[] = [];
      for (const link of relativeLinks(text)) {
        const target = link.target === '' ? join(REPO, file) : normalize(join(REPO, dirname(file), link.target));
        if (!existsSync(target)) broken.push(`${link.line}: ${link.target}`);
      }
      for (const m of prose(text).matchAll(/\]\(([^)\s#]*)#([^)\s]+)\)/g)) {
        const target = m[1] ? normalize(join(REPO, dirname(file), m[1])) : join(REPO, file);
        if (!existsSync(target) || statSync(target).isDirectory()) continue;
        const anchors = rawHeadings(read(target.slice(REPO.length))).map(slug);
        if (!anchors.includes(m[2]!)) broken.push(`#${m[2]} in ${m[1] || file}`);
      }
      expect(broken).toEqual([]);
    });

    it(`${file}: cites no requirement id, issue number, seed or working folder`, () => {
      const words = prose(text);
      // `C0` and `C1` next to "control" are the Unicode names of the control-character sets, not ids.
      const isControlSet = (m: RegExpMatchArray): boolean =>
        /^C[01]$/.test(m[0]) && /control/i.test(words.slice(Math.max(0, m.index! - 80), m.index! + 80));
      const found = [
        ...[...words.matchAll(/\b[PDCRTXNMS]\d{1,2}[a-z]?\b/g)].filter((m) => !isControlSet(m)),
        ...words.matchAll(/\b(?:DESIGN|STYLE)\b/g),
        ...words.matchAll(/\bissues?[ -]#?\d+|(?:^|\s)#\d+\b/gim),
        ...words.matchAll(/\bseeds?\b/gi),
        ...text.matchAll(/\.\.\/shared\b|\/work\/shared\b/g),
      ].map((m) => m[0].trim());
      expect(found).toEqual([]);
    });
  }
});

describe('ARCHITECTURE.md', () => {
  const map = read('ARCHITECTURE.md');
  const sourceFiles = (readdirSync(join(REPO, 'src'), { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.ts'));

  it('is a short map (about 160 lines at most)', () => {
    expect(map.split('\n').length).toBeLessThanOrEqual(170);
  });

  it('names every source folder and every source file', () => {
    const folders = [...new Set(sourceFiles.map((f) => (f.includes('/') ? `src/${dirname(f)}/` : 'src/')))];
    expect(folders.filter((d) => d !== 'src/' && !map.includes(d.slice(4)))).toEqual([]);
    const unnamed = sourceFiles.filter((f) => !map.includes(f.split('/').pop()!));
    expect(unnamed).toEqual([]);
  });

  it('names no file that does not exist', () => {
    const missing: string[] = [];
    for (const m of map.matchAll(/`((?:src|assembly|test|bench|features|examples|bin)\/[^`\s]*)`/g)) {
      if (!existsSync(join(REPO, m[1]!))) missing.push(m[1]!);
    }
    // A bare `name.ts` under a "### `src/<folder>/`" heading is a file of that folder (or of a folder below it).
    let folder: string | undefined;
    for (const line of map.split('\n')) {
      const heading = /^### `(src\/[^`]+\/)`/.exec(line);
      if (heading) folder = heading[1];
      else if (line.startsWith('#')) folder = undefined;
      if (!folder || heading) continue;
      for (const m of line.matchAll(/`([\w.-]+\.ts)`/g)) {
        const inside = sourceFiles.some((f) => `src/${f}`.startsWith(folder!) && f.endsWith(`/${m[1]}`));
        if (!inside && !existsSync(join(REPO, m[1]!))) missing.push(`${folder}${m[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
