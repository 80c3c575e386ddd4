/**
 * Skill-name rules: `nfkc` as the reference validator (NFKC, lowercase Unicode letters and digits, hyphens; the
 * folder name normalised too), `ascii` as the specification's prose (`[a-z0-9-]`). Lengths count code points.
 */
import type { MessageArgs } from './messages.js';
import { isWindowsDeviceName, mixedScripts, segmentProblem } from './name-safety.js';
import type { ParseRuleCode, UnicodePolicy } from './profiles.js';

export const MAX_NAME_LENGTH = 64;

export interface NameFinding {
  readonly code: ParseRuleCode;
  readonly args: MessageArgs;
}

// Perf: a pattern with Unicode properties compiles slowly, so on first use, not at import.
let unicodeNameChar: RegExp | undefined;
const UNICODE_NAME_CHAR = (): RegExp => (unicodeNameChar ??= /^[\p{L}\p{N}-]$/u);
const ASCII_NAME = /^[a-z0-9-]+$/;

/** Code-point length (the reference counts Python characters, not UTF-16 units). */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The name as the policy compares it: trimmed and NFKC-normalised under `nfkc`, untouched under `ascii`. */
export function normalizeName(name: string, policy: UnicodePolicy): string {
  return policy === 'nfkc' && !ASCII_NAME.test(name) ? name.trim().normalize('NFKC') : name;
}

/** Check a (string) name against the rules; `dirName` is the folder holding SKILL.md. */
export function checkName(raw: string, dirName: string | undefined, policy: UnicodePolicy): NameFinding[] {
  // Perf: a lowercase ASCII name is unchanged by NFKC and accepted by both policies: no per-character test.
  if (ASCII_NAME.test(raw) && raw.length <= MAX_NAME_LENGTH) return checkPlainName(raw, dirName, policy);
  const findings: NameFinding[] = [];
  const name = normalizeName(raw, policy);
  for (const f of checkNameSafety(raw, name)) findings.push(f);
  const length = codePointLength(name);
  if (length > MAX_NAME_LENGTH) findings.push({ code: 'name.length', args: { name, length } });

  const charsetOk =
    policy === 'ascii'
      ? ASCII_NAME.test(name)
      : name === name.toLowerCase() && Array.from(name).every((ch) => UNICODE_NAME_CHAR().test(ch));
  if (!charsetOk) {
    findings.push({
      code: 'name.charset',
      args: {
        name,
        allowed: policy === 'ascii' ? 'lowercase a–z, digits 0–9 and hyphens' : 'lowercase letters, digits and hyphens',
      },
    });
  }
  if (name.startsWith('-') || name.endsWith('-') || name.includes('--'))
    findings.push({ code: 'name.hyphen', args: { name } });

  if (dirName !== undefined && dirName !== '') {
    const dir = policy === 'nfkc' ? dirName.normalize('NFKC') : dirName;
    if (dir !== name) findings.push({ code: 'name.directory-mismatch', args: { name, dir: dirName } });
  }
  return findings;
}

/** `checkName` for a name of `[a-z0-9-]`, at most `MAX_NAME_LENGTH` long (same findings, in the same order). */
function checkPlainName(name: string, dirName: string | undefined, policy: UnicodePolicy): NameFinding[] {
  const findings: NameFinding[] = [];
  if (isWindowsDeviceName(name)) findings.push({ code: 'name.windows-device', args: { name } });
  if (name.charCodeAt(0) === 0x2d || name.charCodeAt(name.length - 1) === 0x2d || name.includes('--'))
    findings.push({ code: 'name.hyphen', args: { name } });
  if (dirName !== undefined && dirName !== '' && dirName !== name) {
    // An ASCII folder name is its own NFKC form.
    const dir = policy === 'nfkc' && !ASCII_NAME.test(dirName) ? dirName.normalize('NFKC') : dirName;
    if (dir !== name) findings.push({ code: 'name.directory-mismatch', args: { name, dir: dirName } });
  }
  return findings;
}

const NO_FINDINGS: readonly NameFinding[] = Object.freeze([]);

/** The rules of every profile: one plain path segment (raw and compared: NFKC turns `．．` into `..`), and so on. */
export function checkNameSafety(raw: string, name: string): readonly NameFinding[] {
  if (raw === name && ASCII_NAME.test(name))
    return isWindowsDeviceName(name) ? [{ code: 'name.windows-device', args: { name } }] : NO_FINDINGS;
  const findings: NameFinding[] = [];
  const problem = segmentProblem(raw) ?? segmentProblem(name);
  if (problem !== undefined) findings.push({ code: 'name.path-segment', args: { name, problem } });
  if (isWindowsDeviceName(name)) findings.push({ code: 'name.windows-device', args: { name } });
  const scripts = mixedScripts(name);
  if (scripts !== undefined) findings.push({ code: 'name.mixed-script', args: { name, scripts: scripts.join(', ') } });
  return findings;
}
