/**
 * The text of one JSON document, as every `--json` output and every task's
 * document is written: `schemaVersion` first, two-space indent, no raw control
 * character (documents are read on terminals and by models).
 */

/** The JSON schema version every `--json` document carries (docs/json.md keeps the changelog). */
export const SCHEMA_VERSION = 2;

// DEL and the C1 controls are legal raw in JSON strings, but the document is read on terminals and
// by models: they are written as \u escapes (JSON.stringify already escapes C0). Parsed values are unchanged.
const JSON_RAW_CONTROLS = /[\u007F-\u009F]/;
const JSON_RAW_CONTROLS_ALL = /[\u007F-\u009F]/g;

/**
 * JSON text with DEL and C1 controls written as `\u007f` … `\u009f`: the same value, no raw
 * control byte. Only ever finds them inside strings (JSON punctuation is ASCII).
 *
 * @example jsonControlsEscaped('"a\u0085"') // '"a\\u0085"'
 */
export function jsonControlsEscaped(text: string): string {
  if (!JSON_RAW_CONTROLS.test(text)) return text;
  return text.replace(JSON_RAW_CONTROLS_ALL, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

/**
 * The text of one JSON document: `schemaVersion` first, two-space indent, a newline.
 *
 * @example jsonDocument({ ok: true }) // '{\n  "schemaVersion": 1,\n  "ok": true\n}\n'
 */
export function jsonDocument(doc: Record<string, unknown>): string {
  return `${jsonControlsEscaped(JSON.stringify({ schemaVersion: SCHEMA_VERSION, ...doc }, null, 2))}\n`;
}
