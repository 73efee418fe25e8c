import {
  assertServiceId,
  CircularDependencyError,
  isServiceId,
  type ConfigurableContainer,
  type ServiceFactoryDefinition,
  type ServiceId,
  ServiceNotFoundError,
  toServiceFactory,
} from '@framework/application';
import { ContainerInstance } from 'typedi';

let instances = 0;

/**
 * A `ConfigurableContainer` over a typedi 0.10 `ContainerInstance`. Each `TypediContainer` gets a fresh
 * instance of its own unless one is passed in, so applications and tests never share services through
 * typedi's global container. Factories run once, on the first `get(id)`, with `(container, id)` where
 * `container` is this `TypediContainer`; their result is shared.
 *
 * String ids, class ids and factories need no `reflect-metadata`; typedi's decorators (`@Service()`,
 * `@Inject()`) do, on an instance you pass in yourself.
 *
 * @example
 * import { TypediContainer } from '@framework/container-typedi';
 *
 * const container = new TypediContainer()
 *   .setService('config', { greeting: 'hello' })
 *   .setFactory('greeter', (c) => ({ greet: () => c.get<{ greeting: string }>('config').greeting }));
 * container.get('greeter') === container.get('greeter'); // true
 */
export class TypediContainer implements ConfigurableContainer {
  /** The typedi container underneath, for code that wants typedi's own API. */
  readonly instance: ContainerInstance;
  readonly #creating: ServiceId[] = [];

  constructor(instance?: ContainerInstance) {
    instances += 1;
    this.instance = instance ?? new ContainerInstance(`@framework/container-typedi#${instances}`);
  }

  get<T = unknown>(id: ServiceId): T {
    assertServiceId(id);
    // typedi would fall back to its global container; `has` only sees this instance, so neither does `get`.
    if (!this.instance.has(typediId(id))) throw new ServiceNotFoundError(id);
    if (this.#creating.includes(id)) {
      throw new CircularDependencyError([...this.#creating.slice(this.#creating.indexOf(id)), id]);
    }
    this.#creating.push(id);
    try {
      return this.instance.get<T>(typediId(id));
    } finally {
      this.#creating.pop();
    }
  }

  has(id: ServiceId): boolean {
    return isServiceId(id) && this.instance.has(typediId(id));
  }

  setFactory(id: ServiceId, factory: ServiceFactoryDefinition): this {
    assertServiceId(id);
    const create = toServiceFactory(factory, id);
    this.instance.set({ id: typediId(id), factory: () => create(this, id) });
    return this;
  }

  setService(id: ServiceId, value: unknown): this {
    assertServiceId(id);
    this.instance.set({ id: typediId(id), value });
    return this;
  }
}

/**
 * typedi types ids per kind (string, class, Token) through overloads and does not accept abstract
 * classes; at run time it compares ids with `===`, so every `ServiceId` works.
 */
function typediId(id: ServiceId): string {
  return id as string;
}
