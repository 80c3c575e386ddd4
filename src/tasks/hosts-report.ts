// Loaded only when a machine report is written.
import type { Severity } from '../model/diagnostics.js';
import type { HostsDocument } from './hosts.js';
import { buildReport, reportText, type ReportFinding, type ReportRule } from '../report/index.js';

export const HOSTS_FAIL_ON = ['hidden', 'unreachable', 'refused'] as const;
export type HostsFailOn = (typeof HOSTS_FAIL_ON)[number];

const RULES: readonly (Omit<ReportRule, 'level'> & { readonly verdict: string })[] = [
  {
    code: 'hosts.refused',
    verdict: 'refused',
    description: 'Every agent that reads the skill accepts its SKILL.md',
    help: 'Write the frontmatter so that every agent accepts it; `skillgraph hosts --why NAME` names the rule.',
  },
  {
    code: 'hosts.hidden',
    verdict: 'hidden',
    description: "The skill fits every agent's listing budget",
    help: 'Shorten descriptions or disable skills the agent does not need.',
  },
  {
    code: 'hosts.name-only',
    verdict: 'name-only',
    description: "The skill's description fits every agent's listing budget",
    help: 'Shorten descriptions or disable skills the agent does not need.',
  },
  {
    code: 'hosts.shortened',
    verdict: 'shortened',
    description: 'The skill description is shown whole',
    help: 'Put what decides when to use the skill first, and keep the description short.',
  },
  {
    code: 'hosts.shadowed',
    verdict: 'shadowed',
    description: 'One copy of each skill name per agent',
    help: 'Remove or rename the copy that loses.',
  },
  {
    code: 'hosts.unreachable',
    verdict: 'unreachable',
    description: 'Some agent lists the skill',
    help: 'Move the skill into a folder the agents read (`skillgraph hosts --why NAME` shows where each looks).',
  },
];

/** The report of a hosts result: findings of `failOn` kinds as errors. */
export function hostsReportText(
  format: 'sarif' | 'junit' | 'github',
  doc: HostsDocument,
  cwd: string,
  failOn: readonly HostsFailOn[],
): string {
  const level = (kind: string, otherwise: Severity): Severity =>
    (failOn as readonly string[]).includes(kind) ? 'error' : otherwise;
  const findings: ReportFinding[] = [];
  for (const h of doc.hosts) {
    for (const s of h.skills) {
      if (s.bundled) continue;
      const rule = RULES.find((r) => r.verdict === s.verdict);
      if (!rule) continue;
      const severity = s.verdict === 'refused' || s.verdict === 'hidden' ? level(s.verdict, 'warning') : 'info';
      const what = s.reason ? `: ${s.reason}` : '';
      findings.push({
        code: rule.code,
        severity,
        message:
          `${h.host} ` +
          (s.verdict === 'name-only'
            ? 'lists it by name only'
            : s.verdict === 'shortened'
              ? 'shortens its description'
              : s.verdict) +
          what,
        file: s.path,
        line: 0,
        column: 0,
        hint: rule.help,
      });
    }
  }
  const unreachable = RULES.find((r) => r.verdict === 'unreachable')!;
  for (const path of doc.unreachable) {
    findings.push({
      code: unreachable.code,
      severity: level('unreachable', 'warning'),
      message: `no chosen agent lists it (${doc.hosts.map((h) => h.host).join(', ')})`,
      file: path,
      line: 0,
      column: 0,
      hint: unreachable.help,
    });
  }
  const units = [...new Set(doc.hosts.flatMap((h) => h.skills.filter((s) => !s.bundled).map((s) => s.path)))]
    .sort()
    .map((file) => ({ name: file.split('/').at(-2) ?? file, file }));
  const rules = RULES.map(({ verdict, ...r }) => ({
    ...r,
    level: (verdict === 'refused' || verdict === 'hidden' || verdict === 'unreachable'
      ? level(verdict, 'warning')
      : 'info') as Severity,
  }));
  const report = buildReport({ suite: 'skillgraph hosts', root: cwd, findings, units, rules });
  return reportText(format, report, 'error');
}
