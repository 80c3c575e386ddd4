// The only place in the model that imports zod.
export { SKILL_ERROR_TYPES, SkillErrorType, isSkillErrorType } from './error-type.js';
export type { SkillErrorJson, SkillErrorInit } from './skill-error.js';
export { SkillError, isSkillError } from './skill-error.js';
export type { FromSkillOptions, SkillMetadataJson } from './metadata.js';
export { DEFAULT_SKILL_VERSION, SkillMetadata } from './metadata.js';
export type { DefinitionSchemas, SkillDefinitionInit, SkillDefinitionJson } from './definition.js';
export { JSON_SCHEMA_TYPES, SkillDefinition } from './definition.js';
export type { ResourceAction, ResourceChange, SkillResultInit, SkillResultJson } from './result.js';
export { RESOURCE_ACTIONS, SkillResult } from './result.js';
export type { HostErrorOptions } from './host-errors.js';
export { ActivationError, PermissionDeniedError, ResolutionError } from './host-errors.js';
export type { MappingRule, SkillErrorContext } from './error-mapping.js';
export { CODES_MAPPED_BY_CAUSE, CODE_TO_TYPE, toSkillError } from './error-mapping.js';
export { summarizeEntries } from './entries.js';
export type { JsonValue, ProtocolIssue, Validated } from './validate.js';
