// Error classes a host throws so `toSkillError` maps by class, not by message text: they stand in for Python's
// ValueError (ResolutionError), RuntimeError (ActivationError) and PermissionError (PermissionDeniedError).
import { checkOptionKeys, optionKeys } from '../option-keys.js';

/** Options shared by the host error classes. */
export interface HostErrorOptions {
  readonly cause?: unknown;
  /** The tool involved, when known; `toSkillError` copies it into details. */
  readonly toolName?: string;
}

const HOST_ERROR_KEYS = optionKeys<HostErrorOptions>('host error', { cause: true, toolName: true });

abstract class HostError extends Error {
  readonly toolName: string | undefined;

  constructor(name: string, message: string, options: HostErrorOptions = {}) {
    checkOptionKeys(options, HOST_ERROR_KEYS);
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = name;
    this.toolName = options.toolName;
  }
}

/** A composition that cannot be resolved: cycle_detected, skill_not_found or resolution_failure by message. */
export class ResolutionError extends HostError {
  constructor(message: string, options: HostErrorOptions = {}) {
    super('ResolutionError', message, options);
  }
}

/** A tool that could not be made ready (server will not start, missing binary): tool_activation_failure. */
export class ActivationError extends HostError {
  constructor(message: string, options: HostErrorOptions = {}) {
    super('ActivationError', message, options);
  }
}

/** The host refused an operation (policy, sandbox, user denial): permission_denied. */
export class PermissionDeniedError extends HostError {
  constructor(message: string, options: HostErrorOptions = {}) {
    super('PermissionDeniedError', message, options);
  }
}
