/**
 * Display width for the CLI's tables; the measure itself lives in `model/width.ts`, where the pure
 * host models (whose budgets some agents count in columns) reach it too.
 */
export { charWidth, cutToWidth, displayWidth, padEndWidth } from '../model/width.js';
