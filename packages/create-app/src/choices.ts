/** A router adapter a project can be created with. */
export interface RouterChoice {
  readonly packageName: string;
  readonly className: string;
  readonly label: string;
}

/** A container a project can be created with; `none` uses the application's `SimpleContainer`. */
export interface ContainerChoice {
  readonly packageName: string | null;
  readonly className: string;
  readonly peerPackages: Readonly<Record<string, string>>;
  readonly label: string;
}

export const ROUTERS: Readonly<Record<string, RouterChoice>> = Object.freeze({
  __proto__: null,
  fmw: {
    packageName: '@framework/router-fmw',
    className: 'FindMyWayRouter',
    label: 'find-my-way (radix tree, fastest)',
  },
  ptr: {
    packageName: '@framework/router-ptr',
    className: 'PathToRegexpRouter',
    label: 'path-to-regexp',
  },
  'explicit-methods': {
    packageName: '@framework/router-explicit-methods',
    className: 'ExplicitMethodsRouter',
    label: '@koa/router (every method listed)',
  },
} as Record<string, RouterChoice>);

export const CONTAINERS: Readonly<Record<string, ContainerChoice>> = Object.freeze({
  __proto__: null,
  typedi: {
    packageName: '@framework/container-typedi',
    className: 'TypediContainer',
    peerPackages: { typedi: '^0.10.0' },
    label: 'typedi',
  },
  none: {
    packageName: null,
    className: 'SimpleContainer',
    peerPackages: {},
    label: 'none (the built-in SimpleContainer)',
  },
} as Record<string, ContainerChoice>);

export const NAMESPACE_PATTERN = /^[A-Z][A-Za-z0-9]*$/;
