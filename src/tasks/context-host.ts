// The agent's fixed guidance around the listing is its own text and is not reproduced.
import type { Catalog } from '../model/catalog.js';
import { listItems } from '../hosts/listing.js';
import { hostModel } from '../hosts/registry.js';
import { PROFILE_NAMES } from '../parse/profiles.js';
import type { HostModel } from '../hosts/types.js';

export function hostProfile(id: string): string | undefined {
  return (PROFILE_NAMES as readonly string[]).includes(id) ? id : undefined;
}

export interface HostListing {
  readonly model: HostModel;
  readonly listed: ReturnType<typeof listItems>;
  /** The catalog's skills with verdicts, and the agent's own skills counted against its budget. */
  readonly own: readonly ListedSkill[];
  readonly shipped: readonly ListedSkill[];
  readonly document: Record<string, unknown>;
}

type ListedSkill = ReturnType<typeof listItems>['skills'][number]['skill'];

/** `catalog` as host `id` lists it, with `home` the folder its user skills are under. */
export function hostListing(catalog: Catalog, id: string, home: string): HostListing {
  const model = hostModel(id);
  const items = catalog.skills
    .filter((p) => p.descriptor.modelInvocable)
    .map((p) => ({
      name: p.descriptor.name,
      description: p.descriptor.description,
      path: p.descriptor.source.locator,
      scope: p.descriptor.source.scope === 'global' ? ('user' as const) : ('project' as const),
    }));
  const listed = listItems(model, items, home);
  const own = listed.skills.filter((s) => !s.entry.bundled).map((s) => s.skill);
  const shipped = listed.skills.filter((s) => s.entry.bundled).map((s) => s.skill);
  const document = {
    catalog: { digest: catalog.digest },
    host: model.id,
    version: model.checked?.version ?? null,
    budget: listed.budget && { unit: listed.budget.unit, limit: listed.budget.limit, used: listed.budget.used },
    skills: own.map((s) => ({
      name: s.name,
      path: s.path,
      verdict: s.verdict,
      description: s.description,
      ...(s.reason ? { reason: s.reason } : {}),
    })),
    shipped: shipped.map((s) => ({ name: s.name, verdict: s.verdict })),
    text: listed.text,
  };
  return { model, listed, own, shipped, document };
}
