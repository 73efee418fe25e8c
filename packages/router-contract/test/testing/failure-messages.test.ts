import { describe, expect, it } from '@jest/globals';
import { RouteResult, type Route, type Router } from '../../src';
import { routerContractCases, type ContractCase } from '../../src/testing';
import { ReferenceRouter } from '../support/reference-router';

// A router that answers every request with its first route: each failure of the suite must name
// the request, the outcome it expected and the outcome it got.
class FirstRouteRouter implements Router {
  private readonly reference = new ReferenceRouter();
  private readonly routes: Route[] = [];

  addRoute(route: Route): void {
    this.routes.push(route);
    this.reference.addRoute(route);
  }

  match(): RouteResult {
    return RouteResult.fromRoute(this.routes[0] as Route, Object.create(null));
  }

  generateUri(name: string, params?: Readonly<Record<string, unknown>>): string {
    return this.reference.generateUri(name, params);
  }
}

function failureOf(group: string, name: string): string {
  const groups = routerContractCases({ name: 'first route', createRouter: () => new FirstRouteRouter() });
  const found = groups
    .find((each) => each.name === group)
    ?.cases.find((each: ContractCase) => each.name === name);
  if (found === undefined) throw new Error(`no case "${name}" in group "${group}"`);
  try {
    found.run();
  } catch (error) {
    return (error as Error).message.split('\n')[0] as string; // node:assert appends a diff
  }
  throw new Error(`case "${name}" passed`);
}

describe('failure messages of the suite', () => {
  it('a success where a plain failure was expected names the method, path, expected and actual outcome', () => {
    expect(
      failureOf('malformed percent-encoding', '/post/%E0%A4%A never throws and is a plain failure'),
    ).toBe(
      'GET "/post/%E0%A4%A": expected plain failure, got success on route "/post/{id}^GET" with params {}',
    );
  });

  it('a success where a method failure was expected names the allowed methods it wanted', () => {
    expect(failureOf('routing rules', 'a GET route answers only its own method')).toBe(
      'POST "/resource": expected method failure allowing ["GET"], got success on route "/resource^GET" with params {}',
    );
  });

  it('a regression entry names the request it failed on', () => {
    expect(failureOf('regressions', 'an encoded slash inside a param stays inside the param')).toBe(
      'GET "/files/a%2Fb": expected success on route "/files/{name}^GET" with params {"name":"a/b"}, ' +
        'got success on route "/files/{name}^GET" with params {}',
    );
  });
});
