/** The package version, kept in step with package.json by a unit test; every cache layer keys on it. */
export const VERSION = '0.1.0';
