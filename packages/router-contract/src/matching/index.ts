export { allowedMethods, type PathMatch } from './allowed-methods';
export { IndexedRoutes } from './indexed-routes';
export { MatchTable, type MatchableRoute } from './match-table';
export { comparePrecedence } from './precedence';
export { ParamReader, type ParamReaderOptions } from './param-reader';
export {
  renderTemplate,
  templateRegExp,
  type RenderedTemplate,
  type TemplateCapture,
  type TemplateSyntax,
} from './render-template';
export { RouteIndex, type BucketProbe } from './route-index';
export { segmentWalk, type PathWalk } from './segment-walk';
export { SPLIT_WORK_FLOOR, SPLIT_WORK_PER_CHARACTER, splitSegment } from './split-segment';
export { templateSegments, type TemplateSegment } from './template-segments';
