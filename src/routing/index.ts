/** Routing stage: skills that compete for the same requests, and skills that use each other without saying so. */
export { DEFAULT_OVERLAP_THRESHOLD, findOverlaps, routingSkill } from './overlap.js';
export type { OverlapOptions, OverlapPair, OverlapResult, RoutingSkill } from './overlap.js';
export { implicitEdges, MISSING_FINDINGS_MAX } from './edges.js';
export type { EdgeKind } from '../resolve/graph.js';
export type {
  EdgeFile,
  EdgeOptions,
  EdgeResult,
  EdgeSource,
  EdgeTarget,
  FolderProbe,
  ImplicitKind,
  MissingLink,
  SkillEdge,
} from './edges.js';
export { findOutboundLinks, findReferences } from './references.js';
export type { Reference } from './references.js';
export { RoutingIndex } from './search-index.js';
export type { IndexHit } from './search-index.js';
export { ROUTING_MESSAGES, routingDiagnostic } from './messages.js';
export type { RoutingCode } from './messages.js';
export { routingTerms, routingText, withoutNegativeTriggers } from './terms.js';
export type { RoutingText } from './terms.js';
