import { describe, expect, it } from '@jest/globals';
import type { ParamNames, PathParams } from '../src';

// Compile-time checks: the typecheck task fails when a type is wrong.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function assertType<T extends true>(): T | undefined {
  return undefined;
}

describe('PathParams', () => {
  it('lists the placeholder names of a literal path', () => {
    assertType<Equal<ParamNames<'/post/{id}/comment/{commentId}'>, 'id' | 'commentId'>>();
    assertType<Equal<ParamNames<'/api/v{version}/me'>, 'version'>>();
    assertType<Equal<ParamNames<'/about'>, never>>();
    expect(true).toBe(true);
  });

  it('maps each name to a string', () => {
    assertType<Equal<PathParams<'/post/{id}'>, Readonly<Record<'id', string>>>>();
    const params: PathParams<'/post/{id}/{slug}'> = { id: '1', slug: 'a' };
    // @ts-expect-error a placeholder is missing
    const missing: PathParams<'/post/{id}/{slug}'> = { id: '1' };
    expect([params.id, params.slug, missing]).toEqual(['1', 'a', { id: '1' }]);
  });

  it('gives a string map for a path that is not a literal type', () => {
    assertType<Equal<PathParams<string>, Readonly<Record<string, string>>>>();
    expect(true).toBe(true);
  });
});
