/**
 * `--format junit` parses as XML (Python's expat-based parser, when python3
 * is on PATH) with one test case per skill and failures carrying the
 * diagnostics; `--format github` prints one well-formed workflow command
 * per finding.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../../../src/report/index.js';
import { junitText, xmlText } from '../../../../src/report/junit.js';
import { githubText } from '../../../../src/report/github.js';
import { _reportTree } from './_tree.js';

const t = _reportTree();
afterAll(() => t.cleanup());

const PARSE = `
import json, sys, xml.etree.ElementTree as ET
root = ET.fromstring(sys.stdin.buffer.read())
cases = []
for c in root.iter('testcase'):
    f = c.find('failure')
    o = c.find('system-out')
    cases.append({'name': c.get('name'), 'file': c.get('file'), 'failure': None if f is None else {'type': f.get('type'), 'message': f.get('message'), 'text': f.text}, 'out': None if o is None else o.text})
suite = root.find('testsuite')
print(json.dumps({'tests': suite.get('tests'), 'failures': suite.get('failures'), 'cases': cases}))
`;

interface Parsed {
  tests: string;
  failures: string;
  cases: {
    name: string;
    file: string;
    failure: { type: string; message: string; text: string } | null;
    out: string | null;
  }[];
}

function python(): boolean {
  try {
    execFileSync('python3', ['-c', 'import xml.etree.ElementTree'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function parseXml(text: string): Parsed {
  return JSON.parse(execFileSync('python3', ['-c', PARSE], { input: text, encoding: 'utf8' })) as Parsed;
}

describe('validate --format junit', () => {
  it('is XML with one test case per skill; failing cases carry every diagnostic', async (ctx) => {
    if (!python()) return ctx.skip();
    const { code, stdout } = await t.run(['validate', 'skills', 'empty', '--format', 'junit']);
    expect(code).toBe(1);
    const doc = parseXml(stdout);
    const byName = new Map(doc.cases.map((c) => [c.name, c]));
    expect([...byName.keys()].sort()).toEqual([
      'empty',
      'skills/broken',
      'skills/ctl',
      'skills/ok',
      'skills/team a/odd',
    ]);
    expect(doc.tests).toBe('5');
    expect(byName.get('skills/ok')!.failure).toBeNull();
    expect(byName.get('skills/broken')!.failure).toMatchObject({
      type: 'yaml.invalid',
      message: '1 error, 0 other findings',
    });
    expect(byName.get('skills/broken')!.failure!.text).toContain('skills/broken/SKILL.md:');
    expect(byName.get('empty')!.failure!.type).toBe('validate.no-skills');
    // A warning does not fail a case by default; it is listed in the case's output.
    expect(byName.get('skills/team a/odd')!.failure).toBeNull();
    expect(byName.get('skills/team a/odd')!.out).toContain('field.unknown');
    expect(doc.failures).toBe(String(doc.cases.filter((c) => c.failure).length));
  });

  it('fails warning cases too under --fail-on warning', async (ctx) => {
    if (!python()) return ctx.skip();
    const doc = parseXml((await t.run(['validate', 'skills', '--format', 'junit', '--fail-on', 'warning'])).stdout);
    expect(doc.cases.find((c) => c.name === 'skills/team a/odd')!.failure!.type).toBe('field.unknown');
  });

  it('keeps markup and characters XML cannot hold out of the document', async (ctx) => {
    expect(xmlText('a<b & "c"\u0007')).toBe('a&lt;b &amp; &quot;c&quot;\\u{7}');
    const text = junitText(
      buildReport({
        suite: 's',
        root: '/r',
        findings: [
          {
            code: 'x.y',
            severity: 'error',
            message: ']]> <x/> \u0000\ud800',
            file: 'a/SKILL.md',
            line: 1,
            column: 1,
            hint: 'h',
          },
        ],
      }),
    );
    expect(text).not.toMatch(/[\u0000\ud800]/);
    if (!python()) return ctx.skip();
    expect(parseXml(text).cases[0]!.failure!.text).toContain(']]> <x/>');
  });
});

describe('validate --format github', () => {
  it('prints one workflow command per finding, with file, line, column and the code as title', async () => {
    const { code, stdout, stderr } = await t.run(['validate', 'skills', 'empty', '--format', 'github']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    for (const line of lines)
      expect(line).toMatch(/^::(error|warning|notice) file=[^,:]+(,line=\d+(,col=\d+)?)?,title=[a-z][\w.-]*::\S.*$/);
    expect(
      lines.some((l) => /^::error file=skills\/broken\/SKILL\.md,line=\d+,col=\d+,title=yaml\.invalid::/.test(l)),
    ).toBe(true);
    expect(lines.some((l) => l.startsWith('::warning file=skills/team a/odd/SKILL.md,'))).toBe(true);
    // A whole-folder finding has no line.
    expect(lines.some((l) => l.startsWith('::error file=empty,title=validate.no-skills::'))).toBe(true);
  });

  it('escapes what would end a command early: %, newlines, and : , in properties', () => {
    const text = githubText(
      buildReport({
        suite: 's',
        root: '/r',
        findings: [
          { code: 'x.y', severity: 'info', message: '100% a\nb', file: 'a:b,c/SKILL.md', line: 2, column: 3, hint: '' },
        ],
      }),
    );
    expect(text).toBe('::notice file=a%3Ab%2Cc/SKILL.md,line=2,col=3,title=x.y::100%25 a%0Ab\n');
  });
});
