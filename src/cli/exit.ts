/** Exit statuses. A message and an exit status are separate decisions. */
export const EXIT = Object.freeze({
  ok: 0,
  findings: 1,
  usage: 2,
  internal: 70,
} as const);

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Thrown by a verb to end with a given status after its message was printed. */
export class ExitError extends Error {
  readonly exitCode: ExitCode;
  constructor(exitCode: ExitCode, message = '') {
    super(message);
    this.name = 'ExitError';
    this.exitCode = exitCode;
  }
}
