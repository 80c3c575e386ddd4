/**
 * zod as the package bundles it (vendor.bundle.ts requires this file on
 * first use): the mini API's functions skillgraph calls, by name so the
 * bundle keeps only these, and zod's English messages, which the full API sets itself.
 */
import { config } from 'zod/mini';
import en from 'zod/v4/locales/en.js';

config(en());

export {
  array,
  boolean,
  enum,
  gte,
  int,
  literal,
  lte,
  minLength,
  null,
  nullable,
  number,
  optional,
  pipe,
  record,
  refine,
  regex,
  strictObject,
  string,
  superRefine,
  transform,
  trim,
  union,
  unknown,
} from 'zod/mini';
