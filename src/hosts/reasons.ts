import { posix, type ResolvedRoot } from './roots.js';
import type { HostModel } from './types.js';

/** Why `model` never finds `path`, which another walk saw; `skillDirs` tells a skill inside another. */
export function notDiscoveredReason(
  model: HostModel,
  roots: readonly ResolvedRoot[],
  path: string,
  skillDirs: ReadonlySet<string>,
): { rule: string; reason: string } {
  const root = roots.find((r) => path.startsWith(`${posix(r.path)}/`));
  if (!root) return { rule: 'roots', reason: `not in a folder the agent reads (${folders(model)})` };
  if (root.untrusted)
    return { rule: 'trust', reason: 'in a project folder the agent reads only when the folder is trusted' };
  const rel = path.slice(posix(root.path).length + 1).split('/');
  const base = rel.at(-1)!;
  const d = model.discovery;
  if (base !== 'SKILL.md') return { rule: 'files', reason: `the agent reads SKILL.md only, not ${base}` };
  const dirs = rel.slice(0, -1);
  if (dirs.length > d.depth)
    return {
      rule: 'depth',
      reason:
        `${dirs.length} folders below ${root.kind}; ` +
        `the agent looks ${d.depth === 1 ? 'one folder' : `${d.depth} folders`} deep`,
    };
  const skipped = dirs.find(
    (s) =>
      (root.skip !== 'none' && s.startsWith('.')) || (root.skip === 'dot-and-node-modules' && s === 'node_modules'),
  );
  if (skipped) return { rule: 'depth', reason: `under ${skipped}/, which the agent does not search` };
  if (dirs.length === 0 && !d.rootFile)
    return { rule: 'files', reason: 'a SKILL.md directly in a skills folder is not read' };
  const top = posix(root.path);
  for (let i = 0; !d.nested && i < dirs.length - 1; i++) {
    if (skillDirs.has(`${top}/${dirs.slice(0, i + 1).join('/')}`) || (i === 0 && skillDirs.has(top))) {
      return { rule: 'depth', reason: "inside another skill's folder, which the agent does not search" };
    }
  }
  return { rule: 'symlinks', reason: 'reached only through a link the agent does not follow, or unreadable to it' };
}

function folders(model: HostModel): string {
  const project = model.discovery.roots.filter((r) => r.scope === 'project').map((r) => r.path);
  const user = model.discovery.roots.filter((r) => r.scope === 'user').map((r) => `~/${r.path}`);
  return [...project, ...user].join(', ');
}
