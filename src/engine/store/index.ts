/** The engine's store: one file format, one stamp, and the files, folders and runs tables. */
export { HEADER_BYTES, STORE_FORMAT, storePath, StoreReader, StoreWriter, type StoreTable } from './file.js';
export {
  CACHE_FILE_NAME,
  CACHE_MAX_ENTRIES,
  FILES_STORE,
  ParseCache,
  type CacheStats,
  type ParseCacheOptions,
} from './files.js';
export {
  DIR_MEMO_FILE_NAME,
  DIR_MEMO_MAX_ENTRIES,
  DirMemo,
  FOLDERS_STORE,
  type DirMemoOptions,
  type DirMemoStats,
} from './folders.js';
export {
  readRunMemo,
  readRunRecord,
  replayRunMemo,
  replayRunRecord,
  runStoreName,
  writeRunMemo,
  writeRunRecord,
  type MemoReplay,
  type RecordBody,
  type RunMemo,
  type RunRecord,
} from './runs.js';
export { fileIdentity, replayKey, runKey, type ReplayKeyInput, type RunKeyInput } from './run-key.js';
export { isSettled, NO_STAMP, quietBefore, RACY_MS, sameStamp, stampOf, type Stamp } from './stamp.js';
export { rootsJson, verifyWitness, WitnessBuilder, type RunWitness } from './witness.js';
export {
  decodeCatalog,
  encodeCatalog,
  jsonFaithful,
  LOAD_CATALOG_RUN,
  loadContext,
  type RecordedCatalog,
} from './catalogs.js';
