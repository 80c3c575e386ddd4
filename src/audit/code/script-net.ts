/**
 * Network calls in Python and JavaScript: reads (`requests.get`,
 * `urlopen`, `fetch`, `axios.get`, `https.get`) give network data; sends
 * (request bodies, query strings, headers, sockets, mail, DNS lookups,
 * websockets, cloud uploads) are egress effects carrying what they send.
 * A connection object (socket, SMTP, HTTP connection, websocket) is a
 * channel: what is written to it leaves. Pure.
 */
import type { FlowState } from './effect.js';
import type { Call } from './script-sem.js';
import { inHostOrQuery, isOwnFile } from './commands-sem.js';
import { merge, opaque, tagged, UNKNOWN, withoutSecrets, type Val } from './value.js';

const READS =
  /^(?:requests|httpx|session|s|client|http)\.(?:get|head|options|stream)$|^(?:urllib\.request\.urlopen|urllib2\.urlopen|urllib\.urlopen|urlopen|fetch|node-fetch|axios|axios\.get|got|got\.get|needle\.get|superagent\.get|ky\.get|undici\.request|undici\.fetch|https\.get|http\.get|aiohttp\.request|httpx\.AsyncClient\.get)$/;
const SENDS =
  /^(?:requests|httpx|session|s|client)\.(?:post|put|patch|request|delete)$|^(?:axios\.(?:post|put|patch|request)|got\.(?:post|put)|needle\.post|superagent\.post|ky\.(?:post|put)|navigator\.sendBeacon|urllib\.request\.Request|urllib2\.Request)$/;
const CHANNELS =
  /^(?:socket\.socket|socket\.create_connection|smtplib\.SMTP|smtplib\.SMTP_SSL|ftplib\.FTP|ftplib\.FTP_TLS|telnetlib\.Telnet|http\.client\.HTTPConnection|http\.client\.HTTPSConnection|httplib\.HTTPConnection|websocket\.create_connection|websocket\.WebSocket|websockets\.connect|paramiko\.SSHClient|paramiko\.Transport|net\.connect|net\.createConnection|net\.Socket|tls\.connect|dgram\.createSocket|WebSocket|ws|ws\.WebSocket|http\.request|https\.request|nodemailer\.createTransport|boto3\.client|boto3\.resource|redis\.Redis|redis\.StrictRedis|redis\.from_url|Redis|kafka\.KafkaConsumer|KafkaConsumer|pika\.BlockingConnection|zmq\.Context|(?:dns\.(?:promises\.|resolver\.)?)?Resolver)$/;
const DNS =
  /^(?:socket\.(?:gethostbyname(?:_ex)?|getaddrinfo)|(?:dns\.)?resolver\.(?:resolve|query)|dns\.(?:promises\.)?(?:lookup|resolve\w{0,6}|reverse)|(?:resolver|Resolver)\.resolve\w{0,6})$/;
const CHANNEL_SENDS =
  /^(?:send|sendall|sendto|sendmail|send_message|write|end|request|putrequest|putheader|storbinary|storlines|put|upload_file|upload_fileobj|put_object|exec_command|sendMail|emit|publish|post)$/;
const CHANNEL_READS =
  /^(?:recv|recvfrom|read|getresponse|makefile|receive|readline|get|blpop|brpop|lpop|rpop|hget|receive_messages|consume|poll|basic_get|recv_pyobj|recv_multipart)$/;

/**
 * Reads, sends, channels and lookups.
 *
 * @example
 * networkSemantics({ name: 'requests.get', args: [lit('https://x.test')], … }, state)?.origins[0].kind // 'network'
 */
export function networkSemantics(call: Call, name: string, state: FlowState): Val | undefined {
  const at = call.at;
  const url = call.args[0] ?? call.kwargs.get('url') ?? UNKNOWN;
  const push = (what: string, data: Val, inName = false): void =>
    void state.effects.push({
      kind: 'egress',
      line: at.line,
      col: at.col,
      what,
      data,
      target: url,
      ...(inName ? { inName } : {}),
    });
  const sent = (): Val[] =>
    ['data', 'json', 'files', 'params', 'headers', 'body', 'form', 'content', 'auth', 'cookies'].flatMap((k) =>
      call.kwargs.has(k)
        ? [/^(?:headers|auth|cookies)$/.test(k) ? withoutSecrets(call.kwargs.get(k)!) : call.kwargs.get(k)!]
        : [],
    );
  if (READS.test(name) || SENDS.test(name)) {
    const body = [...sent(), ...(SENDS.test(name) ? call.args.slice(1) : [])];
    const method = (call.kwargs.get('method')?.text ?? '').toUpperCase();
    if (url.origins.length > 0) push(`${name} to a URL built from data`, url, inHostOrQuery(url.text));
    if (body.length > 0 || /POST|PUT|PATCH/.test(method)) push(name, merge(body));
    return tagged(
      opaque(`${name}(…)`, []),
      'network',
      at.line,
      `${name}(${url.exact ? url.text.slice(0, 80) : '…'})`.slice(0, 120),
    );
  }
  if (/^(?:urllib\.request\.urlretrieve|urllib\.urlretrieve|urlretrieve|wget\.download)$/.test(name)) {
    const dest = call.args[1] ?? call.kwargs.get('filename') ?? call.kwargs.get('out');
    const content = tagged(
      opaque(`${name}(…)`, []),
      'network',
      at.line,
      `${name}(${url.exact ? url.text.slice(0, 80) : '…'})`,
    );
    if (dest && isOwnFile(dest.text))
      state.effects.push({
        kind: 'self-update',
        line: at.line,
        col: at.col,
        what: `${name} over the skill's own file`,
        data: content,
        target: dest,
      });
    if (dest) state.files.set(dest.text, content);
    return content;
  }
  if (CHANNELS.test(name)) {
    if (/^(?:http|https)\.request$/.test(name))
      return { ...tagged(opaque(name), 'network', at.line, name), ref: { kind: 'channel', name } };
    return { ...opaque(name, call.args), ref: { kind: 'channel', name } };
  }
  if (DNS.test(name)) {
    if (url.origins.length > 0) push(`${name} (a DNS lookup)`, url, true);
    return opaque(name);
  }
  if (name.startsWith('().') && call.recv?.ref?.kind === 'channel') {
    const method = name.slice(3);
    // A resolver object's lookups are DNS queries: what is in the name leaves.
    if (/Resolver$/.test(call.recv.ref.name) && /^(?:resolve\w{0,6}|query|lookup|reverse)$/.test(method)) {
      if (url.origins.length > 0) push(`${call.recv.ref.name} .${method}() (a DNS lookup)`, url, true);
      return opaque(method);
    }
    if (CHANNEL_SENDS.test(method)) {
      state.effects.push({
        kind: 'egress',
        line: at.line,
        col: at.col,
        what: `${call.recv.ref.name} .${method}()`,
        data: merge([...call.args, ...call.kwargs.values()]),
        target: call.recv,
      });
      return { ...opaque(method), ref: call.recv.ref };
    }
    if (CHANNEL_READS.test(method))
      return tagged(opaque(method), 'network', at.line, `${call.recv.ref.name} .${method}()`);
    return { ...opaque(method), ref: call.recv.ref };
  }
  return undefined;
}
