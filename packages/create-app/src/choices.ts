/** A layout a project can be created with. */
export interface StyleChoice {
  readonly label: string;
  /** Whether the project has a container and a namespace of its own (`--container`, `--namespace`). */
  readonly configured: boolean;
}

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

// Answers typed by the user index these tables, so they have no prototype: `__proto__` is no choice.
function lookupTable<T>(entries: Record<string, T>): Readonly<Record<string, T>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, T>, entries));
}

/** The layouts `--style` accepts: `code-first` (the default) and `config`. */
export const STYLES = lookupTable<StyleChoice>({
  'code-first': {
    label: 'code-first (src/app.ts builds the application, src/server.ts serves it)',
    configured: false,
  },
  config: {
    label: 'config (configuration-driven: container, config/autoload/*.ts, handlers by service name)',
    configured: true,
  },
});

/** The router adapters `--router` accepts, by answer (`fmw`, `ptr`, `explicit-methods`). */
export const ROUTERS = lookupTable<RouterChoice>({
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
});

/** The containers `--container` accepts, by answer (`typedi`, `none`). */
export const CONTAINERS = lookupTable<ContainerChoice>({
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
});

export const NAMESPACE_PATTERN = /^[A-Z][A-Za-z0-9]*$/;
