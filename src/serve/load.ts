// The MCP SDK is an optional peer dependency that only serving loads.
import { SkillgraphError } from '../model/errors.js';

export const MCP_SDK = '@modelcontextprotocol/sdk';

/** The serving code; `dependency.missing`, naming the install command, without the SDK. */
export async function loadServing(
  load = (): Promise<typeof import('./serving.js')> => import('./serving.js'),
): Promise<typeof import('./serving.js')> {
  try {
    return await load();
  } catch (error) {
    if (isMissing(error)) {
      const message =
        `serving over MCP needs ${MCP_SDK}, which is not installed; install it beside skillgraph: ` +
        `npm install ${MCP_SDK}`;
      throw new SkillgraphError('dependency.missing', message, { package: MCP_SDK }, error);
    }
    throw error;
  }
}

/** Node's "cannot find", or an ES module bundle's "dynamic require" (a bundler left the SDK out). */
function isMissing(error: unknown): boolean {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  const named = typeof message === 'string' && message.includes(MCP_SDK);
  return (
    named &&
    (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND' || message.startsWith('Dynamic require of'))
  );
}
