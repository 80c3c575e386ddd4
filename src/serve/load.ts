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
 * command that installs it, when the SDK is not installed.
 *
 * @example const { serveSkills } = await loadServing();
 */
export async function loadServing(): Promise<typeof import('./serving.js')> {
  try {
    return await import('./serving.js');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException | undefined)?.code;
    if ((missing === 'MODULE_NOT_FOUND' || missing === 'ERR_MODULE_NOT_FOUND') && String((error as Error).message).includes(MCP_SDK)) {
      const message = `serving over MCP needs ${MCP_SDK}, which is not installed; install it beside skillgraph: npm install ${MCP_SDK}`;
      throw new SkillgraphError('dependency.missing', message, { package: MCP_SDK }, error);
    }
    throw error;
  }
}
