/**
 * Loading the serving code, which needs the MCP SDK: an optional peer
 * dependency, which only serving loads, so that installing and importing
 * skillgraph for anything else never pulls it in.
 */
import { SkillgraphError } from '../model/errors.js';

/** The MCP SDK, which serving needs: an optional peer dependency of the package. */
export const MCP_SDK = '@modelcontextprotocol/sdk';

/**
 * The serving code, which loads the MCP SDK; `dependency.missing`, naming the
 * command that installs it, when the SDK is not installed. (`load` is the
 * import, replaceable in tests.)
 *
 * @example const { serveSkills } = await loadServing();
 */
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

/** Node's "cannot find" for the SDK, or an ES module bundle's "dynamic require" of it (a bundler left it out). */
function isMissing(error: unknown): boolean {
  const { code, message } = (error ?? {}) as NodeJS.ErrnoException;
  const named = typeof message === 'string' && message.includes(MCP_SDK);
  return (
    named &&
    (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND' || message.startsWith('Dynamic require of'))
  );
}
