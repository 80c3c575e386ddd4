// A request two skills answer is ambiguous, even an exact name when another skill's folder has that name.
import type { Catalog } from '../model/catalog.js';
import { cmp } from '../model/diagnostics.js';
import { SkillgraphError } from '../model/errors.js';
import type { SkillPackage } from '../model/package.js';
import { catalogLeftOut } from './left-out.js';
import { editDistance } from './text.js';
import { checkOptionKeys, optionKeys } from '../model/option-keys.js';

export interface FindSkillOptions {
  /** Treat skills hidden from the model as absent. Default false. */
  readonly modelOnly?: boolean;
  readonly suggestions?: number;
}

const FIND_KEYS = optionKeys<FindSkillOptions>('findSkill', { modelOnly: true, suggestions: true });

/**
 * The package `request` names (exact, `scope/name`, case-insensitive, folder name), or `skill.not-found` with
 * suggestions, `skill.ambiguous`, or `options.invalid`.
 */
export function findSkill(catalog: Catalog, request: string, options: FindSkillOptions = {}): SkillPackage {
  checkOptionKeys(options, FIND_KEYS);
  const wanted = request.trim();
  if (wanted === '') {
    throw new SkillgraphError('options.invalid', 'skill name must not be empty', { field: 'name' });
  }
  const visible = (p: SkillPackage | undefined): p is SkillPackage =>
    p !== undefined && (!options.modelOnly || p.descriptor.modelInvocable);

  const slash = wanted.indexOf('/');
  if (slash > 0 && slash < wanted.length - 1) {
    const scoped = catalog.getScoped(wanted.slice(0, slash), wanted.slice(slash + 1));
    if (visible(scoped)) return checkScopedRival(catalog, wanted, scoped);
  }
  const pool = catalog.skills.filter((p) => visible(p));
  const exact = catalog.get(wanted);
  if (visible(exact)) {
    // As in the sandbox SDK.
    const rival = pool.find((p) => p !== exact && folderName(p) === wanted);
    if (rival === undefined) return exact;
    const candidates = [exact.descriptor.id, rival.descriptor.id].sort(cmp);
    throw new SkillgraphError(
      'skill.ambiguous',
      `skill name '${wanted}' is ambiguous: it is the name of ${exact.descriptor.id} and the folder of ${rival.descriptor.id}`,
      { name: wanted, candidates },
    );
  }

  const lower = wanted.toLowerCase();
  const loose = pool.filter((p) => p.descriptor.name.toLowerCase() === lower || folderName(p) === wanted);
  if (loose.length === 1) return loose[0]!;
  if (loose.length > 1) {
    const candidates = loose.map((p) => p.descriptor.id).sort(cmp);
    throw new SkillgraphError(
      'skill.ambiguous',
      `skill name '${wanted}' is ambiguous: it matches ${candidates.join(', ')}`,
      {
        name: wanted,
        candidates,
      },
    );
  }
  const left = leftOutAs(catalog, wanted, options);
  if (left !== undefined) throw left;
  const suggestions = closestNames(
    wanted,
    pool.map((p) => p.descriptor.name),
    options.suggestions ?? 3,
  );
  const hint = suggestions.length > 0 ? `; did you mean ${suggestions.map((s) => `'${s}'`).join(', ')}?` : '';
  throw new SkillgraphError('skill.not-found', `skill not found: '${wanted}'${hint}`, { name: wanted, suggestions });
}

// A request naming a left-out or hidden skill is told why it is not found.
function leftOutAs(catalog: Catalog, wanted: string, options: FindSkillOptions): SkillgraphError | undefined {
  const hidden = options.modelOnly ? catalog.get(wanted) : undefined;
  if (hidden !== undefined) {
    return new SkillgraphError(
      'skill.not-found',
      `skill '${wanted}' is hidden from the model (disable-model-invocation: true)`,
      {
        name: wanted,
        suggestions: [],
        reason: 'hidden',
      },
    );
  }
  const invalid = catalogLeftOut(catalog).find(
    (s) => s.reason === 'invalid' && s.folder.slice(s.folder.lastIndexOf('/') + 1) === wanted,
  );
  if (invalid === undefined) return undefined;
  const first = invalid.diagnostics[0];
  const why = first ? `: ${first.code}${first.line > 0 ? ` at line ${first.line}` : ''}: ${first.message}` : '';
  return new SkillgraphError(
    'skill.not-found',
    `skill '${wanted}' was left out of the catalog as invalid (${invalid.file}${why})`,
    {
      name: wanted,
      suggestions: [],
      reason: 'invalid',
      file: invalid.file,
      codes: invalid.diagnostics.map((d) => d.code),
    },
  );
}

/** Up to `limit` names close to `wanted` (edit distance within a third of its length, or containment). */
export function closestNames(wanted: string, names: readonly string[], limit: number): string[] {
  const w = wanted.toLowerCase().replace(/^[^/]*\//, '');
  const threshold = Math.max(2, Math.floor(w.length / 3));
  const scored: { name: string; score: number }[] = [];
  for (const name of new Set(names)) {
    const n = name.toLowerCase();
    const d = editDistance(w, n);
    const contains = w.length >= 3 && (n.includes(w) || w.includes(n));
    if (d <= threshold || contains) scored.push({ name, score: contains ? Math.min(d, threshold) : d });
  }
  scored.sort((a, b) => a.score - b.score || cmp(a.name, b.name));
  return scored.slice(0, limit).map((s) => s.name);
}

// Two same-scope roots of equal precedence holding different copies: only path order would pick one.
function checkScopedRival(catalog: Catalog, wanted: string, scoped: SkillPackage): SkillPackage {
  const { scope, precedence, locator } = scoped.descriptor.source;
  // Perf: only scoped requests pay for this second lookup.
  const rival = catalog.excluding([locator]).getScoped(scope, scoped.descriptor.name);
  if (
    rival === undefined ||
    rival.descriptor.source.precedence !== precedence ||
    rival.descriptor.digest === scoped.descriptor.digest
  ) {
    return scoped;
  }
  const candidates = [locator, rival.descriptor.source.locator].sort(cmp);
  throw new SkillgraphError(
    'skill.ambiguous',
    `skill '${wanted}' is ambiguous: two ${scope} roots of precedence ${precedence} hold different copies (${candidates.join(', ')})`,
    { name: wanted, candidates },
  );
}

function folderName(pkg: SkillPackage): string {
  const parts = pkg.descriptor.source.locator.split('/');
  return parts[parts.length - 2] ?? '';
}
