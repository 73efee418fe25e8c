export { CONTAINERS, ROUTERS, type ContainerChoice, type RouterChoice } from './choices';
export { parseOptions, UsageError, type CreateOptions, type PartialOptions } from './options';
export { scaffold, TargetNotEmptyError, TEMPLATE_DIR } from './scaffold';
export { resolveTarballs } from './tarballs';
