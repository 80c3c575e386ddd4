import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { requirePackage } from '../../../src/model/vendor.js';

const require = createRequire(import.meta.url);
const VENDOR = fileURLToPath(new URL('../../../dist/vendor/', import.meta.url));
const DOC = 'name: pdf\nmetadata: {tags: [a, b], nested: {x: 1}}\ndescription: >\n  folded\n  text\n';

describe('requirePackage', () => {
  it('falls back to node_modules when no vendored copy sits beside the code (src/)', () => {
    expect(requirePackage<typeof import('yaml')>('yaml')).toBe(require('yaml'));
    expect(requirePackage<typeof import('zod')>('zod')).toBe(require('zod'));
  });

  it.skipIf(!existsSync(VENDOR))('vendors the installed yaml and zod, which behave as the packages do', () => {
    const yaml = require(`${VENDOR}yaml.cjs`) as typeof import('yaml');
    expect(yaml.parse(DOC)).toEqual(require('yaml').parse(DOC));
    const { z } = require(`${VENDOR}zod.cjs`) as typeof import('zod');
    expect(z.object({ a: z.string() }).safeParse({ a: 1 }).success).toBe(false);
    expect(existsSync(`${VENDOR}yaml.LICENSE`) && existsSync(`${VENDOR}zod.LICENSE`)).toBe(true);
  });
});
