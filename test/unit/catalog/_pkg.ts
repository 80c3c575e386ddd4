/** Hand-built SkillPackage values for catalog tests (no parser involved). */
import { EMPTY_COMPOSITION, type SkillPackage } from '../../../src/model/package.js';

export interface PkgInput {
  readonly name: string;
  readonly scope?: string;
  readonly precedence?: number;
  readonly locator?: string;
  readonly body?: string;
  readonly description?: string;
  readonly frontmatter?: Record<string, unknown>;
}

const PREC: Record<string, number> = { global: 10, project: 20, local: 30 };

export function _pkg(input: PkgInput): SkillPackage {
  const scope = input.scope ?? 'project';
  const description = input.description ?? `${input.name} does things. Use when testing.`;
  return {
    descriptor: {
      id: `${scope}/${input.name}`,
      name: input.name,
      description,
      version: '0.0.0',
      metadata: {},
      allowedTools: [],
      modelInvocable: true,
      source: {
        scope,
        precedence: input.precedence ?? PREC[scope] ?? 0,
        root: `/${scope}`,
        locator: input.locator ?? `/${scope}/${input.name}/SKILL.md`,
      },
      digest: '',
    },
    body: input.body ?? `Body of ${input.name}.\n`,
    bodyLine: 5,
    composition: EMPTY_COMPOSITION,
    frontmatter: input.frontmatter ?? { name: input.name, description },
    diagnostics: [],
  };
}
