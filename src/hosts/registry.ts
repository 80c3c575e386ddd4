import { SkillgraphError } from '../model/errors.js';
import { didYouMean } from '../model/wording.js';
import { CLAUDE_CODE } from './models/claude-code.js';
import { CODEX } from './models/codex.js';
import { COPILOT } from './models/copilot.js';
import { CURSOR } from './models/cursor.js';
import { GEMINI } from './models/gemini.js';
import { GOOSE } from './models/goose.js';
import { OPENAI_AGENTS } from './models/openai-agents.js';
import { OPENCODE } from './models/opencode.js';
import { VSCODE } from './models/vscode.js';
import { WINDSURF } from './models/windsurf.js';
import { HOST_IDS, type HostId, type HostModel } from './types.js';

export const HOSTS: Readonly<Record<HostId, HostModel>> = Object.freeze({
  'claude-code': CLAUDE_CODE,
  codex: CODEX,
  copilot: COPILOT,
  gemini: GEMINI,
  opencode: OPENCODE,
  'openai-agents': OPENAI_AGENTS,
  vscode: VSCODE,
  cursor: CURSOR,
  goose: GOOSE,
  windsurf: WINDSURF,
});

export function isHostId(id: unknown): id is HostId {
  return typeof id === 'string' && (HOST_IDS as readonly string[]).includes(id);
}

/** The model of host `id`; an unknown id is an `options.invalid` error naming the known ones. */
export function hostModel(id: string): HostModel {
  if (!isHostId(id)) {
    throw new SkillgraphError(
      'options.invalid',
      `unknown host '${id}'${didYouMean(id, HOST_IDS)}; known hosts: ${HOST_IDS.join(', ')}`,
      { field: 'host', host: id },
    );
  }
  return HOSTS[id];
}
