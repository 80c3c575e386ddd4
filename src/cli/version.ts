/** The version lives in the model (caches below the CLI key on it); the CLI re-exports it. */
export { VERSION } from '../model/version.js';
