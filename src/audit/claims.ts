/**
 * Claims against behaviour: a skill whose description or instructions say
 * it works offline, never uses the network or keeps data local, while its
 * scripts reach the network. Sending data out under such a claim is an
 * error (the claim is what a reviewer trusted); fetching warns. Pure.
 */
import type { Diagnostic } from '../model/diagnostics.js';
import { finding, isScript, quote, scanOf, shownPath, type AuditInput } from './input.js';
import { holds, needleGroup } from './needles.js';
import { firstMatch } from './scan.js';

const OFFLINE_CLAIM =
  /\b(?:works?\s{1,4}(?:fully\s{1,4}|completely\s{1,4}|entirely\s{1,4})?offline|(?:fully|completely|entirely|100%|purely)\s{1,4}(?:offline|local)|offline[- ]only|local[- ]only|no\s{1,4}(?:network|internet)\s{1,4}(?:access|calls?|connections?|requests?|needed|required|use)|(?:never|does\s{1,2}not|doesn't|will\s{1,2}not|won't)\s{1,4}(?:connect|call\s{1,4}out|phone\s{1,4}home|access\s{1,4}the\s{1,4}(?:network|internet)|make\s{1,4}(?:any\s{1,4})?(?:network|external|outbound)\s{1,4}(?:calls?|requests?|connections?)|send|upload|transmit|share)\b(?:\s{1,4}(?:any|your))?(?:\s{1,4}(?:data|files?|information|code)|\s{1,4}to\s{1,4}the\s{1,4}internet)?|no\s{1,4}data\s{1,4}(?:ever\s{1,4})?(?:leaves|is\s{1,4}sent|is\s{1,4}uploaded)|no\s{1,4}(?:telemetry|external\s{1,4}(?:calls|requests|services|connections))|\bwithout\s{1,4}(?:any\s{1,4})?(?:network|internet)\b|^\s{0,4}offline\b)/i;
const NETWORK_USE =
  /\b(?:curl|wget|Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b|\b(?:requests|httpx|aiohttp|urllib\d?|http\.client|httplib|socket|ftplib|smtplib|paramiko|websocket|websockets)\b[.\s]|\bfetch\s{0,2}\(|\baxios\b|\bnet\.(?:connect|createConnection)|\b(?:https?|node:https?)['"]\s{0,2}\)|\bNet\.WebClient\b|\bnc\s{1,4}-?\w{0,4}\s{0,4}[\w.-]{1,100}\s{1,4}\d{2,5}\b/;
const NETWORK_SEND =
  /\bcurl\b[^\n]{0,200}\s(?:-d|--data\S{0,10}|-F|--form|-T|--upload-file|-X\s{0,2}(?:POST|PUT))(?=\s|$)|\b(?:requests|httpx|session|client)\.(?:post|put|patch)\s{0,2}\(|method\s{0,2}[:=]\s{0,2}['"](?:POST|PUT|PATCH)|\.(?:sendall|send|sendto)\s{0,2}\(|\bsmtplib\b|\bscp\s|\brsync\s[^\n]{0,100}:|-Method\s{1,4}(?:Post|Put)|\bUpload(?:String|File|Data)\b/i;

const NETWORK = needleGroup([NETWORK_USE, NETWORK_SEND]);

/**
 * A network claim its scripts contradict.
 *
 * @example
 * claimFindings({ dir: 's', skillFile: 'SKILL.md', description: 'Works fully offline.',
 * files: [script with requests.post] })[0].severity // 'error'
 */
export function claimFindings(input: AuditInput): Diagnostic[] {
  // Perf: behaviour first (most skills reach no network), the claim only when there is something to contradict.
  const own = input.files.find((f) => f.path === input.skillFile);
  const skill = own?.text ?? '';
  // Where no script and no SKILL.md holds a network word, nothing reaches the network.
  const networked = input.files.some(
    (f) => f.text !== undefined && (isScript(f) || f === own) && holds(scanOf(f).needles, NETWORK),
  );
  if (!networked) return [];
  if (!input.files.some((f) => isScript(f) && f.text !== undefined) && !/^ {0,3}(?:`{3,}|~{3,})/m.test(skill))
    return [];
  let sends: string | undefined;
  let fetches: string | undefined;
  // Behaviour: the scripts, and the commands SKILL.md tells the agent to run (its fenced blocks).
  const told = [...skill.matchAll(/^ {0,3}(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^ {0,3}\1/gm)].map((m) => m[2]!).join('\n');
  const units = [
    ...input.files.filter((f) => isScript(f) && f.text !== undefined).map((f) => ({ path: f.path, text: f.text! })),
    ...(told ? [{ path: input.skillFile, text: told }] : []),
  ];
  for (const f of units) {
    const code = f.text
      .split('\n')
      .filter((l) => !/^\s{0,40}(?:#|\/\/|\*|--)/.test(l))
      .join('\n');
    if (!sends && firstMatch(code, NETWORK_SEND)) sends = f.path;
    if (!fetches && firstMatch(code, NETWORK_USE)) fetches = f.path;
  }
  if (!sends && !fetches) return [];
  const description = input.description ?? '';
  const inDescription = firstMatch(description, OFFLINE_CLAIM);
  const body = skill.split('\n');
  let claimLine = 0;
  let claim = inDescription?.text;
  if (!claim) {
    for (let i = 0; i < body.length && i < 400; i++) {
      const m = firstMatch(body[i]!, OFFLINE_CLAIM);
      if (m && !/\b(?:if|when|unless|optional(?:ly)?|can|may|or)\b[^.]{0,40}$/i.test(body[i]!.slice(0, m.index))) {
        claim = m.text;
        claimLine = i + 1;
        break;
      }
    }
  } else claimLine = Math.max(1, body.findIndex((l) => /^description\s{0,4}:/.test(l)) + 1);
  if (!claim) return [];
  const script = sends ?? fetches!;
  return [
    finding(
      'security.network-mismatch',
      shownPath(input.dir, input.skillFile),
      claimLine,
      1,
      `the skill says "${quote(claim, 50)}" but ${script} ${sends ? 'sends data over the network' : 'reaches the network'}`,
      sends ? 'error' : 'warning',
    ),
  ];
}
