/**
 * Small error classes a host (or a tool adapter) throws so that
 * `toSkillError` maps by class instead of guessing from message text. They
 * stand in for the distinctions Python draws with built-in exception types:
 *
 *   Python            JavaScript here                  maps to
 *   ValueError        ResolutionError, RangeError,     cycle_detected / skill_not_found /
 *                     SyntaxError, or an error of      resolution_failure (by message)
 *                     the ValueError family's names
 *   PermissionError   PermissionDeniedError, or any    permission_denied
 *                     error with code EACCES / EPERM
 *                     or of class PermissionError
 *   RuntimeError      ActivationError                  tool_activation_failure
 *                     an error of the RuntimeError     tool_activation_failure when the message
 *                     family's names                   says activation, else execution failure
 *                     Error, TypeError, anything else  tool_execution_failure (or activation,
 *                                                      when the message says so)
 */
import { checkOptionKeys, optionKeys } from '../option-keys.js';

/** Options shared by the host error classes. */
export interface HostErrorOptions {
  readonly cause?: unknown;
  /** The tool involved, when known; `toSkillError` copies it into details. */
  readonly toolName?: string;
}

const HOST_ERROR_KEYS = optionKeys<HostErrorOptions>('host error', { cause: true, toolName: true });

/** Base of the host error classes: a name, an optional tool and an optional cause. */
abstract class HostError extends Error {
  readonly toolName: string | undefined;

  constructor(name: string, message: string, options: HostErrorOptions = {}) {
    checkOptionKeys(options, HOST_ERROR_KEYS);
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = name;
    this.toolName = options.toolName;
  }
}

/**
 * A skill's composition could not be resolved (Python's ValueError, in a host written in it):
 * mapped to cycle_detected, skill_not_found or resolution_failure by message.
 *
 * @example throw new ResolutionError(`override for unknown entry '${key}'`);
 */
export class ResolutionError extends HostError {
  constructor(message: string, options: HostErrorOptions = {}) {
    super('ResolutionError', message, options);
  }
}

/**
 * A tool could not be made ready: an MCP server that will not start, a
 * missing binary, a failed handshake. Always tool_activation_failure.
 *
 * @example throw new ActivationError('mcp server github exited during handshake', { toolName: 'mcp:github/search' });
 */
export class ActivationError extends HostError {
  constructor(message: string, options: HostErrorOptions = {}) {
    super('ActivationError', message, options);
  }
}

/**
 * The host refused an operation (policy, sandbox, user denial). Always
 * permission_denied, like an OS error with code EACCES or EPERM.
 *
 * @example throw new PermissionDeniedError('writes are disabled in review mode', { toolName: 'write_file' });
 */
export class PermissionDeniedError extends HostError {
  constructor(message: string, options: HostErrorOptions = {}) {
    super('PermissionDeniedError', message, options);
  }
}
