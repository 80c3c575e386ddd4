// `skillgraph hosts [PATH...]`: what each agent would load, show and hide. PATH is where the agents
// start; more PATHs are searched for skills no agent reaches.
import { resolve } from 'node:path';
import { hostsJson, hostsTask, LISTED, type HostsDocument } from '../../tasks/hosts.js';
import { HOST_IDS } from '../../hosts/types.js';
import { isSkillgraphError } from '../../model/errors.js';
import type { VerbSpec } from '../args.js';
import { parseVerbArgs, usageError } from '../args.js';
import { homeFrom } from '../catalog-request.js';
import { EXIT } from '../exit.js';
import { hostsText, whyText } from '../hosts-output.js';
import { note, writeJson, type CliIo } from '../io.js';

const FORMATS = ['text', 'json', 'sarif', 'junit', 'github'] as const;
const FAIL_ON = ['hidden', 'unreachable', 'refused'] as const;

export const spec: VerbSpec = {
  name: 'hosts',
  summary: 'what each agent (Claude Code, Codex, Copilot, …) loads, shows and hides',
  usage:
    '[PATH...] [--host NAME]... [--home DIR] [--why SKILL]' +
    ' [--fail-on hidden|unreachable|refused] [--format F] [--json]',
  examples: [
    'skillgraph hosts . --host claude-code --host codex',
    'skillgraph hosts . --why pdf',
    'skillgraph hosts . --fail-on unreachable --format github',
  ],
  flags: {
    host: {
      type: 'string',
      multiple: true,
      value: 'NAME',
      description: `an agent to check (default all): ${HOST_IDS.join(', ')}`,
    },
    home: {
      type: 'string',
      value: 'DIR',
      description: 'the home folder the agents read user skills from (default $HOME)',
    },
    why: {
      type: 'string',
      value: 'SKILL',
      description: "each agent's verdict and reason for one skill (by name or folder)",
    },
    'fail-on': {
      type: 'string',
      multiple: true,
      value: 'KIND',
      description: 'exit 1 when a skill is hidden by a budget, listed by no agent (unreachable) or refused',
    },
    format: { type: 'string', value: 'F', description: `output: ${FORMATS.join(', ')} (default text; json is --json)` },
    untrusted: { type: 'boolean', description: 'the project folder is not trusted (agents that ask skip its skills)' },
  },
  positionals: 'paths',
};

export async function run(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseVerbArgs(spec, args, io);
  const format = values.json === true ? 'json' : typeof values.format === 'string' ? values.format : 'text';
  if (!(FORMATS as readonly string[]).includes(format))
    usageError(io, spec.name, `--format must be one of ${FORMATS.join(', ')}, got '${format}'`);
  const failOn = strings(values['fail-on']).flatMap((v) => v.split(','));
  const badFail = failOn.find((f) => !(FAIL_ON as readonly string[]).includes(f));
  if (badFail !== undefined) usageError(io, spec.name, `--fail-on must be ${FAIL_ON.join(', ')}, got '${badFail}'`);
  const [project, ...paths] = positionals.length > 0 ? positionals : ['.'];
  let doc: HostsDocument;
  try {
    doc = await hostsTask({
      project: resolve(io.cwd, project!),
      home: typeof values.home === 'string' ? resolve(io.cwd, values.home) : homeFrom(io),
      hosts: strings(values.host),
      paths: paths.map((p) => resolve(io.cwd, p)),
      trusted: values.untrusted !== true,
      env: io.env,
    });
  } catch (error) {
    if (isSkillgraphError(error) && error.code === 'options.invalid') usageError(io, spec.name, error.message);
    throw error;
  }
  if (format === 'json') writeJson(io, hostsJson(doc));
  else if (format === 'text')
    io.stdout.write(typeof values.why === 'string' ? whyText(doc, values.why) : hostsText(doc));
  else {
    const { hostsReportText } = await import('../../tasks/hosts-report.js');
    io.stdout.write(
      hostsReportText(format as 'sarif' | 'junit' | 'github', doc, io.cwd, failOn as (typeof FAIL_ON)[number][]),
    );
  }
  const failed = failures(doc, failOn);
  note(
    io,
    `hosts: ${doc.hosts.length} agent${doc.hosts.length === 1 ? '' : 's'}, ` +
      `${listedSummary(doc)}${failed.length > 0 ? `; failing: ${failed.join(', ')}` : ''}\n`,
  );
  return failed.length > 0 ? EXIT.findings : EXIT.ok;
}

function failures(doc: HostsDocument, failOn: readonly string[]): string[] {
  const out: string[] = [];
  const own = doc.hosts.flatMap((h) => h.skills.filter((s) => !s.bundled));
  const hidden = own.filter((s) => s.verdict === 'hidden').length;
  const refused = own.filter((s) => s.verdict === 'refused').length;
  if (failOn.includes('hidden') && hidden > 0) out.push(`${hidden} hidden`);
  if (failOn.includes('refused') && refused > 0) out.push(`${refused} refused`);
  if (failOn.includes('unreachable') && doc.unreachable.length > 0) out.push(`${doc.unreachable.length} unreachable`);
  return out;
}

function listedSummary(doc: HostsDocument): string {
  const files = new Set(doc.hosts.flatMap((h) => h.skills.filter((s) => !s.bundled && s.real).map((s) => s.real)));
  const listed = new Set(
    doc.hosts.flatMap((h) => h.skills.filter((s) => !s.bundled && LISTED.has(s.verdict)).map((s) => s.real)),
  );
  return `${files.size} skill file${files.size === 1 ? '' : 's'}, ${listed.size} listed by at least one`;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : [];
}
