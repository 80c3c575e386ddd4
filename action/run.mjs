#!/usr/bin/env node
/**
 * The steps of the skillgraph Action (action.yml), one subcommand each, so a
 * test can run them as the runner does (inputs as SG_* variables, outputs to
 * GITHUB_OUTPUT, the summary to GITHUB_STEP_SUMMARY):
 *
 *   setup    check the inputs; say which skillgraph runs and its cache key
 *   install  build the action's checkout (npm ci), or install the pinned version
 *   run      one validate (or merge) run writing every format, then check, audit
 *            and hosts when asked; decide whether the SARIF upload can work
 *   gate     fail the job when a run failed its gate
 *
 * A run that fails its gate still ends the `run` step with exit 0: the SARIF
 * upload comes between it and the gate. A usage or internal error (exit 2 or
 * 70) fails the `run` step at once, and no report file is left behind.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ActionError, codeScanningOff, command, flag, forkPullRequest, input, setOutputs, summary } from './github.mjs';
import { install, installPlan } from './install.mjs';
import { reportSummary } from './summary.mjs';

const env = process.env;

/** Run the CLI; annotations (stdout) reach the log unless `capture`; returns the exit status and stdout. */
function skillgraph(cli, args, capture = false) {
  process.stderr.write(`skillgraph ${args.join(' ')}\n`);
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: env.GITHUB_WORKSPACE || process.cwd(),
    stdio: ['ignore', capture ? 'pipe' : 'inherit', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  process.stderr.write(r.stderr ?? '');
  return { status: r.status ?? 70, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

/** Words of a space-separated input. */
const words = (name) => input(env, name).split(/\s+/).filter(Boolean);

/** The gate and profile flags every findings run takes. */
function gateArgs() {
  const failOn = input(env, 'fail-on') || 'error';
  if (failOn !== 'error' && failOn !== 'warning')
    throw new ActionError(`input fail-on must be error or warning, got '${failOn}'`);
  const max = input(env, 'max-warnings');
  if (max !== '' && !/^\d+$/.test(max))
    throw new ActionError(`input max-warnings must be a whole number, got '${max}'`);
  return ['--fail-on', failOn, ...(max ? ['--max-warnings', max] : [])];
}

/** `dir/shard-*.json` and plain names: the shard documents a merge job downloaded. */
export function expandFiles(patterns, cwd) {
  const files = [];
  for (const pattern of patterns) {
    if (!pattern.includes('*')) {
      files.push(pattern);
      continue;
    }
    const dir = dirname(pattern);
    const re = new RegExp(
      `^${basename(pattern)
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    const found = existsSync(resolve(cwd, dir))
      ? readdirSync(resolve(cwd, dir))
          .filter((n) => re.test(n))
          .sort()
      : [];
    if (found.length === 0) throw new ActionError(`input merge: no file matches ${pattern}`);
    files.push(...found.map((n) => (dir === '.' ? n : join(dir, n))));
  }
  return files;
}

/** The report files of this job: the SARIF log and JSON document always, JUnit when asked for. */
function reportFiles() {
  return {
    sarif: input(env, 'sarif-file') || 'skillgraph.sarif',
    json: input(env, 'json-file') || 'skillgraph.json',
    junit: input(env, 'junit-file'),
  };
}

/** The main run: a shard document, a merge of shards, or a validate run, every format from one run. */
function findings(cli) {
  const cwd = env.GITHUB_WORKSPACE || process.cwd();
  const shard = input(env, 'shard');
  const profile = input(env, 'profile') ? ['--profile', input(env, 'profile')] : [];
  if (shard) {
    if (!/^\d+\/\d+$/.test(shard)) throw new ActionError(`input shard must be i/n, e.g. 2/4, got '${shard}'`);
    const file = input(env, 'shard-file') || `skillgraph-shard-${shard.replace('/', '-of-')}.json`;
    const r = skillgraph(
      cli,
      ['validate', ...words('paths'), ...profile, ...gateArgs(), '--shard', shard, '--json'],
      true,
    );
    if (r.status <= 1) writeFileSync(resolve(cwd, file), r.stdout);
    return { status: r.status <= 1 ? 0 : r.status, files: {}, outputs: { 'shard-file': r.status <= 1 ? file : '' } };
  }
  const files = reportFiles();
  const outs = [
    '--format',
    'github',
    '--output',
    `sarif=${files.sarif}`,
    '--output',
    `json=${files.json}`,
    ...(files.junit ? ['--output', `junit=${files.junit}`] : []),
  ];
  const merge = words('merge');
  if (merge.length > 0) {
    const given = input(env, 'fail-on') || input(env, 'max-warnings') ? gateArgs() : [];
    return { ...skillgraph(cli, ['merge', ...expandFiles(merge, cwd), ...given, ...outs]), files, outputs: {} };
  }
  const base = env.GITHUB_BASE_REF;
  const changed = flag(env, 'changed-only', false) && base ? [`--changed=origin/${base}`] : [];
  return {
    ...skillgraph(cli, ['validate', ...words('paths'), ...profile, ...gateArgs(), ...changed, ...outs]),
    files,
    outputs: {},
  };
}

/** The runs besides validate that the inputs ask for: the lockfile check, the audit, the hosts report. */
function extras(cli) {
  const out = {};
  const lockfile = input(env, 'lockfile') || 'skillgraph.lock.json';
  if (flag(env, 'check', true) && existsSync(resolve(env.GITHUB_WORKSPACE || '.', lockfile)))
    out.check = skillgraph(cli, ['check', '--lock', lockfile, '--format', 'github']).status;
  if (flag(env, 'audit', false)) {
    if (words('paths').length === 0) throw new ActionError('input audit needs the paths input (the folders to audit)');
    const sarif = input(env, 'audit-sarif-file') || 'skillgraph-audit.sarif';
    out.audit = skillgraph(cli, [
      'audit',
      ...words('paths'),
      ...gateArgs(),
      '--format',
      'github',
      '--output',
      `sarif=${sarif}`,
    ]).status;
    out.auditSarif = sarif;
  }
  if (words('hosts').length > 0) {
    const r = skillgraph(cli, ['hosts', ...words('paths'), ...words('hosts').flatMap((h) => ['--host', h])]);
    if (r.status === 2 && /unknown verb 'hosts'/.test(r.stderr))
      command(
        'error',
        "the hosts input needs a skillgraph with the 'hosts' verb; this build has none " +
          '(unset hosts, or use a version that has it)',
      );
    out.hosts = r.status;
  }
  return out;
}

/** A SARIF log worth uploading: there, not empty, with runs. */
function sarifReady(file) {
  const path = resolve(env.GITHUB_WORKSPACE || '.', file);
  if (!existsSync(path) || statSync(path).size === 0) return false;
  try {
    return Array.isArray(JSON.parse(readFileSync(path, 'utf8')).runs);
  } catch {
    return false;
  }
}

/** Why the upload cannot work here, or undefined when it can. */
async function uploadSkipped(sarif) {
  if (!flag(env, 'upload-sarif', true)) return 'the upload-sarif input is false';
  if (!sarifReady(sarif)) return 'no SARIF log was written';
  return forkPullRequest(env) ?? (await codeScanningOff(env, env.SG_TOKEN));
}

async function runStep() {
  const plan = installPlan(env);
  const main = findings(plan.cli);
  const more = extras(plan.cli);
  const statuses = { validate: main.status, check: more.check, audit: more.audit, hosts: more.hosts };
  const failed = Object.entries(statuses).filter(([, s]) => s !== undefined && s >= 2);
  const skipped = main.files.sarif
    ? await uploadSkipped(main.files.sarif)
    : 'a shard job uploads nothing (the merge job does)';
  if (skipped && main.files.sarif)
    command('notice', `SARIF upload skipped: ${skipped}. The annotations and the gate still apply.`);
  const audit = more.auditSarif && !skipped && flag(env, 'upload-sarif', true) && sarifReady(more.auditSarif);
  const report = main.files.json
    ? reportSummary(
        resolve(env.GITHUB_WORKSPACE || '.', main.files.json),
        resolve(env.GITHUB_WORKSPACE || '.', main.files.sarif),
      )
    : undefined;
  if (report) summary(env, report.markdown);
  const worst = Math.max(...Object.values(statuses).filter((s) => s !== undefined));
  setOutputs(env, {
    status: worst,
    'validate-status': main.status,
    'check-status': more.check ?? '',
    'audit-status': more.audit ?? '',
    'hosts-status': more.hosts ?? '',
    skills: report?.skills ?? '',
    errors: report?.errors ?? '',
    warnings: report?.warnings ?? '',
    'sarif-file': main.files.sarif && sarifReady(main.files.sarif) ? main.files.sarif : '',
    'json-file': main.files.json ?? '',
    'junit-file': main.files.junit ?? '',
    'audit-sarif-file': more.auditSarif ?? '',
    upload: skipped ? 'false' : 'true',
    'upload-audit': audit ? 'true' : 'false',
    'upload-skipped': skipped ?? '',
    ...main.outputs,
  });
  if (failed.length > 0)
    throw new ActionError(
      `skillgraph ${failed.map(([verb, s]) => `${verb} exited ${s}`).join(', ')} ` +
        '(usage or internal error, see above): no report to upload',
    );
}

function gateStep() {
  const failed = ['validate', 'check', 'audit', 'hosts'].filter(
    (verb) =>
      (env[`SG_${verb.toUpperCase()}_STATUS`] ?? '').trim() !== '' &&
      env[`SG_${verb.toUpperCase()}_STATUS`].trim() !== '0',
  );
  for (const verb of failed)
    command('error', `skillgraph ${verb} failed its gate (exit ${env[`SG_${verb.toUpperCase()}_STATUS`].trim()})`);
  if (failed.length > 0) process.exitCode = 1;
}

async function step(name) {
  if (name === 'setup') {
    const plan = installPlan(env);
    gateArgs();
    setOutputs(env, { mode: plan.mode, 'cache-key': plan.key, 'cache-path': plan.paths.join('\n'), cli: plan.cli });
  } else if (name === 'install') install(installPlan(env));
  else if (name === 'run') await runStep();
  else if (name === 'gate') gateStep();
  else throw new ActionError(`unknown step '${name}': setup, install, run or gate`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  step(process.argv[2]).catch((error) => {
    if (!(error instanceof ActionError)) throw error;
    command('error', error.message);
    process.exitCode = 1;
  });
}
