// Pure: one data model per agent, each rule with its source, and how that agent sees a set of skills.
export { HOSTS, hostModel, isHostId } from './registry.js';
export { HOST_IDS, RULE_NAMES } from './types.js';
export type {
  HostId,
  HostModel,
  HostDialect,
  HostDiscovery,
  HostListing,
  HostBudget,
  HostPrecedence,
  HostRoot,
  RuleName,
  RuleSource,
  BundledSkill,
} from './types.js';
export { hostRoots, rootLabel, type HostContext, type ResolvedRoot } from './roots.js';
export { readWithDialect, type HostRead, type RefusalRule } from './dialect.js';
export {
  evaluateHost,
  VERDICTS,
  type EvaluateInput,
  type HostEvaluation,
  type HostFile,
  type HostSkill,
  type Verdict,
} from './evaluate.js';
export { measureFor, utf8Bytes, type Measure } from './budget.js';
export { listItems, type CatalogItem, type Listed } from './listing.js';
