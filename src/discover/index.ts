export {
  discover,
  resolveDiscoverOptions,
  DEFAULT_DISCOVER_OPTIONS,
  type DiscoverOptions,
  type DiscoverResult,
  type RootReport,
  type SkillCandidate,
} from './walk.js';
export {
  makeRoot,
  parseRootSpec,
  checkRoots,
  compareRoots,
  scopePrecedence,
  type SkillRoot,
  type CheckedRoot,
  type MakeRootInput,
} from './roots.js';
export { PRESETS, PRESET_NAMES, presetRoots, type Preset, type PresetContext } from './presets.js';
export { CONFIG_FILE_NAME, findConfigFile, loadConfig, parseConfig, type SkillgraphConfig } from './config.js';
export { listResources, DEFAULT_RESOURCE_LIMITS, type ResourceLimits } from './resources.js';
export { DISCOVER_MESSAGES, discoverDiagnostic, type DiscoverCode } from './messages.js';
export { toPosix, isSkillFileName } from './paths.js';
export { readListing, type DirListing, type ListingSource } from './listing.js';
export { walkTree, TREE_MAX_DEPTH, type TreeWalk, type TreeSkillFile, type TreeFinding } from './walk-tree.js';
