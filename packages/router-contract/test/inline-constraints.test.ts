import { describe, expect, it } from '@jest/globals';
import {
  Route,
  RouterError,
  assertRouterSupports,
  compileInlineConstraints,
  parsePathTemplate,
} from '../src';

const noop = (): void => undefined;

function failure(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RouterError);
    return { code: (error as RouterError).code, message: (error as Error).message };
  }
  throw new Error('expected a RouterError');
}

describe('inline constraints on a Route', () => {
  it('are the route tokens from the start, anchored to the whole value', () => {
    const tokens = new Route('/notes/{id:\\d+}/{slug}', noop).getTokens();
    expect(Object.keys(tokens)).toEqual(['id']);
    expect(tokens.id?.source).toBe('^(?:\\d+)$');
    expect(Object.getPrototypeOf(tokens)).toBeNull();
    expect(Object.isFrozen(tokens)).toBe(true);
  });

  it('give the same tokens as the tokens option on the same template', () => {
    const inline = new Route('/notes/{id:\\d+}', noop);
    const option = new Route('/notes/{id}', noop).setOptions({ tokens: { id: '\\d+' } });
    expect(inline.template.source).toBe(option.template.source);
    expect(inline.getTokens()).toEqual(option.getTokens());
  });

  it('combine with tokens for other placeholders, and survive setOptions', () => {
    const route = new Route('/notes/{id:\\d+}/{slug}', noop).setOptions({ tokens: { slug: '[a-z]+' } });
    expect(Object.keys(route.getTokens())).toEqual(['id', 'slug']);
    route.setOptions({});
    expect(Object.keys(route.getTokens())).toEqual(['id']);
  });

  it('refuse a tokens entry for the same placeholder, naming it', () => {
    const route = new Route('/notes/{id:\\d+}', noop);
    expect(failure(() => route.setOptions({ tokens: { id: '[0-9]+' } }))).toEqual({
      code: 'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
      message:
        'Route "/notes/{id}": placeholder {id} has both an inline constraint and a "tokens" entry; keep one of the two.',
    });
    expect(Object.keys(route.getOptions())).toEqual([]);
  });

  it('refuse an invalid expression when the route is built', () => {
    expect(failure(() => new Route('/n/{id:[}', noop))).toEqual({
      code: 'FRAMEWORK_ERR_ROUTE_INVALID_OPTIONS',
      message:
        'Route "/n/{id}": the inline constraint of {id} is not a valid regular expression: ' +
        'Invalid regular expression: /^(?:[)$/: Unterminated character class',
    });
  });

  it('refuse an expression open to catastrophic backtracking, pointing to tokens and allowUnsafeRegex', () => {
    expect(failure(() => new Route('/n/{v:(a+)+}', noop))).toEqual({
      code: 'FRAMEWORK_ERR_ROUTE_UNSAFE_TOKEN',
      message:
        'Route "/n/{v}": the inline constraint of {v} "(a+)+" may backtrack catastrophically (a repeated ' +
        'part can match one text in two ways); rewrite it so each text has one way to match, or move it ' +
        'to tokens with allowUnsafeRegex: true to accept the risk.',
    });
    const accepted = new Route('/n/{v}', noop).setOptions({ tokens: { v: '(a+)+' }, allowUnsafeRegex: true });
    expect(accepted.getTokens().v?.test('aaa')).toBe(true);
  });

  it('compileInlineConstraints compiles nothing for a template without constraints', () => {
    expect(Object.keys(compileInlineConstraints(parsePathTemplate('/notes/{id}')))).toEqual([]);
  });
});

describe('assertRouterSupports', () => {
  class FirstContractRouter {}
  const declaring = { capabilities: { inlineConstraints: true } };

  it('accepts any route on a router that declares inline constraints', () => {
    expect(() => assertRouterSupports(declaring, new Route('/notes/{id:\\d+}', noop))).not.toThrow();
  });

  it('accepts a route without inline constraints on any router', () => {
    const route = new Route('/notes/{id}', noop).setOptions({ tokens: { id: '\\d+' } });
    expect(() => assertRouterSupports(new FirstContractRouter(), route)).not.toThrow();
  });

  it.each([new FirstContractRouter(), Object.assign(new FirstContractRouter(), { capabilities: {} })])(
    'refuses an inline constraint on a router that does not declare it, naming router and placeholder',
    (router) => {
      expect(failure(() => assertRouterSupports(router, new Route('/n/{slug}/{id:\\d+}', noop)))).toEqual({
        code: 'FRAMEWORK_ERR_ROUTER_UNSUPPORTED_SYNTAX',
        message:
          'Route "/n/{slug}/{id:\\\\d+}": placeholder {id} has an inline constraint, which FirstContractRouter ' +
          'does not declare support for (capabilities.inlineConstraints); write it as a token: ' +
          'setOptions({ tokens: { id: "\\\\d+" } }).',
      });
    },
  );

  it('names "the router" when the router has no constructor name', () => {
    const message = failure(() =>
      assertRouterSupports(Object.create(null), new Route('/n/{id:\\d+}', noop)),
    ).message;
    expect(message).toContain('which the router does not declare support for');
  });
});
