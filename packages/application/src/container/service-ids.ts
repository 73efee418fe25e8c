/** The application service (spec 2.5: it maps to `ApplicationFactory`). */
export const APPLICATION_SERVICE = 'Framework\\Application';

/** The router the application routes with. */
export const ROUTER_SERVICE = 'Framework\\Router\\RouterInterface';

/** The merged configuration (spec 2.5: it is registered in the container as service `config`). */
export const CONFIG_SERVICE = 'config';
