import { describe, expect, it } from '@jest/globals';
import { AppFactory, defaultContainer } from '@framework/application';
import { TypediContainer } from '@framework/container-typedi';
import { FindMyWayRouter } from '@framework/router-fmw';
import { createDefaultContainerApp } from '../src/default-container';
import { expectHomeAndPing } from './support';

describe('default-container mode', () => {
  it('gives AppFactory.create() a TypediContainer, returned by getContainer()', () => {
    const app = AppFactory.create(undefined, new FindMyWayRouter());
    expect(app.getContainer()).toBeInstanceOf(TypediContainer);
  });

  it('makes a new container each time', () => {
    const first = defaultContainer();
    expect(first).toBeInstanceOf(TypediContainer);
    expect(defaultContainer()).not.toBe(first);
  });

  it('answers / and /ping through handlers registered on the default container', async () => {
    await expectHomeAndPing(createDefaultContainerApp());
  });
});
