import { describe, expect, it } from '@jest/globals';
import { AppFactory, defaultContainer, SimpleContainer } from '@framework/application';
import { FindMyWayRouter } from '@framework/router-fmw';
import { createDefaultContainerApp } from '../src/default-container';
import { expectHomeAndPing } from './support';

describe('default-container mode', () => {
  it('gives AppFactory.create() a SimpleContainer, returned by getContainer()', () => {
    const app = AppFactory.create(undefined, new FindMyWayRouter());
    expect(app.getContainer()).toBeInstanceOf(SimpleContainer);
  });

  it('makes a new container each time', () => {
    const first = defaultContainer();
    expect(first).toBeInstanceOf(SimpleContainer);
    expect(defaultContainer()).not.toBe(first);
  });

  it('answers / and /ping through handlers registered on the default container', async () => {
    await expectHomeAndPing(createDefaultContainerApp());
  });
});
