import { ROUTER_SERVICE } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';

/** The router adapter of this project: find-my-way (radix tree, fastest). */
export const config = {
  dependencies: {
    factories: {
      [ROUTER_SERVICE]: () => new FindMyWayRouter(),
    },
  },
};
