// The I/O side of context: verified reads, materialising, path checks, atomic writes, the session log.
export { TEMP_PREFIX, writeFileAtomic } from './atomic.js';
export { appendEvent, readLoadedSet } from './event-log.js';
export { createLazyWorkspace, materialize } from './materialize.js';
export type { LazyWorkspace, MaterializeOptions, MaterializeResult, StagedSkill } from './materialize.js';
export { isDeviceName, isWithin, prepareTarget, validateRelativePath, validateUniquePaths } from './paths.js';
export type { PathProblem, RelativePathOptions } from './paths.js';
export { readForContext, verifySealed } from './read.js';
export type { ContextLoad, ReadOptions, SkillAlreadyLoaded, SkillLoaded } from './read.js';
export { openRegular, readRegularFile } from '../discover/safe-read.js';
export type { SafeRead, SafeReadOptions, SafeReadProblem } from '../discover/safe-read.js';
export { registerTemp, releaseTemp, removeStaleTemps, STALE_TEMP_MS } from './cleanup.js';
