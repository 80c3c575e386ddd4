#!/usr/bin/env node
// The audit's detection table on the labelled corpus (test/fixtures/audit-corpus): per class, malicious
// skills caught at error, at warning only, or missed, and benign look-alikes flagged at error or warning.
//
//   node scripts/audit-corpus-report.mjs            the table
//   node scripts/audit-corpus-report.mjs --cases    the table, then one line per case that is not as expected
//   node scripts/audit-corpus-report.mjs --all      the table, then one line per case
//   node scripts/audit-corpus-report.mjs --json     one JSON document
//
// It audits the TypeScript sources, so it needs tsx as a loader; started without it, it restarts itself with it.
import { spawnSync } from 'node:child_process';

if (!process.execArgv.some((a) => a.includes('tsx'))) {
  const run = spawnSync(process.execPath, ['--import=tsx', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? 70);
}

const args = new Set(process.argv.slice(2));
const unknown = [...args].filter((a) => !['--cases', '--all', '--json'].includes(a));
if (unknown.length > 0) {
  process.stderr.write(`unknown option ${unknown[0]}; use --cases, --all or --json\n`);
  process.exit(2);
}

const { loadCorpus, runCorpus } = await import('../test/audit-corpus/_corpus.ts');
const { formatTable, tally } = await import('../test/audit-corpus/_tally.ts');

const results = await runCorpus(loadCorpus());
const rows = tally(results);

if (args.has('--json')) {
  const snake = (r) => ({
    class: r.cls,
    malicious: r.malicious,
    at_error: r.atError,
    at_warning: r.atWarning,
    missed: r.missed,
    benign: r.benign,
    benign_error: r.benignError,
    benign_warning: r.benignWarning,
  });
  const cases = results.map((r) => ({
    id: r.id,
    label: r.label,
    class: r.cls,
    expect: r.expect,
    got: r.got,
    findings: r.findings,
  }));
  process.stdout.write(`${JSON.stringify({ schemaVersion: 1, classes: rows.map(snake), cases }, null, 2)}\n`);
} else {
  process.stdout.write(`${formatTable(rows)}\n`);
  const list = args.has('--all') ? results : args.has('--cases') ? results.filter((r) => r.got !== r.expect) : [];
  if (list.length > 0) process.stdout.write('\nlabel      class                   expect   got      case\n');
  for (const r of list) {
    process.stdout.write(
      `${r.label.padEnd(10)} ${r.cls.padEnd(23)} ${r.expect.padEnd(8)} ${r.got.padEnd(8)} ${r.id}\n`,
    );
    if (r.findings.length > 0) process.stdout.write(`${' '.repeat(53)}${r.findings.join(' ')}\n`);
  }
}
