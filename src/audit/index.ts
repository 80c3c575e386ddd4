export { AUDIT_VERDICTS, auditSkill, auditVerdict } from './audit.js';
export type { AuditVerdict } from './audit.js';
export { capabilitySurface, compositionWrites, splitToolList, widening, wideningText } from './capabilities.js';
export type { CapabilitySurface, CapabilityWidening, ScriptSeal } from './capabilities.js';
export type { AuditFile, AuditInput } from './input.js';
export { AUDIT_RULES, RULES_BY_CODE, SECURITY_CODES, isSecurityCode } from './rules.js';
export type { AuditRule, RuleFamily, SecurityCode } from './rules.js';
