/**
 * vendor.ts as the package build uses it (scripts/bundle.mjs swaps it in):
 * literal requires, which bundlers follow. yaml and zod are files of the
 * package, beside its code (dist/yaml.cjs, dist/zod.cjs); piscina stays a dependency.
 */
import type * as Piscina from 'piscina';
import type * as Yaml from 'yaml';
import type { Zod } from './zod.js';

export const loadYaml = (): typeof Yaml => require('./yaml.cjs') as typeof Yaml;

export const loadZod = (): Zod => require('./zod.cjs') as typeof import('./zod-lib.bundle.js');

export const loadPiscina = (): typeof Piscina => require('piscina');
