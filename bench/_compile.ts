/**
 * A bench script (naive.ts, floor.ts) compiled to plain JS once, so a child
 * process running it does not pay tsx at start: `bench/.<name>.mjs`, beside
 * the source so naive.ts's `./peers/` lookups resolve the same way.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

/**
 * Compile `bench/<name>.ts` to `bench/.<name>.mjs`; the output's path.
 *
 * @example child([await compileScript('floor'), ...roots])
 */
export async function compileScript(name: 'naive' | 'floor'): Promise<string> {
  const esbuild = (await import('esbuild')) as typeof import('esbuild');
  const out = join(HERE, `.${name}.mjs`);
  // `packages: external` keeps zod and the peers' libraries as imports resolved from bench/.
  await esbuild.build({
    entryPoints: [join(HERE, `${name}.ts`)],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'silent',
  });
  return out;
}
