export { ExplicitMethodsRouter } from './explicit-methods-router';
export { effectiveMethods } from './effective-methods';
