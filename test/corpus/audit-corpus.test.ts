/**
 * Corpus test: the audit over every skill of ../shared/corpus/real. The
 * corpus is legitimate skills (install guides, security write-ups quoting
 * attacks, cleanup commands, non-English text, emoji): no finding there may
 * be an error, and the warnings stay few (each one was read and judged when
 * the rules were tuned; docs/audit.md gives the figures).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditPath } from '../../src/tasks/audit-path.js';

const REAL = process.env.SKILLGRAPH_TEST_CORPUS ?? join(resolve(import.meta.dirname, '../../../shared/corpus'), 'real');

describe.skipIf(!existsSync(REAL))('audit on the real corpus', () => {
  it('finds no security error and at most 100 warnings', () => {
    const report = auditPath(['.'], { cwd: REAL });
    expect(report.summary.skills).toBeGreaterThan(1000);
    const errors = report.skills.flatMap((s) => s.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line} ${d.code}`));
    expect(errors).toEqual([]);
    expect(report.summary.warnings).toBeLessThanOrEqual(100);
    expect(report.summary.fail).toBe(0);
  }, 120_000);
});
