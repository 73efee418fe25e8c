import type { PathTemplate } from '@framework/router-contract';

// Characters path-to-regexp 8 reads as syntax in a path: groups, params, wildcards and reserved ones.
const RESERVED = /[{}()[\]+?!:*\\]/g;

/**
 * Translates a parsed `{name}` template to the path-to-regexp 8 syntax @koa/router 15 reads: literal text is escaped and each
 * placeholder becomes a quoted param (`:"id"`), so a name followed by letters stays one name.
 *
 * @example
 * toPathToRegexp(parsePathTemplate('/api/v{version}/me')) // '/api/v:"version"/me'
 */
export function toPathToRegexp(template: PathTemplate): string {
  let path = '';
  for (const part of template.parts) {
    path += part.kind === 'static' ? part.text.replace(RESERVED, '\\$&') : `:"${part.name}"`;
  }
  return path;
}
