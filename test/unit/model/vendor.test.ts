import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadPiscina, loadYaml, loadZod } from '../../../src/model/vendor.js';

const require = createRequire(import.meta.url);

describe('the packages loaded on first use', () => {
  it('come from node_modules when run from src/', () => {
    expect(loadYaml()).toBe(require('yaml'));
    expect(loadPiscina()).toBe(require('piscina'));
    expect(loadZod().strictObject).toBe(require('zod/mini').strictObject);
  });

  it("give zod's English messages, as its full API does", () => {
    const z = loadZod();
    const r = z.strictObject({ a: z.string() }).safeParse({ a: 1, b: 2 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Invalid input: expected string, received number',
      'Unrecognized key: "b"',
    ]);
  });
});
