/**
 * Skill-name rules under the two Unicode policies:
 * - `nfkc`: like the reference validator — trim, NFKC-normalise, then accept
 *   Unicode letters and digits that are already lower case, and hyphens; the
 *   folder name is NFKC-normalised before the comparison.
 * - `ascii`: the specification's prose — exactly `[a-z0-9-]`, compared as is.
 * Lengths count code points (the reference counts Python characters).
 */
import type { MessageArgs } from './messages.js';
import { isWindowsDeviceName, mixedScripts, segmentProblem } from './name-safety.js';
import type { ParseRuleCode, UnicodePolicy } from './profiles.js';

export const MAX_NAME_LENGTH = 64;

export interface NameFinding {
  readonly code: ParseRuleCode;
  readonly args: MessageArgs;
}

// Perf: a pattern with Unicode properties is compiled when it is made (~0.1–0.4 ms each), so on first use, not at import.
let unicodeNameChar: RegExp | undefined;
const UNICODE_NAME_CHAR = (): RegExp => (unicodeNameChar ??= /^[\p{L}\p{N}-]$/u);
const ASCII_NAME = /^[a-z0-9-]+$/;

/**
 * Code-point length (the reference counts Python characters, not UTF-16 units).
 *
 * @example codePointLength('😀a') // 2
 */
export function codePointLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * The name as the policy compares it: trimmed and NFKC-normalised under `nfkc`,
 * untouched under `ascii`.
 *
 * @example normalizeName(' Ｐdf ', 'nfkc') // 'Pdf'
 */
export function normalizeName(name: string, policy: UnicodePolicy): string {
  // Perf: a name of `[a-z0-9-]` has nothing to trim or normalise: no ICU call.
  return policy === 'nfkc' && !ASCII_NAME.test(name) ? name.trim().normalize('NFKC') : name;
}

/**
 * Check a (string) name against the rules; `dirName` is the folder holding SKILL.md.
 *
 * @example checkName('Pdf--x', 'pdf--x', 'ascii').map((f) => f.code) // ['name.charset', 'name.hyphen', 'name.directory-mismatch']
 */
export function checkName(raw: string, dirName: string | undefined, policy: UnicodePolicy): NameFinding[] {
  // Perf: the usual name is already lowercase ASCII letters, digits and hyphens, which NFKC leaves
  // as they are and both policies accept: no normalising, no per-character test (~4× cheaper).
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
    // An ASCII folder name is its own NFKC form; only another folder name needs normalising.
    const dir = policy === 'nfkc' && !ASCII_NAME.test(dirName) ? dirName.normalize('NFKC') : dirName;
    if (dir !== name) findings.push({ code: 'name.directory-mismatch', args: { name, dir: dirName } });
  }
  return findings;
}

const NO_FINDINGS: readonly NameFinding[] = Object.freeze([]);

/**
 * The rules that hold in every profile: one plain path segment (the raw text
 * and the name as compared, since NFKC can turn `．．` into `..`), not a
 * Windows device name, not a mix of scripts.
 *
 * @example checkNameSafety('../etc', '../etc').map((f) => f.code) // ['name.path-segment']
 */
export function checkNameSafety(raw: string, name: string): readonly NameFinding[] {
  // Perf: the usual name is lowercase ASCII: one pattern test and one character test, no allocation.
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
