import { describe, expect, it } from 'vitest';
import { loadServing } from '../../../src/serve/load.js';

/** What loadServing throws when importing the serving code fails with `error`. */
const failingWith = (error: Error): Promise<unknown> =>
  loadServing(() => Promise.reject(error)).then(
    () => 'loaded',
    (e: unknown) => e,
  );

const notFound = (message: string, code: string): Error => Object.assign(new Error(message), { code });

describe('loadServing', () => {
  it('names the one command that installs the MCP SDK when it is missing', async () => {
    const error = await failingWith(
      notFound("Cannot find module '@modelcontextprotocol/sdk/server/index.js'", 'MODULE_NOT_FOUND'),
    );
    expect(error).toMatchObject({ code: 'dependency.missing', details: { package: '@modelcontextprotocol/sdk' } });
    expect((error as Error).message).toContain('npm install @modelcontextprotocol/sdk');
  });

  it('says the same when an ES module bundle left the SDK out', async () => {
    expect(
      await failingWith(new Error('Dynamic require of "@modelcontextprotocol/sdk/types.js" is not supported')),
    ).toMatchObject({ code: 'dependency.missing' });
  });

  it('passes any other failure on as it is', async () => {
    const other = notFound("Cannot find module './missing-file.js'", 'MODULE_NOT_FOUND');
    expect(await failingWith(other)).toBe(other);
  });

  it('loads the serving code when the SDK is there', async () => {
    expect(typeof (await loadServing()).serveSkills).toBe('function');
  });
});
