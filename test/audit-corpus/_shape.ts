/**
 * The shape every corpus case must have: a case.json whose class and label
 * match its folder, a README that cites a source, a valid SKILL.md named
 * after the case, well-formed links.json / binaries.json, small skills,
 * scripts that exit before doing anything, and placeholder hosts only.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { parseSkill } from '../../src/parse/parse-skill.js';
import { CLASSES, OUTCOMES, type CorpusCase } from './_corpus.js';

/** At most this many entries (files, links, binaries) in a case's skill besides SKILL.md. */
export const MAX_EXTRA_FILES = 4;

const SCRIPT_EXT = new Set(['.sh', '.bash', '.zsh', '.py', '.js', '.mjs', '.cjs', '.ts', '.ps1']);
/** The first statement of a script: leave at once (still parseable after it). */
const EXIT_FIRST = /^(?:exit\b|sys\.exit\(|raise SystemExit|import sys; sys\.exit\(|process\.exit\(|return\b)/;
const SKIPPABLE = /^(?:#|\/\/|\/\*|\*|"use strict"|'use strict'|<#|#>|$)/;
/** Hosts a case may name: reserved names and documentation addresses only. */
const PLACEHOLDER_HOST =
  /(?:^|\.)(?:invalid|test|example|localhost)$|^(?:example\.(?:com|org|net))$|^(?:203\.0\.113|198\.51\.100|192\.0\.2)\.\d{1,3}$|^127\.0\.0\.1$|^localhost$/;
const URL = /\b(?:https?|wss?|ftp|ssh|git):\/\/(?:[^@\s/'"`]*@)?([A-Za-z0-9.-]+)/g;

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(abs));
    else out.push(abs);
  }
  return out;
}

function scriptProblems(rel: string, text: string): string[] {
  const first = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => !SKIPPABLE.test(l) && !l.startsWith('#!'));
  return first === undefined || EXIT_FIRST.test(first)
    ? []
    : [`${rel}: the first statement must exit (got "${first.slice(0, 40)}")`];
}

function hostProblems(rel: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(URL)) {
    // A host cut short by string concatenation (`'https://hooks.' + …`) has no dot left to judge.
    const host = m[1]!.toLowerCase().replace(/\.$/, '');
    if (host.includes('.') && !PLACEHOLDER_HOST.test(host)) out.push(`${rel}: host ${host} is not a placeholder`);
  }
  return out;
}

function metaProblems(c: CorpusCase): string[] {
  const m = c.meta;
  const out: string[] = [];
  if (m.class !== c.cls) out.push(`case.json class ${String(m.class)} is not its folder's ${c.cls}`);
  if (!(CLASSES as readonly string[]).includes(c.cls)) out.push(`unknown class folder ${c.cls}`);
  if (m.label !== c.label) out.push(`case.json label ${String(m.label)} is not its folder's ${c.label}`);
  if (!OUTCOMES.includes(m.expect as never)) out.push(`case.json expect must be one of ${OUTCOMES.join(', ')}`);
  if (c.label === 'malicious' && m.expect === 'quiet') out.push('a malicious case cannot expect quiet');
  if (c.label === 'benign' && m.expect === 'error') out.push('a benign case cannot expect error');
  if (typeof m.why !== 'string' || m.why.length < 10 || m.why.includes('\n'))
    out.push('case.json why must be one sentence');
  if (typeof m.source !== 'string' || !/https?:\/\//.test(m.source)) out.push('case.json source must cite a URL');
  return out;
}

function skillProblems(c: CorpusCase): string[] {
  const skill = join(c.dir, 'skill');
  const md = join(skill, 'SKILL.md');
  if (!existsSync(md)) return ['skill/SKILL.md is missing'];
  const out: string[] = [];
  // Parsed as the audit will see it: in a folder named after the case.
  const parsed = parseSkill(readFileSync(md, 'utf8'), { locator: `${c.id}/SKILL.md`, dirName: c.id });
  if (parsed.name !== c.id) out.push(`SKILL.md name must be the case id ${c.id}`);
  for (const d of parsed.diagnostics)
    if (d.severity === 'error' || d.code.startsWith('name.')) out.push(`SKILL.md:${d.line}: ${d.code} ${d.message}`);
  const files = walk(skill);
  if (files.length - 1 + c.links.length + c.binaries.length > MAX_EXTRA_FILES)
    out.push(`more than ${MAX_EXTRA_FILES} files besides SKILL.md`);
  for (const abs of files) {
    const rel = relative(c.dir, abs);
    const body = readFileSync(abs, 'utf8');
    if (SCRIPT_EXT.has(extname(abs))) out.push(...scriptProblems(rel, body));
    out.push(...hostProblems(rel, body));
  }
  return out;
}

function attachmentProblems(c: CorpusCase): string[] {
  const out: string[] = [];
  for (const l of c.links) {
    if (typeof l.path !== 'string' || !l.path.startsWith('skill/') || l.path.split('/').includes('..'))
      out.push(`links.json: bad path ${String(l.path)}`);
    if (typeof l.target !== 'string' || l.target === '') out.push(`links.json: bad target for ${String(l.path)}`);
  }
  for (const b of c.binaries) {
    if (typeof b.path !== 'string' || !b.path.startsWith('skill/') || b.path.split('/').includes('..'))
      out.push(`binaries.json: bad path ${String(b.path)}`);
    if (typeof b.hex !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(b.hex))
      out.push(`binaries.json: bad hex for ${String(b.path)}`);
  }
  return out;
}

/**
 * Everything wrong with one case's shape, as `id: problem` lines (empty when it is well formed).
 *
 * @example caseProblems(loadCorpus()[0]) // []
 */
export function caseProblems(c: CorpusCase): string[] {
  const readme = join(c.dir, 'README.md');
  const out = [...metaProblems(c), ...attachmentProblems(c), ...skillProblems(c)];
  if (!existsSync(readme) || !/https?:\/\//.test(readFileSync(readme, 'utf8')))
    out.push('README.md must exist and cite a source URL');
  return out.map((p) => `${c.id}: ${p}`);
}
