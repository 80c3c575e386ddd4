import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { skillLoadedEvent } from '../../../src/context/loaded-set.js';
import { appendEvent, readLoadedSet } from '../../../src/workspace/event-log.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'skillgraph-log-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const DIGEST = `sha256:${'a'.repeat(64)}`;

describe('the session event log on hostile paths', () => {
  it('appends and replays through a log in a folder it creates', () => {
    const log = join(dir, 'nested', 'deeper', 'session.jsonl');
    expect(readLoadedSet(log, 'run-1').names()).toEqual([]);
    appendEvent(log, skillLoadedEvent('run-1', 'pdf', DIGEST));
    expect(readLoadedSet(log, 'run-1').names()).toEqual(['pdf']);
  });

  it('refuses a FIFO as the log at once, reading or appending (either would block)', () => {
    const log = join(dir, 'pipe.jsonl');
    execFileSync('mkfifo', [log]);
    const started = Date.now();
    expect(() => readLoadedSet(log, 'run-1')).toThrow(expect.objectContaining({ code: 'log.invalid' }));
    expect(() => appendEvent(log, skillLoadedEvent('run-1', 'pdf', DIGEST))).toThrow(
      expect.objectContaining({ code: 'log.invalid' }),
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses a log under /proc without spinning on its folder', () => {
    const started = Date.now();
    expect(() => appendEvent('/proc/skillgraph-log/session.jsonl', skillLoadedEvent('run-1', 'pdf', DIGEST))).toThrow(
      expect.objectContaining({ code: 'log.invalid' }),
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
