import { describe, expect, it } from '@jest/globals';
import {
  APPLICATION_SERVICE,
  CircularDependencyError,
  CONFIG_SERVICE,
  CONTAINER_ERROR_CODES,
  ContainerError,
  InvalidFactoryError,
  InvalidServiceIdError,
  ROUTER_SERVICE,
  ServiceNotFoundError,
  SimpleContainer,
} from '../../src/container/index';

describe('container errors', () => {
  it('every code in the catalogue is used by one error class', () => {
    class Named {}
    const errors: ContainerError[] = [
      new ServiceNotFoundError('x'),
      new CircularDependencyError(['x', 'x']),
      new InvalidFactoryError('x', 'string'),
      new InvalidServiceIdError(Number.NaN, 'number NaN'),
    ];
    const codes = [...errors.map((error) => error.code), 'FRAMEWORK_ERR_CONTAINER_INVALID_CONFIG'];
    expect(codes.sort()).toEqual(Object.keys(CONTAINER_ERROR_CODES).sort());
    expect(new ServiceNotFoundError(Named).message).toBe(
      'Service "Named" is not registered in the container; register it with setService() or setFactory(), ' +
        'or in the "dependencies" section of the config.',
    );
    for (const error of errors) expect(error).toBeInstanceOf(ContainerError);
  });

  it('names class ids by their class name in a circular dependency', () => {
    class A {}
    const container = new SimpleContainer().setFactory(A, (c) => c.get(A));
    expect(() => container.get(A)).toThrow('Circular dependency while creating service "A": A -> A.');
  });
});

describe('well-known service ids', () => {
  it('mirror the spec', () => {
    expect(APPLICATION_SERVICE).toBe('Framework\\Application');
    expect(ROUTER_SERVICE).toBe('Framework\\Router\\RouterInterface');
    expect(CONFIG_SERVICE).toBe('config');
  });
});
