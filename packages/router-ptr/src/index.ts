export { PathToRegexpRouter } from './path-to-regexp-router';
export { toPathToRegexp } from './to-path-to-regexp';
