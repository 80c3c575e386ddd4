// Pure: file access for loads lives in `workspace/`.
export { CHARS_PER_TOKEN, budgetSummary, fitBudget, parseBudget } from './budget.js';
export type { Budget, BudgetFit, BudgetReport, MeasureFn } from './budget.js';
export { comparePriority, contextEntries, visibleConflicts, workspaceLocation } from './entries.js';
export type { ContextEntry, ContextSource, LocationFn } from './entries.js';
export { CONTEXT_FORMATS, markdownRow, xmlRow } from './formats.js';
export type { ContextFormat, ContextMode } from './formats.js';
export {
  LEFT_OUT_REASONS,
  catalogLeftOut,
  leftOutJson,
  leftOutLine,
  leftOutPackage,
  leftOutReport,
} from './left-out.js';
export type { LeftOut, LeftOutReason, LeftOutSkill, WalkAccountView } from './left-out.js';
export {
  LoadedSet,
  digestChanged,
  formatEvent,
  parseEventLog,
  replayLoadedSet,
  skillLoadedEvent,
} from './loaded-set.js';
export type { SkillLoadedEvent } from './loaded-set.js';
export { closestNames, findSkill } from './lookup.js';
export type { FindSkillOptions } from './lookup.js';
export {
  DEFAULT_CONTEXT_OPTIONS,
  contextDocument,
  renderAvailableSkills,
  renderContext,
  resolveContextOptions,
} from './render.js';
export type { ContextOptions, RenderedContext } from './render.js';
export { escapeControls, escapeXml, foldDescription, markdownText, shorten } from './text.js';
export { LOAD_SKILL_TOOL_NAME, loadSkillAnswer, loadSkillTool, parseLoadSkillArgs } from './tool.js';
export type { LoadSkillAnswer, LoadSkillArgs, LoadSkillTool } from './tool.js';
