import { describe, expect, it } from 'vitest';
import {
  capabilitySurface,
  fileSurface,
  packageSurface,
  splitToolList,
  widening,
  wideningText,
} from '../../../src/audit/capabilities.js';
import { EMPTY_COMPOSITION } from '../../../src/model/package.js';

const base = capabilitySurface({
  allowedTools: ['Read'],
  writes: [],
  composition: EMPTY_COMPOSITION,
  files: [
    {
      path: 'scripts/a.sh',
      kind: 'file',
      size: 1,
      digest: 'sha256:1',
      text: 'curl https://api.example.net/x https://localhost/y\n',
    },
  ],
  verdict: 'pass',
});

describe('capability surface', () => {
  it('records scripts with digests and the hosts they name (not local ones)', () => {
    expect(base.scripts).toEqual([{ path: 'scripts/a.sh', digest: 'sha256:1' }]);
    expect(base.hosts).toEqual(['api.example.net']);
  });

  it('is the package part joined to the part read from the files (what a lock shard seals apart)', () => {
    const files = [
      { path: 'scripts/b.py', kind: 'file' as const, size: 1, text: 'requests.get("https://b.example.org/x")\n' },
      {
        path: 'scripts/a.sh',
        kind: 'file' as const,
        size: 1,
        digest: 'sha256:1',
        text: 'curl https://api.example.net/x\n',
      },
    ];
    const part = fileSurface(files, 'warn');
    expect(part).toEqual({
      scripts: [
        { path: 'scripts/a.sh', digest: 'sha256:1' },
        { path: 'scripts/b.py', digest: 'unread' },
      ],
      hosts: ['api.example.net', 'b.example.org'],
      audit: 'warn',
    });
    const input = { allowedTools: ['Read', 'Bash(*)', 'Read'], writes: ['w'], composition: EMPTY_COMPOSITION };
    expect(packageSurface(input, part)).toEqual(capabilitySurface({ ...input, files, verdict: 'warn' }));
    expect(packageSurface(input, part).allowed_tools).toEqual(['Bash(*)', 'Read']);
  });

  it('widening: gains only, removals and a changed digest are not widening', () => {
    expect(widening(base, base)).toBeUndefined();
    expect(
      widening(base, { ...base, allowed_tools: [], scripts: [{ path: 'scripts/a.sh', digest: 'sha256:2' }] }),
    ).toBeUndefined();
    const w = widening(base, {
      ...base,
      allowed_tools: ['Bash(*)', 'Read'],
      scripts: [...base.scripts, { path: 'scripts/sync.sh', digest: 'sha256:3' }],
      audit: 'warn',
    })!;
    expect(wideningText(w)).toBe('allowed-tools gained Bash(*); new script scripts/sync.sh; audit verdict pass → warn');
    expect(widening({ ...base, audit: 'fail' }, { ...base, audit: 'warn' })).toBeUndefined();
  });

  it('splits allowed-tools outside parentheses', () => {
    expect(splitToolList('Bash(git log:*), Read  Bash(npm run test)')).toEqual([
      'Bash(git log:*)',
      'Read',
      'Bash(npm run test)',
    ]);
    expect(splitToolList(['Read', 'Bash(*)'])).toEqual(['Read', 'Bash(*)']);
    expect(splitToolList(7)).toEqual([]);
  });
});
