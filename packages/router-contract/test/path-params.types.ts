// Compile-time checks of ParamNames and PathParams: the typecheck task fails when a type is wrong.
// Jest does not collect this file; there is nothing to run.
import type { ParamNames, PathParams } from '../src';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

/** ParamNames lists the placeholder names of a literal path. */
export type ParamNamesChecks = [
  Expect<Equal<ParamNames<'/post/{id}/comment/{commentId}'>, 'id' | 'commentId'>>,
  Expect<Equal<ParamNames<'/api/v{version}/me'>, 'version'>>,
  Expect<Equal<ParamNames<'/about'>, never>>,
];

/** An inline constraint is not part of the name, whatever braces it holds (FastRoute's pairing rule). */
export type InlineConstraintChecks = [
  Expect<Equal<ParamNames<'/notes/{id:\\d+}'>, 'id'>>,
  Expect<Equal<ParamNames<'/notes/{id:\\d{2,4}}'>, 'id'>>,
  Expect<Equal<ParamNames<'/c/{code:[a-z]{2}-\\d{3}}/{slug}'>, 'code' | 'slug'>>,
  Expect<Equal<ParamNames<'/x/{a:a{2}b{3}}/{b}'>, 'a' | 'b'>>,
  Expect<Equal<ParamNames<'/x/{a:(?:a{1,2}){2}}-{b:x|y}.{c}'>, 'a' | 'b' | 'c'>>,
  Expect<Equal<ParamNames<'/v{version:\\d+}/{lang:en|fr}/{page}'>, 'version' | 'lang' | 'page'>>,
  Expect<Equal<PathParams<'/notes/{id:\\d+}'>, Readonly<Record<'id', string>>>>,
];

/** PathParams maps each name to a string, and gives a string map for a path that is not a literal type. */
export type PathParamsChecks = [
  Expect<Equal<PathParams<'/post/{id}'>, Readonly<Record<'id', string>>>>,
  Expect<Equal<PathParams<string>, Readonly<Record<string, string>>>>,
];

export const complete: PathParams<'/post/{id}/{slug}'> = { id: '1', slug: 'a' };
// @ts-expect-error a placeholder is missing
export const missing: PathParams<'/post/{id}/{slug}'> = { id: '1' };

export const constrained: PathParams<'/notes/{id:\\d{2,4}}'> = { id: '42' };
// @ts-expect-error the constraint is not part of the name
export const constraintInName: PathParams<'/notes/{id:\\d+}'> = { 'id:\\d+': '42' };
