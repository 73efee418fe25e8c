import type { ConfigurableContainer, ServiceFactory, ServiceFactoryDefinition, ServiceId } from './container';
import { assertServiceId, isServiceId } from './assert-service-id';
import { CircularDependencyError, ServiceNotFoundError } from './errors';
import { toServiceFactory } from './to-service-factory';

type Entry =
  | { readonly kind: 'service'; readonly value: unknown }
  | { readonly kind: 'factory'; readonly factory: ServiceFactory };

/**
 * A small Map-based `ConfigurableContainer` with no dependencies: factories run once on first use and
 * their result is shared; `has()` never builds anything. Use it when typedi is not wanted, and in tests.
 *
 * @example
 * const container = new SimpleContainer()
 *   .setService('config', { debug: true })
 *   .setFactory('mailer', (c) => new Mailer(c.get('config')));
 * container.get('mailer') === container.get('mailer'); // true
 */
export class SimpleContainer implements ConfigurableContainer {
  readonly #entries = new Map<ServiceId, Entry>();
  readonly #creating: ServiceId[] = [];

  get<T = unknown>(id: ServiceId): T {
    assertServiceId(id);
    const entry = this.#entries.get(id);
    if (entry === undefined) throw new ServiceNotFoundError(id);
    if (entry.kind === 'service') return entry.value as T;

    if (this.#creating.includes(id)) {
      throw new CircularDependencyError([...this.#creating.slice(this.#creating.indexOf(id)), id]);
    }
    this.#creating.push(id);
    let value: unknown;
    try {
      value = entry.factory(this, id);
    } finally {
      this.#creating.pop();
    }
    // The factory may have replaced its own entry (setService/setFactory): that registration wins.
    if (this.#entries.get(id) === entry) this.#entries.set(id, { kind: 'service', value });
    return value as T;
  }

  has(id: ServiceId): boolean {
    return isServiceId(id) && this.#entries.has(id);
  }

  setFactory(id: ServiceId, factory: ServiceFactoryDefinition): this {
    assertServiceId(id);
    this.#entries.set(id, { kind: 'factory', factory: toServiceFactory(factory, id) });
    return this;
  }

  setService(id: ServiceId, value: unknown): this {
    assertServiceId(id);
    this.#entries.set(id, { kind: 'service', value });
    return this;
  }
}
