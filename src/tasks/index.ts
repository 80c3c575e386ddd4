// One library function per verb, taking typed options and returning the document the CLI prints.
export { auditTask, type AuditRun, type AuditTaskOptions } from './audit.js';
export { loadRequest, type CatalogLoad, type CatalogRequest, type RootSource } from './catalog-load.js';
export { catalogJsonTask, catalogTask, type CatalogRun, type CatalogTaskOptions, type TaskStatus } from './catalog.js';
export { checkTask, type CheckRun, type CheckTaskOptions } from './check.js';
export { contextTask, type AuditMode, type ContextRun, type ContextTaskOptions, type FlaggedSkill } from './context.js';
export { describeTask, type Description, type DescribeRun, type DescribeTaskOptions } from './describe.js';
export { graphTask, type GraphRun, type GraphTaskOptions } from './graph.js';
export { hostsJson, hostsTask, resolveHosts, LISTED, type HostsDocument, type HostsOptions } from './hosts.js';
export { loadTask, type LoadRun, type LoadTaskOptions } from './load.js';
export { lockTask, type LockRun, type LockState, type LockTaskOptions, type WalkCompleteness } from './lock.js';
export { materializeTask, type MaterializeRun, type MaterializeTaskOptions } from './materialize.js';
export {
  mergeTask,
  readShards,
  type MergeRun,
  type MergeTaskOptions,
  type MergeVerb,
  type ShardFile,
} from './merge.js';
export {
  resolveTask,
  writeResolveJson,
  type ResolveRun,
  type ResolveSelection,
  type ResolveTaskOptions,
} from './resolve.js';
export { shardTask, type ShardRun, type ShardTaskOptions } from './shard-catalog.js';
export type { Shard } from './shard.js';
export type { ByteSink } from './sink.js';
export {
  validateTask,
  type Screen,
  type ValidateRun,
  type ValidateTaskOptions,
  type ValidateView,
} from './validate.js';
