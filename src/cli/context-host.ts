/**
 * `skillgraph context --host NAME`: the catalog's skills listed as that agent
 * lists them — its format, order, budget and cuts, its own shipped skills
 * counted against the budget — with a verdict per skill. The agent's fixed
 * guidance around the listing is its own text and is not reproduced.
 */
import type { Catalog } from '../model/catalog.js';
import { listItems } from '../hosts/listing.js';
import { hostModel } from '../hosts/registry.js';
import { PROFILE_NAMES } from '../parse/profiles.js';
import { homeFrom } from './catalog-request.js';
import { note, writeJson, type CliIo } from './io.js';

/** The parse profile that reads skills as host `id` does, when there is one. */
export function hostProfile(id: string): string | undefined {
  return (PROFILE_NAMES as readonly string[]).includes(id) ? id : undefined;
}

/**
 * Print `catalog` as host `id` lists it (text, or one JSON document).
 *
 * @example writeHostListing(io, catalog, 'claude-code', false)
 */
export function writeHostListing(io: CliIo, catalog: Catalog, id: string, json: boolean): void {
  const model = hostModel(id);
  const items = catalog.skills
    .filter((p) => p.descriptor.modelInvocable)
    .map((p) => ({
      name: p.descriptor.name,
      description: p.descriptor.description,
      path: p.descriptor.source.locator,
      scope: p.descriptor.source.scope === 'global' ? ('user' as const) : ('project' as const),
    }));
  const listed = listItems(model, items, homeFrom(io));
  const own = listed.skills.filter((s) => !s.entry.bundled).map((s) => s.skill);
  const shipped = listed.skills.filter((s) => s.entry.bundled).map((s) => s.skill);
  if (json) {
    writeJson(io, {
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
    });
  } else io.stdout.write(`${listed.text}\n`);
  const counts = (['shown', 'shortened', 'name-only', 'hidden'] as const)
    .map((v) => `${own.filter((s) => s.verdict === v).length} ${v}`)
    .join(', ');
  const budget = listed.budget ? `; budget ${listed.budget.used}/${listed.budget.limit} ${listed.budget.unit}` : '';
  const ships = shipped.length > 0 ? `; ${shipped.length} of its own skills counted, not shown` : '';
  note(
    io,
    `context --host ${model.id}${model.checked ? ` ${model.checked.version}` : ''}: ${counts}${budget}${ships}\n`,
  );
}
