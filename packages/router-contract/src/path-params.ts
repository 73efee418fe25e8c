/** A tuple one element longer: a counter for the depth of braces. */
export type OneMoreBrace<Depth extends readonly unknown[]> = [...Depth, unknown];
/** A tuple one element shorter. */
export type OneLessBrace<Depth extends readonly unknown[]> = Depth extends readonly [unknown, ...infer Rest]
  ? Rest
  : [];

/** `Depth` plus one for each `{` in `Text`. */
export type AddOpenings<
  Text extends string,
  Depth extends readonly unknown[],
> = Text extends `${string}{${infer Rest}` ? AddOpenings<Rest, OneMoreBrace<Depth>> : Depth;

/**
 * What follows a placeholder whose constraint still has `Depth` braces open: FastRoute's rule, each
 * `{` inside a constraint pairs with a later `}` (`{id:\d{2,4}}`), as the run-time parser reads it.
 */
export type AfterConstraint<Text extends string, Depth extends readonly unknown[]> = Depth extends []
  ? Text
  : Text extends `${infer Before}}${infer After}`
    ? AfterConstraint<After, OneLessBrace<AddOpenings<Before, Depth>>>
    : '';

/**
 * The placeholder names of a path template literal, as a union. An inline constraint is not part of
 * the name (`{id:\d+}` gives `id`), whatever braces it holds.
 *
 * @example
 * type Names = ParamNames<'/post/{id}/comment/{commentId}'>; // 'id' | 'commentId'
 * type Constrained = ParamNames<'/notes/{id:\\d{2,4}}/{slug}'>; // 'id' | 'slug'
 */
export type ParamNames<Path extends string> = Path extends `${string}{${infer Inner}}${infer Rest}`
  ? Inner extends `${infer Name}:${infer Constraint}`
    ? Name | ParamNames<AfterConstraint<Rest, AddOpenings<Constraint, []>>>
    : Inner | ParamNames<Rest>
  : never;

/**
 * The params object a route with this path template yields: one string per placeholder.
 * A path that is not a literal type gives a plain string map.
 *
 * @example
 * const params: PathParams<'/post/{id}'> = { id: '12' };
 * const notes: PathParams<'/notes/{id:\\d+}'> = { id: '42' };
 */
export type PathParams<Path extends string> = string extends Path
  ? Readonly<Record<string, string>>
  : Readonly<Record<ParamNames<Path>, string>>;
