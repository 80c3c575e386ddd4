// Findings are values with a stable `code`, never thrown; wording lives in `parse/messages.ts`.

/** `error` makes a skill invalid; the others never do. */
export type Severity = 'error' | 'warning' | 'info';

export const SEVERITIES = ['error', 'warning', 'info'] as const satisfies readonly Severity[];

/** Every diagnostic code skillgraph can emit, `area.rule`. */
export type DiagnosticCode =
  // --- specification ---
  | 'frontmatter.missing'
  | 'frontmatter.unterminated'
  | 'frontmatter.not-mapping'
  | 'yaml.invalid'
  | 'field.unknown'
  | 'name.missing'
  | 'name.type'
  | 'name.length'
  | 'name.charset'
  | 'name.hyphen'
  | 'name.directory-mismatch'
  | 'description.missing'
  | 'description.type'
  | 'description.length'
  | 'compatibility.type'
  | 'compatibility.length'
  | 'metadata.type'
  | 'metadata.value-type'
  | 'allowed-tools.type'
  | 'license.type'
  | 'file.name-case'
  | 'encoding.bom'
  | 'encoding.crlf'
  | 'encoding.utf8'
  // --- limits ---
  | 'file.too-large'
  | 'yaml.limit'
  // --- lenient recovery ---
  | 'yaml.recovered'
  | 'skill.skipped'
  // --- lint ---
  | 'body.too-long'
  | 'description.no-trigger'
  | 'link.broken'
  | 'link.too-deep'
  | 'name.reserved'
  | 'description.xml-tag'
  | 'skill.too-large'
  // --- extension keys ---
  | 'version.type'
  | 'includes.invalid'
  | 'tools.invalid'
  | 'inline-tools.invalid'
  | 'mcp.invalid'
  | 'agent-skills.invalid'
  | 'compatibility.free-text'
  // --- discovery ---
  | 'discover.symlink-skipped'
  | 'discover.symlink-escape'
  | 'discover.symlink-loop'
  | 'discover.symlink-dangling'
  | 'discover.dir-budget'
  | 'discover.depth-limit'
  | 'discover.unreadable'
  | 'discover.root-missing'
  | 'discover.duplicate-skill-file'
  // --- catalog ---
  | 'catalog.conflict'
  | 'catalog.duplicate-file'
  // --- completeness: what a walk saw and did not catalogue ---
  | 'discover.nested-skill'
  | 'discover.skipped-folder-skill'
  | 'discover.not-regular'
  | 'discover.not-catalogued'
  | 'discover.same-file'
  | 'discover.peek-limit'
  | 'discover.root-outside-project'
  | 'validate.no-skills'
  // --- hostile input ---
  | 'name.path-segment'
  | 'name.windows-device'
  | 'name.mixed-script'
  | 'catalog.confusable'
  | 'resource.unreadable'
  | 'resource.vanished'
  | 'resource.path-too-long'
  | 'resource.loop'
  | 'resource.io'
  | 'resource.too-many-files'
  | 'resource.too-deep'
  | 'resource.too-large'
  | 'resource.changed'
  | 'workspace.exists'
  | 'workspace.name'
  | 'workspace.write'
  | 'skill.changed'
  | 'input.budget'
  | 'cache.unusable'
  | 'resolve.override-unknown-key'
  // --- conformance with the source systems ---
  | 'dependencies.invalid'
  | 'resolve.mcp-server-unprovided'
  // --- CI ---
  | 'check.added'
  | 'check.removed'
  | 'check.changed'
  | 'check.incomplete'
  | 'check.widened'
  // --- MCP ---
  | 'mcp.too-many-files'
  | 'mcp.too-large'
  // --- security audit ---
  | 'security.unicode-tag'
  | 'security.bidi-control'
  | 'security.zero-width'
  | 'security.variation-selector'
  | 'security.authority-claim'
  | 'security.instruction-override'
  | 'security.conceal-from-user'
  | 'security.hidden-instruction'
  | 'security.pipe-to-shell'
  | 'security.decode-exec'
  | 'security.credential-exfil'
  | 'security.url-exfil'
  | 'security.destructive-delete'
  | 'security.history-rewrite'
  | 'security.shell-rc-edit'
  | 'security.scheduled-task'
  | 'security.git-hook'
  | 'security.agent-settings'
  | 'security.unrestricted-tools'
  | 'security.read-only-mismatch'
  | 'security.trigger-hijack'
  | 'security.binary-executable'
  | 'security.symlink-escape'
  | 'security.lookalike-name'
  | 'security.encoded-blob'
  | 'security.file-unscanned'
  | 'security.remote-exec'
  | 'security.unsafe-deserialization'
  | 'security.persistence'
  | 'security.unpinned-install'
  | 'security.privileged-container'
  | 'security.index-redirect'
  | 'security.self-update'
  | 'security.host-markup'
  | 'security.jailbreak-persona'
  | 'security.approval-claim'
  | 'security.remote-instructions'
  | 'security.exfil-instruction'
  | 'security.network-mismatch'
  // --- routing ---
  | 'routing.overlap'
  | 'routing.missing-sibling';

/** One finding. `line`/`column` are 1-based at the offending YAML node, both 0 for a whole file or folder. */
export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  /** POSIX path of the file the finding is about. */
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly hint: string;
}

/** Total, deterministic order for diagnostics: file, line, column, code, message. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    cmp(a.file, b.file) || a.line - b.line || a.column - b.column || cmp(a.code, b.code) || cmp(a.message, b.message)
  );
}

/** Code-unit comparison, never locale-dependent; use `compareUtf8` where byte order feeds a digest. */
export function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

const UTF8 = new TextEncoder();

/** UTF-8 byte-order comparison, for orderings that feed a digest. */
export function compareUtf8(a: string, b: string): number {
  if (a === b) return 0;
  const x = UTF8.encode(a);
  const y = UTF8.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const d = x[i]! - y[i]!;
    if (d !== 0) return d;
  }
  return x.length - y.length;
}
