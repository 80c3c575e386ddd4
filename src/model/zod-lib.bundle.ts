// The mini API's functions named one by one so the bundle keeps only these; the full API sets English itself.
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
