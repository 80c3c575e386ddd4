/**
 * What each agent would list for the public corpus and for an installer-style
 * project: per host, skills shown, shortened, name-only, hidden, shadowed,
 * refused and not discovered. Each corpus repository is one project (a git
 * clone, an empty home); the project holds 300 skills with long descriptions,
 * real copies in .agents/skills and links to them in .claude/skills.
 *
 *   node --import=tsx bench/hosts-tables.ts [CORPUS_REAL]
 *
 * CORPUS_REAL is a copy with real links (../shared/corpus/relink OUT): the
 * shared copy keeps links as plain files.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostsTask } from '../src/tasks/hosts.js';
import { VERDICTS, type HostEvaluation } from '../src/hosts/evaluate.js';
import { buildTree } from '../test/fixtures/hosts/_tree.js';

type Tally = Record<string, Record<string, number>>;

function add(tally: Tally, hosts: readonly HostEvaluation[]): void {
  for (const h of hosts) {
    const row = (tally[h.host] ??= Object.fromEntries(VERDICTS.map((v) => [v, 0])));
    for (const s of h.skills) if (!s.bundled) row[s.verdict]!++;
  }
}

function table(title: string, tally: Tally): string {
  const cols = ['shown', 'shortened', 'name-only', 'hidden', 'shadowed', 'refused', 'not-discovered'];
  const lines = [`### ${title}`, '', `| host | ${cols.join(' | ')} |`, `|---|${cols.map(() => '---:').join('|')}|`];
  for (const [host, row] of Object.entries(tally)) lines.push(`| ${host} | ${cols.map((c) => row[c]).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}

const scratch = mkdtempSync(join(tmpdir(), 'sg-hosts-tables-'));
try {
  const corpus = process.argv[2] ?? new URL('../../shared/corpus/real', import.meta.url).pathname;
  const home = join(scratch, 'home');
  mkdirSync(home);
  const corpusTally: Tally = {};
  for (const repo of readdirSync(corpus, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    const project = join(scratch, 'corpus', repo);
    cpSync(join(corpus, repo), project, { recursive: true, verbatimSymlinks: true });
    writeFileSync(join(project, '.git'), 'gitdir: elsewhere\n');
    add(corpusTally, (await hostsTask({ project, home, env: {} })).hosts);
  }
  process.stdout.write(table('Public corpus (15 repositories, each a project of its own, empty home)', corpusTally));

  const installer = join(scratch, 'installer');
  buildTree(
    {
      about: '',
      git: [''],
      project: {},
      home: {},
      generate: [
        {
          side: 'project',
          root: '.agents/skills',
          prefix: 'long',
          count: 300,
          length: 900,
          linkRoot: '.claude/skills',
        },
      ],
    },
    installer,
    join(scratch, 'installer-home'),
  );
  const installerTally: Tally = {};
  add(installerTally, (await hostsTask({ project: installer, home: join(scratch, 'installer-home'), env: {} })).hosts);
  process.stdout.write(
    `\n${table('300 skills, 900-character descriptions, copies in .agents/skills linked from .claude/skills', installerTally)}`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
