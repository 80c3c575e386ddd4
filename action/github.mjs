/**
 * What a step of the skillgraph Action needs from the runner: its inputs (the
 * `SG_*` variables action.yml maps them to), step outputs and the job summary
 * (the files named by GITHUB_OUTPUT and GITHUB_STEP_SUMMARY), workflow
 * commands on stdout, the event payload, and whether code scanning can take
 * an upload. Plain Node (no dependencies): it runs before anything is installed.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';

/** The input `name` (as action.yml spells it), trimmed; '' when unset. */
export function input(env, name) {
  return String(env[`SG_${name.toUpperCase().replaceAll('-', '_')}`] ?? '').trim();
}

/** An input that is 'true' or 'false' (anything else is a usage error). */
export function flag(env, name, fallback) {
  const value = input(env, name) || String(fallback);
  if (value !== 'true' && value !== 'false')
    throw new ActionError(`input ${name} must be 'true' or 'false', got '${value}'`);
  return value === 'true';
}

/** A failure of the Action's own setup: printed as an error annotation, the step fails. */
export class ActionError extends Error {
  name = 'ActionError';
}

/** Escapes of a workflow command's message (so no text ends the command early). */
function data(text) {
  return String(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Print a workflow command: `notice`, `warning` or `error` becomes an annotation. */
export function command(kind, message, out = process.stdout) {
  out.write(`::${kind} title=skillgraph::${data(message)}\n`);
}

/** Append step outputs to the GITHUB_OUTPUT file (multi-line values in its heredoc form). */
export function setOutputs(env, outputs) {
  const file = env.GITHUB_OUTPUT;
  if (!file) return;
  let text = '';
  for (const [name, raw] of Object.entries(outputs)) {
    const value = String(raw ?? '');
    if (!value.includes('\n')) text += `${name}=${value}\n`;
    else {
      const end = `sg_${randomBytes(8).toString('hex')}`;
      text += `${name}<<${end}\n${value}\n${end}\n`;
    }
  }
  appendFileSync(file, text);
}

/** Read the GITHUB_OUTPUT file format back (tests, and the gate reading earlier steps). */
export function parseOutputs(text) {
  const out = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const body = [];
      while (++i < lines.length && lines[i] !== heredoc[2]) body.push(lines[i]);
      out[heredoc[1]] = body.join('\n');
    } else if (line.includes('=')) out[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
  }
  return out;
}

/** Append Markdown to the job summary. */
export function summary(env, markdown) {
  if (env.GITHUB_STEP_SUMMARY)
    appendFileSync(env.GITHUB_STEP_SUMMARY, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
}

/** The event payload, or {} when there is none. */
export function eventPayload(env) {
  if (!env.GITHUB_EVENT_PATH) return {};
  try {
    return JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8'));
  } catch {
    return {};
  }
}

/** Why a pull request's token cannot upload (it comes from a fork), or undefined. */
export function forkPullRequest(env, event = eventPayload(env)) {
  if (!['pull_request', 'pull_request_review', 'pull_request_review_comment'].includes(env.GITHUB_EVENT_NAME))
    return undefined;
  const head = event.pull_request?.head?.repo?.full_name;
  const base = event.pull_request?.base?.repo?.full_name ?? env.GITHUB_REPOSITORY;
  return head && base && head !== base
    ? `the pull request comes from the fork ${head}, whose token cannot write security events`
    : undefined;
}

/**
 * Whether code scanning can take an upload: asks the code scanning API of the repository.
 * Returns the reason it cannot, or undefined when it can (or when the answer is unclear: the
 * upload is then tried, and never fails the job).
 */
export async function codeScanningOff(env, token) {
  if (!token) return 'no token to upload with (the github-token input is empty)';
  const api = env.GITHUB_API_URL || 'https://api.github.com';
  let res;
  try {
    res = await fetch(`${api}/repos/${env.GITHUB_REPOSITORY}/code-scanning/analyses?per_page=1`, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
      },
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return undefined;
  }
  if (res.ok) return undefined;
  const message = String((await res.json().catch(() => ({}))).message ?? '');
  // A repository with code scanning on and no analysis yet answers 404 "no analysis found".
  if (res.status === 404 && /no analysis found/i.test(message)) return undefined;
  if (res.status === 403 && /not enabled|must be enabled/i.test(message))
    return `code scanning is not enabled for ${env.GITHUB_REPOSITORY} (${message})`;
  if (res.status === 403 && /not accessible by integration/i.test(message))
    return 'the token cannot write security events: give the job `permissions: security-events: write`';
  return undefined;
}
