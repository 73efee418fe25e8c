export { ROUTER_ERROR_CODES, RouterError, type RouterErrorCode } from './errors';
export { EMPTY_LIST_EXPLICIT_METHODS, EXPLICIT_METHODS, HTTP_METHOD_ANY, normalizeMethods } from './methods';
export {
  parsePathTemplate,
  type ParamPart,
  type PathTemplate,
  type StaticPart,
  type TemplatePart,
} from './path-template';
export type {
  AddOpenings,
  AfterConstraint,
  OneLessBrace,
  OneMoreBrace,
  ParamNames,
  PathParams,
} from './path-params';
export {
  DEFAULT_MAX_PARAM_LENGTH,
  longestPath,
  resolveMaxParamLength,
  resolveRouterLimits,
  type ResolvedRouterLimits,
  type RouterLimits,
} from './limits';
export { compileTokens, type CompileTokensOptions, type Tokens } from './tokens';
export { compileInlineConstraints, type CompiledTokens } from './inline-constraints';
export { assertRouterSupports } from './router-capabilities';
export { Route, type RouteOptions } from './route';
export { RouteResult } from './route-result';
export { createMatchParams } from './match-params';
export type { GenerateUriOptions, MatchInput, Router, RouterCapabilities } from './router';
export { decodePathParam, generatePath, unknownRouteError, uriParams } from './generate-path';
export {
  IndexedRoutes,
  MatchTable,
  ParamReader,
  RouteIndex,
  allowedMethods,
  comparePrecedence,
  renderTemplate,
  segmentWalk,
  SPLIT_WORK_FLOOR,
  SPLIT_WORK_PER_CHARACTER,
  splitSegment,
  templateRegExp,
  templateSegments,
  type BucketProbe,
  type MatchableRoute,
  type ParamReaderOptions,
  type PathMatch,
  type PathWalk,
  type RenderedTemplate,
  type TemplateCapture,
  type TemplateSegment,
  type TemplateSyntax,
} from './matching';
