import type { RouterLimits } from '../limits';
import type { Router } from '../router';

/**
 * Named flags for what an adapter supports. A flag that is off never skips a case silently: the
 * suite asserts the alternative behaviour instead, or leaves out a group the README names.
 */
export interface RouterContractCapabilities {
  /**
   * The router honours the `tokens` route option. Default `true`. When `false`, the "tokens" group
   * (and the token cases of other groups) is not registered: such a router may ignore `tokens`.
   */
  readonly tokens?: boolean;
  /**
   * The router needs every method listed: a route without a method list answers
   * HEAD, OPTIONS, GET, POST, PATCH, PUT, TRACE and DELETE and nothing else; a route with an empty list
   * answers GET, HEAD and OPTIONS. Default `false` (a route without a list answers every method; a
   * route with an empty list answers none, each request being a method failure).
   */
  readonly explicitMethods?: boolean;
  /**
   * The router declares `capabilities.inlineConstraints` and routes `/notes/{id:\d+}` as
   * `/notes/{id}` with `tokens: { id: '\\d+' }`. Default: the value of `tokens`. When `false`, the
   * "inline constraints" group holds one case instead: the router must not declare the capability, so
   * `assertRouterSupports` (called by the application before `addRoute`) refuses such a route.
   */
  readonly inlineConstraints?: boolean;
}

/** What `describeRouterContract` needs to know about an adapter. */
export interface RouterContractOptions {
  /** Shown in the name of the outer `describe` block. */
  readonly name: string;
  /**
   * Returns a new, empty router; called once per test. The "limits" group passes `limits`
   * (`{ maxParamLength }`): hand them to the adapter's constructor, `(limits) => new MyRouter(limits)`.
   * Without `limits`, the router has its defaults.
   */
  readonly createRouter: (limits?: RouterLimits) => Router;
  readonly capabilities?: RouterContractCapabilities;
}

/** The options with every capability resolved to a boolean; handed to each group of cases. */
export interface ContractContext {
  /** Returns a new, empty router of the adapter under test, with `limits` when given. */
  readonly createRouter: (limits?: RouterLimits) => Router;
  readonly capabilities: Required<RouterContractCapabilities>;
}

export function resolveContext(options: RouterContractOptions): ContractContext {
  const capabilities = options.capabilities ?? {};
  const tokens = capabilities.tokens ?? true;
  return {
    createRouter: options.createRouter,
    capabilities: {
      tokens,
      explicitMethods: capabilities.explicitMethods ?? false,
      inlineConstraints: capabilities.inlineConstraints ?? tokens,
    },
  };
}
