/** Where the audit's worker entry is: beside this file in src/; the package build swaps in audit-assets.bundle.ts. */
import { fileURLToPath } from 'node:url';

/** The file the audit's worker threads run (under tsx from src/). */
export function auditWorkerEntry(): string | undefined {
  return fileURLToPath(new URL('./audit-worker.ts', import.meta.url));
}
