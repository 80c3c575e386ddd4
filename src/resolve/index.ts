/** Resolve stage: include graph → ordered ResolvedToolEntry lists. */
export { resolveCatalog, resolveSkill, resolveSkillOrThrow, resolveSummaries, findCycles } from './resolve.js';
export type { CatalogResolution, ResolveOptions, ResolveStats, SkillResolution } from './resolve.js';
export type { CycleReport } from './cycles.js';
export type { FailureType, ResolveFailure } from './failures.js';
export { shortChain } from './failures.js';
export { encodeCatalog } from './encode.js';
export type { EncodedCatalog } from './encode.js';
export { JS_RESOLVER, resolveGraphJs, tarjan } from './kernel-js.js';
export { pickResolver } from './backends.js';
export { GRAPH_FORMATS, includeGraph, renderIncludeGraph, withImplicitEdges } from './graph.js';
export type { EdgeKind, GraphFormat, ImplicitEdge, IncludeGraph, IncludeGraphEdge, IncludeGraphNode } from './graph.js';
