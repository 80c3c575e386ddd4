/**
 * The job summary of a run: the verdict and counts from the JSON document,
 * and the first findings from the SARIF log (which names each finding's file,
 * line and rule), as Markdown.
 */
import { existsSync, readFileSync } from 'node:fs';

/** Findings listed in the summary; the SARIF log and the annotations hold them all. */
const SHOWN = 20;

/** A table cell: one line, pipes escaped, at most 200 characters. */
function cell(text) {
  const flat = String(text).replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The summary of the run whose JSON document and SARIF log are `jsonFile` and `sarifFile`;
 * undefined when the run wrote no document.
 */
export function reportSummary(jsonFile, sarifFile) {
  const doc = readJson(jsonFile);
  if (!doc?.summary) return undefined;
  const { skills = 0, valid = 0, invalid = 0, errors = 0, warnings = 0 } = doc.summary;
  const verdict = errors > 0 ? '❌ failed' : warnings > 0 ? '⚠️ passed with warnings' : '✅ passed';
  const lines = [
    `### skillgraph validate: ${verdict}`,
    '',
    `${skills} skill(s) checked: ${valid} valid, ${invalid} invalid; ${errors} error(s), ${warnings} warning(s).`,
  ];
  const results = readJson(sarifFile)?.runs?.[0]?.results ?? [];
  if (results.length > 0) {
    lines.push('', '| level | rule | where | message |', '|---|---|---|---|');
    for (const r of results.slice(0, SHOWN)) {
      const loc = r.locations?.[0]?.physicalLocation;
      const line = loc?.region?.startLine ? `:${loc.region.startLine}` : '';
      const where = `${decodeURIComponent(loc?.artifactLocation?.uri ?? '')}${line}`;
      lines.push(`| ${cell(r.level)} | \`${cell(r.ruleId)}\` | ${cell(where)} | ${cell(r.message?.text ?? '')} |`);
    }
    if (results.length > SHOWN)
      lines.push('', `… and ${results.length - SHOWN} more (see the annotations and the SARIF log).`);
  }
  return { markdown: `${lines.join('\n')}\n`, skills, errors, warnings };
}
