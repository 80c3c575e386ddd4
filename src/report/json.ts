/** The JSON schema version every `--json` document carries (docs/json.md keeps the changelog). */
export const SCHEMA_VERSION = 2;

// DEL and C1 are legal raw in JSON, but documents are read on terminals and by models (C0 is already escaped).
const JSON_RAW_CONTROLS = /[\u007F-\u009F]/;
const JSON_RAW_CONTROLS_ALL = /[\u007F-\u009F]/g;

/** JSON text with DEL and C1 controls written as `\u007f` … `\u009f`: the same value, no raw control byte. */
export function jsonControlsEscaped(text: string): string {
  if (!JSON_RAW_CONTROLS.test(text)) return text;
  return text.replace(JSON_RAW_CONTROLS_ALL, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
}

/** The text of one JSON document: `schemaVersion` first, two-space indent, a newline. */
export function jsonDocument(doc: Record<string, unknown>): string {
  return `${jsonControlsEscaped(JSON.stringify({ schemaVersion: SCHEMA_VERSION, ...doc }, null, 2))}\n`;
}
