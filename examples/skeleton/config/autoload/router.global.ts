import { ROUTER_SERVICE } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { API_ROUTER } from '#App/Api/ApiFactory';

/** The router adapter of this project: find-my-way (radix tree, fastest). One per application. */
export const config = {
  dependencies: {
    factories: {
      [ROUTER_SERVICE]: () => new FindMyWayRouter(),
      [API_ROUTER]: () => new FindMyWayRouter(),
    },
  },
};
