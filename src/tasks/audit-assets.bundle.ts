/** audit-assets.ts as the package build uses it (scripts/bundle.mjs swaps it in): dist/audit-worker.cjs. */
import { join } from 'node:path';

/** dist/audit-worker.cjs; undefined once another bundler has moved this code where there is no __dirname. */
export function auditWorkerEntry(): string | undefined {
  return typeof __dirname === 'string' ? join(__dirname, 'audit-worker.cjs') : undefined;
}
