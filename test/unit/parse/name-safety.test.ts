/** The name rules that hold in every profile (path segment, device names, scripts) and the look-alike skeleton. */
import { describe, expect, it } from 'vitest';
import {
  escapeControls,
  hasControl,
  isWindowsDeviceName,
  mixedScripts,
  nameSkeleton,
  segmentProblem,
} from '../../../src/parse/name-safety.js';
import { parseSkill } from '../../../src/parse/index.js';
import { PROFILE_NAMES } from '../../../src/parse/profiles.js';

describe('segmentProblem', () => {
  it.each([
    ['pdf-tools', undefined],
    ['données', undefined],
    ['...', undefined],
    ['', 'empty'],
    ['.', 'dot'],
    ['..', 'dot'],
    ['a/b', 'separator'],
    ['/etc/passwd', 'separator'],
    ['a\\b', 'separator'],
    ['nu\u0000l', 'control'],
    ['a\u001b[31m', 'control'],
    ['a\u007f', 'control'],
    ['a\u0085', 'control'],
    ['a\u009b', 'control'],
    ['a\u202eb', 'control'],
    ['a\u2028b', 'control'],
  ])('%j → %s', (name, problem) => {
    expect(segmentProblem(name)).toBe(problem);
  });
});

describe('isWindowsDeviceName', () => {
  it.each(['con', 'CON', 'prn', 'aux', 'nul', 'Nul.txt', 'com1', 'COM9', 'lpt1', 'lpt9.tar.gz', 'com\u00b9'])(
    '%s is a device name',
    (n) => {
      expect(isWindowsDeviceName(n)).toBe(true);
    },
  );
  it.each(['console', 'com0', 'com10', 'lpt', 'nulls', 'acon', 'pdf'])('%s is not', (n) => {
    expect(isWindowsDeviceName(n)).toBe(false);
  });
});

describe('mixedScripts', () => {
  it('finds Latin with Cyrillic or Greek, not one script or CJK with Latin', () => {
    expect(mixedScripts('p\u0430ypal')).toEqual(['Cyrillic', 'Latin']);
    expect(mixedScripts('\u03b1lpha')).toEqual(['Greek', 'Latin']);
    expect(mixedScripts('\u0441\u043e\u0441\u043e')).toBeUndefined();
    expect(mixedScripts('pdf-tools-2')).toBeUndefined();
    expect(mixedScripts('日本語-ツール-go')).toBeUndefined();
    expect(mixedScripts('한국-go')).toBeUndefined();
  });
});

describe('nameSkeleton', () => {
  it('maps Cyrillic and Greek look-alikes to Latin after NFKC', () => {
    expect(nameSkeleton('\u0440\u0430\u0443\u0440\u0430l')).toBe('paypal');
    expect(nameSkeleton('\u0441\u043e\u0441\u043e')).toBe('coco');
    expect(nameSkeleton('ｐdf')).toBe('pdf');
    expect(nameSkeleton('pdf')).toBe('pdf');
  });
});

describe('escapeControls', () => {
  it('writes control characters as \\u{…} and leaves the rest', () => {
    expect(escapeControls('a\u0000b\u001b\u009bé')).toBe('a\\u{0}b\\u{1b}\\u{9b}é');
    expect(hasControl(escapeControls('x\u202ey'))).toBe(false);
  });
});

describe('parseSkill with unsafe names', () => {
  const parse = (yamlName: string, profile: (typeof PROFILE_NAMES)[number]) =>
    parseSkill(`---\nname: ${yamlName}\ndescription: Use when testing.\n---\n`, {
      locator: '/s/x/SKILL.md',
      dirName: 'x',
      profile,
    });

  it.each(PROFILE_NAMES)('profile %s: ../x is an error and no package', (profile) => {
    const r = parse('"../x"', profile);
    expect(r.package).toBeUndefined();
    expect(
      r.diagnostics.filter((d) => d.code === 'name.path-segment').map((d) => [d.severity, d.line, d.column]),
    ).toEqual([['error', 2, 7]]);
  });

  it('a device name warns in skillgraph and is an error in strict-compat', () => {
    expect(parse('con', 'skillgraph').diagnostics.find((d) => d.code === 'name.windows-device')?.severity).toBe(
      'warning',
    );
    expect(parse('con', 'strict-compat').diagnostics.find((d) => d.code === 'name.windows-device')?.severity).toBe(
      'error',
    );
  });
});

describe('messages carry no control characters', () => {
  it('an unknown key and a name holding ESC and C1 are shown escaped', () => {
    const r = parseSkill('---\nname: "a\\e[32mPASS"\ndescription: Use when testing.\n"\\e]0;title\\a": 1\n---\n', {
      locator: '/s/x/SKILL.md',
      dirName: 'x',
    });
    expect(r.diagnostics.length).toBeGreaterThan(2);
    for (const d of r.diagnostics) expect(d.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(r.diagnostics.find((d) => d.code === 'field.unknown')?.message).toContain('\\u{1b}]0;title\\u{7}');
  });
});
