export {
  CONTAINERS,
  ROUTERS,
  STYLES,
  type ContainerChoice,
  type RouterChoice,
  type StyleChoice,
} from './choices';
export { parseOptions, UsageError, type CreateOptions, type PartialOptions } from './options';
export { scaffold, TargetNotEmptyError, TEMPLATE_DIRS } from './scaffold';
export { resolveTarballs } from './tarballs';
