/**
 * `npm run bench`: the end-to-end runner (bench/e2e.ts) and the tinybench
 * micro benchmarks (parse, hash, resolve, protocol), one after the other on a quiet
 * machine, into one Markdown report: bench/RESULTS.md (its `## Measurement notes` kept).
 *
 *   npm run bench -- [--skills 10000] [--repeat 3] [--previous DIR] [--no-micro]
 *
 * `--previous DIR` is a built checkout of an earlier version (for example
 * `git worktree add ../prev v0.1.0 && npm --prefix ../prev ci`): every
 * skillgraph row then runs it too, alternating with this checkout. Then
 * bench/serve.bench.ts (serve's edit visibility) on a tree of the same size.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderResults, runE2e } from './e2e.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const MICRO = ['parse.bench.ts', 'hash.bench.ts', 'resolve.bench.ts', 'protocol.bench.ts'] as const;
/** Benchmarks of their own (not tinybench): each prints its own figures. */
const OWN = [['serve.bench.ts', 'Serve: a one-file edit, visible (target under 100 ms)']] as const;

const { values } = parseArgs({
  options: {
    skills: { type: 'string', default: '10000' },
    repeat: { type: 'string', default: '3' },
    previous: { type: 'string' },
    'no-micro': { type: 'boolean', default: false },
  },
});

if (!existsSync(join(HERE, '..', 'dist', 'skillgraph.cjs'))) {
  process.stderr.write("dist/ is missing: run 'npm run build' first\n");
  process.exit(2);
}
if (!existsSync(join(HERE, 'peers', 'node_modules'))) {
  process.stderr.write("bench/peers is not installed: run 'npm run bench:setup' first\n");
  process.exit(2);
}

if (values.previous !== undefined && !existsSync(join(values.previous, 'bin', 'skillgraph.js'))) {
  process.stderr.write(`--previous ${values.previous}: not a built checkout of skillgraph (no bin/skillgraph.js)\n`);
  process.exit(2);
}
const e2e = await runE2e({
  skills: Number(values.skills),
  repeat: Number(values.repeat),
  ...(values.previous ? { previous: resolve(values.previous) } : {}),
});
let report = renderResults(e2e);

if (!values['no-micro']) {
  report += '## Micro benchmarks (tinybench)\n\n';
  for (const file of MICRO) {
    process.stderr.write(`running bench/${file}…\n`);
    const r = spawnSync(process.execPath, ['--import=tsx', join(HERE, file)], {
      cwd: join(HERE, '..'),
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const body = r.status === 0 ? r.stdout.trim() : `failed (exit ${r.status}):\n${r.stderr.trim()}`;
    report += `### bench/${file}\n\n\`\`\`\n${body}\n\`\`\`\n\n`;
  }
  for (const [file, title] of OWN) {
    process.stderr.write(`running bench/${file}…\n`);
    const r = spawnSync(process.execPath, ['--import=tsx', join(HERE, file), '--skills', String(values.skills)], {
      cwd: join(HERE, '..'),
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
    const body = r.status === 0 ? r.stdout.trim() : `failed (exit ${r.status}):\n${r.stderr.trim()}`;
    report += `## ${title}\n\n\`\`\`\n${body}\n\`\`\`\n\n`;
  }
}

const out = join(HERE, 'RESULTS.md');
// Dated notes on past measurements are written by hand below this heading and kept across runs.
const NOTES = '\n## Measurement notes\n';
const previous = existsSync(out) ? readFileSync(out, 'utf8') : '';
if (previous.includes(NOTES)) report = `${report.trimEnd()}\n${previous.slice(previous.indexOf(NOTES))}`;
writeFileSync(`${out}.tmp`, report);
renameSync(`${out}.tmp`, out);
process.stdout.write(report);
