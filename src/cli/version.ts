/** Caches below the CLI key on the version, so it lives in the model. */
export { VERSION } from '../model/version.js';
