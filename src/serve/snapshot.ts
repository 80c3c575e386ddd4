// `catalog --format mcp`: for hosts that import a static snapshot instead of running the server.
import type { LoadCatalogOptions } from '../engine/catalog-pipeline.js';
import type { EngineOptions } from '../engine/engine.js';
import type { Diagnostic } from '../model/diagnostics.js';
import { LiveCatalog } from './live.js';
import { listSkills, type ListSkillsResult } from './methods.js';

/** Every page of `skills/list`, joined (no `nextCursor`). */
export async function skillsListSnapshot(
  load: LoadCatalogOptions,
  engine: Partial<EngineOptions>,
  onDiagnostic: (d: Diagnostic) => void,
): Promise<ListSkillsResult> {
  const live = await LiveCatalog.open({ load, engine, onDiagnostic });
  try {
    const skills: ListSkillsResult['skills'][number][] = [];
    let cursor: string | undefined;
    do {
      const page = listSkills(live, cursor, 1000);
      skills.push(...page.skills);
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    const { nextCursor: _, ...rest } = listSkills(live, undefined, 1);
    return { ...rest, skills };
  } finally {
    await live.close();
  }
}
