/**
 * Tasks: one library function per verb, taking typed options and returning
 * the document the CLI prints. The CLI parses arguments, calls one task and
 * prints what it returns.
 */
export { hostsJson, hostsTask, resolveHosts, LISTED, type HostsDocument, type HostsOptions } from './hosts.js';
