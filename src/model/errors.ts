// Thrown errors are for API misuse, a failing environment, or an operation that cannot go on; findings are data.

export const ERROR_CODES = [
  'usage',
  'options.invalid',
  'config.invalid',
  'root.missing',
  'root.not-directory',
  'skill.invalid',
  'skill.not-found',
  'skill.ambiguous',
  'skill.digest-changed',
  'catalog.duplicate-name',
  'resolve.cycle',
  'resolve.not-found',
  'path.invalid',
  'path.duplicate',
  'workspace.exists',
  'wasm.missing',
  'wasm.abi',
  'dependency.missing',
  'lockfile.invalid',
  'log.invalid',
  'protocol.invalid',
  'io',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error class of skillgraph's own making, with a string `code` and `details`. */
export class SkillgraphError extends Error {
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, unknown>>;

  constructor(code: ErrorCode, message: string, details: Record<string, unknown> = {}, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'SkillgraphError';
    this.code = code;
    this.details = Object.freeze({ ...details });
  }
}

/** Narrowing helper that survives realm/module duplication. */
export function isSkillgraphError(error: unknown): error is SkillgraphError {
  return (
    error instanceof SkillgraphError || (error instanceof Error && error.name === 'SkillgraphError' && 'code' in error)
  );
}
