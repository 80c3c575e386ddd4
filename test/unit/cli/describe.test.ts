/** `describeSkill` and `metadataOf` find the package the resolver resolved, bare names and `scope/name` pins alike. */
import { describe, expect, it } from 'vitest';
import { describeSkill, metadataOf } from '../../../src/tasks/describe.js';
import { resolveCatalog } from '../../../src/resolve/index.js';
import { makeCatalog } from '../resolve/_catalog.js';

const catalog = makeCatalog([
  { name: 'git', scope: 'global', tools: ['global_tool', 'global_extra'] },
  { name: 'git', scope: 'project', tools: ['project_tool'] },
]);

describe('describe', () => {
  it('describes the precedence winner by name and a shadowed copy by scope/name', () => {
    expect(describeSkill(catalog, 'git')).toMatchObject({
      pkg: { descriptor: { source: { scope: 'project' } } },
      metadata: { tool_count: 1 },
    });
    expect(describeSkill(catalog, 'global/git')).toMatchObject({
      pkg: { descriptor: { source: { scope: 'global' } } },
      metadata: { tool_count: 2 },
    });
    expect(describeSkill(catalog, 'local/git')).toMatchObject({
      pkg: undefined,
      metadata: null,
      error: { type: 'skill_not_found' },
    });
  });

  it('gives each resolved name the metadata of the package it resolved', () => {
    const r = resolveCatalog(catalog, { backend: 'js', names: ['git', 'global/git'] });
    expect(r.skills.map((s) => metadataOf(catalog, s)?.tool_count)).toEqual([1, 2]);
  });
});
