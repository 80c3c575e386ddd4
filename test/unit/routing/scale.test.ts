/**
 * The overlap pass at 10,000 generated skills, in a child process so its
 * peak memory is its own: every planted near-copy is found, and time and
 * memory stay within generous bounds (the candidate pairs come from the
 * index; an all-pairs pass would score 50 million pairs).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CHILD = fileURLToPath(new URL('./_scale-child.ts', import.meta.url));

describe('overlap at scale', () => {
  it('finds the 50 planted copies among 10,000 skills within 60 s and 1 GiB', () => {
    const out = execFileSync(process.execPath, ['--import=tsx', CHILD, '10000'], {
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const result = JSON.parse(out.trim().split('\n').pop()!) as {
      skills: number;
      ms: number;
      maxRssMb: number;
      pairs: number;
      planted: number;
    };
    expect(result.skills).toBe(10_000);
    expect(result.planted).toBe(50);
    expect(result.pairs).toBeLessThan(200);
    expect(result.ms).toBeLessThan(60_000);
    expect(result.maxRssMb).toBeLessThan(1024);
  }, 150_000);
});
