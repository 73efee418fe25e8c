import { describe, expect, it } from '@jest/globals';
import { Application, APPLICATION_SERVICE } from '@framework/application';
import { createApplicationContainer } from '../src/application-service';
import { expectHomeAndPing } from './support';

describe('application-as-a-service mode', () => {
  it('builds the application once, from the factory under Framework\\Application', async () => {
    const container = createApplicationContainer();
    const app = container.get<Application>(APPLICATION_SERVICE);
    expect(app).toBeInstanceOf(Application);
    expect(container.get(APPLICATION_SERVICE)).toBe(app);
    expect(app.getContainer()).toBe(container);
    await expectHomeAndPing(app);
  });
});
