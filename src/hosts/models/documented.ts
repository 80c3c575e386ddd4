// What the documented-only models share: the specification's frontmatter, read strictly.
import type { HostDialect } from '../types.js';

export const SPEC_DIALECT: HostDialect = {
  fence: 'lines',
  reader: 'yaml',
  duplicateKeys: 'error',
  invalid: 'refuse',
  noFrontmatter: 'refuse',
  notMapping: 'refuse',
  name: { from: 'frontmatter', types: 'string', maxLength: 64, pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
  description: {
    missing: 'refuse',
    empty: 'refuse',
    blank: 'refuse',
    types: 'string',
    wrongType: 'refuse',
    maxLength: 1024,
  },
};
