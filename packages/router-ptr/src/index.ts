export { PathToRegexpRouter } from './path-to-regexp-router';
export { toPathToRegexp, type TranslatedPath } from './to-path-to-regexp';
