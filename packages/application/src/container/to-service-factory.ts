import type { ServiceFactory, ServiceFactoryDefinition, ServiceId } from './container';
import { describeValue } from './describe-value';
import { InvalidFactoryError } from './errors';

/**
 * Turns any `ServiceFactoryDefinition` into a plain `ServiceFactory`, so container implementations
 * handle one shape only. Throws an `InvalidFactoryError` naming `id` for anything else.
 *
 * - a function with a `create()` method on its prototype is a factory class: `new`, then `create(container, id)`;
 * - any other class throws (calling it without `new` would fail later, far from the mistake);
 * - any other function is the factory itself;
 * - an object with a `create()` method is a factory object.
 *
 * @example
 * class MailerFactory {
 *   create(container: Container) { return new Mailer(container.get('config')); }
 * }
 * const factory = toServiceFactory(MailerFactory, 'mailer');
 * factory(container, 'mailer'); // new MailerFactory().create(container, 'mailer')
 */
export function toServiceFactory<T = unknown>(
  definition: ServiceFactoryDefinition<T>,
  id: ServiceId,
): ServiceFactory<T> {
  if (typeof definition === 'function') {
    const prototype: unknown = definition.prototype;
    if (hasCreateMethod(prototype)) {
      const FactoryClass = definition as new () => { create: ServiceFactory<T> };
      return (container, serviceId) => new FactoryClass().create(container, serviceId);
    }
    if (Function.prototype.toString.call(definition).startsWith('class')) {
      throw new InvalidFactoryError(id, `${describeValue(definition)} without a create() method`);
    }
    return definition as ServiceFactory<T>;
  }
  if (hasCreateMethod(definition)) {
    const factoryObject = definition;
    return (container, serviceId) => factoryObject.create(container, serviceId) as T;
  }
  throw new InvalidFactoryError(id, describeValue(definition));
}

function hasCreateMethod(value: unknown): value is { create: ServiceFactory } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { create?: unknown }).create === 'function'
  );
}
